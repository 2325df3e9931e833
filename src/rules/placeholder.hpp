#pragma once

#include <cstddef>
#include <string_view>

namespace qa::rules {

/// The length of a run of consecutive characters that marks a hand-made value: eight in a row
/// (01234567, abcdefgh, ABCDEFGH). A random token of 40 base-62 characters holds such a run with
/// odds of about one in 10^11.
inline constexpr std::size_t kSequentialRun = 8;

/// Whether `value` holds `run` or more digits or ASCII letters of one case in ascending order,
/// each the successor of the one before it: `AIzaSyA1234567890abcdef...`, `sk_live_abcdefgh...`.
/// Such values are placeholders typed by a person, not secrets drawn at random.
bool has_sequential_run(std::string_view value, std::size_t run = kSequentialRun);

/// Whether `value` was typed as a stand-in: a sequential run, or eight x's in a row
/// (`https://hooks.slack.com/services/Txxxxxxxx/...`).
bool looks_typed(std::string_view value);

}  // namespace qa::rules

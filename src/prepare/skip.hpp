#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "git/change_set.hpp"
#include "input/run_input.hpp"
#include "plan/exclude.hpp"
#include "plan/registry.hpp"

namespace qa::prepare {

/// The environment variable that skips lenses for one run, as SKIP does for pre-commit.
inline constexpr std::string_view kSkipVariable = "QA_SKILL_SKIP";

/// The lens ids of a QA_SKILL_SKIP value: separated by commas or blanks, duplicates dropped,
/// in the order given. Empty for nullptr or a blank value.
std::vector<std::string> parse_skip(const char* value);

/// Throws util::InputError (exit 2) for an id `registry` does not know, and for the security
/// and gate lenses: skipping the secret scan is what `--no-verify` is for (and the push gate
/// still runs), and the gate lens is what reports the skip.
void check_skip(const std::vector<std::string>& skip, const plan::Registry& registry);

/// requestedLensIds with the skipped lenses taken out: `requested` (every lens of `registry`
/// when nullopt) less `skip`. `requested` as it is when nothing is skipped.
std::optional<std::vector<std::string>> without_skipped(
    const std::optional<std::vector<std::string>>& requested, const std::vector<std::string>& skip,
    const plan::Registry& registry);

/// The skip as a gate change, reported by the gate plan that holds the first changed file
/// `exclude` keeps; nullopt when nothing is skipped or no file is left to report it on.
std::optional<input::GateChange> skip_change(const std::vector<std::string>& skip,
                                             const git::ChangeSet& changes,
                                             const plan::ExcludeFilter& exclude);

}  // namespace qa::prepare

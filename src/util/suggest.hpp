#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace qa::util {

/// The edit distance between `a` and `b` (insertions, deletions, substitutions and swaps of two
/// neighbouring characters each count 1: `enabeld` is 1 from `enabled`).
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `word` when it is close enough to be a misspelling of it: at most
/// 1 edit for a word of up to 3 characters, 2 up to 7, 3 beyond. Of equally close candidates,
/// the first. nullopt when none is close, or when `word` is itself a candidate.
std::optional<std::string> closest(std::string_view word, std::span<const std::string> candidates);

/// " (did you mean `x`?)" for closest(), or an empty string: for messages about an unknown name,
/// after the words it qualifies ("unknown key (did you mean `enabled`?); expected ...").
std::string did_you_mean(std::string_view word, std::span<const std::string> candidates);

}  // namespace qa::util

#pragma once

#include <string>
#include <string_view>

namespace qa::rules {

/// `pattern` with every counted repetition `x{n}`, `x{n,}` and `x{n,m}` written `x{k,}`,
/// k = min(n, at_most): a pattern that matches wherever `pattern` does (every regex operator is
/// monotone, and x{k,} holds every count x{n,m} allows), for a candidate set only.
///
/// Why: a set's DFA tracks every position of a count at once. `[A-Za-z0-9]{36}` beside a
/// hundred other patterns is 36 states times what the others are doing; `[A-Za-z0-9]{4,}` is
/// five. Such a set compiles in a fifth of the time and builds fewer states on new text, and
/// the rule's own regex, which still counts, decides what matches.
///
/// Braces inside a character class, escaped (`\{`) or quoted (`\Q...\E`) are left as they are.
std::string relaxed_repetition(std::string_view pattern, int at_most);

}  // namespace qa::rules

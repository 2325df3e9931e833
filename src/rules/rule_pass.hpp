#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "rules/line_index.hpp"
#include "rules/rule.hpp"
#include "rules/rule_match.hpp"

namespace qa::rules {

/// A match before ordering, with what deduplication needs.
struct Found {
    RuleMatch match;
    std::size_t ruleIndex;
    std::size_t offset;
};

/// Which of a rule's value filters discards a value (its secret, or its whole match).
enum class Discard { none, typed, allowlistRegex, stopword, entropy };

/// What the value filters say of `value`: `which` is the index of the allowlist regex or
/// stopword that discards it. run_rule() drops exactly the values this discards, and `qa-skill
/// config check` says which filter did for a positive example that finds nothing.
struct FilterVerdict {
    Discard why = Discard::none;
    std::size_t which = 0;
};
FilterVerdict filter_of(const Rule& rule, std::string_view value);

/// Whether `rule` looks at `input`'s file: its language is one of the rule's, and no path
/// allowlist glob matches.
bool applies_to(const Rule& rule, const ScanInput& input);

/// Runs one rule's own regex over the buffer and keeps the matches that survive its keyword,
/// allowlist and entropy filters. With `keyword_lines_only` the regex looks only at the lines
/// holding one of the rule's keywords, which finds the same matches: for a rule the shared set
/// gates by its keywords, whose keywords may be common while its matches are rare.
void run_rule(const Rule& rule, std::size_t index, const ScanInput& input, const LineIndex& lines,
              bool keyword_lines_only, std::vector<Found>& out);

}  // namespace qa::rules

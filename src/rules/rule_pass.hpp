#pragma once

#include <cstddef>
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

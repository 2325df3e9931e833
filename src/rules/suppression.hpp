#pragma once

#include <cstdint>
#include <functional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/rule_set.hpp"

namespace qa::rules {

/// The text that starts an inline suppression directive.
inline constexpr std::string_view kAllowDirective = "qa-skill: allow";

/// The text that starts a file-level directive: `qa-skill: allow-file <rule-id>[, ...] --
/// <reason>` anywhere in the file, for the checks that judge the file as a whole (hygiene).
inline constexpr std::string_view kAllowFileDirective = "qa-skill: allow-file";

/// What a directive may name.
enum class RuleScope {
    unknown,  ///< no rule has this id
    line,     ///< a rule whose findings are suppressed on their line
    file,     ///< a file check (hygiene): also by `qa-skill: allow-file`
};
using RuleKnown = std::function<RuleScope(std::string_view rule_id)>;
/// What to add to the message about an unknown id: " (did you mean `x`?)" or nothing.
using RuleSuggest = std::function<std::string(std::string_view rule_id)>;

/// What is wrong with the directives in a comment of `line`, one message each: malformed
/// (`qa-skill:allow`, no rule id), without ` -- <reason>` (it then suppresses nothing), naming
/// an id `known` does not know, or `allow-file` naming a rule judged per line. A rule id may be
/// written `<lens>/<id>`, as SARIF and the reports show it: `known` is asked for the id as
/// written, then without its lens. Empty when every directive is fine.
/// A directive inside a string literal or backticks (an odd number of '"' or '`' before it)
/// quotes the syntax, in documentation or a test: it is not judged. `suggest`, when given, adds
/// the id an unknown one probably meant.
std::vector<std::string> directive_problems(std::string_view line, const RuleKnown& known,
                                            const RuleSuggest& suggest = {});

/// The rule ids (without their `<lens>/`) that the well-formed directives of `line`, line-level
/// or file-level, with a reason, suppress: what a line adding them gives up.
std::set<std::string> allowed_ids(std::string_view line);

/// The rule ids that a `qa-skill: allow-file <ids> -- <reason>` directive in a comment of
/// `content` names (with a reason): their findings anywhere in that file are suppressed.
std::set<std::string> file_allowed_ids(std::string_view content);

/// Whether a finding of `rule_id` on `line` is suppressed by an inline comment
/// `qa-skill: allow <rule-id>[, <rule-id>...] -- <reason>`, either trailing `line` itself or
/// alone on `previous_line` (a comment-only line). The reason is required: a directive without
/// ` -- <reason>` suppresses nothing, so every exception explains itself in review. A rule id
/// may be written `<lens>/<id>` (`security/aws-access-key-id`).
bool suppressed(std::string_view line, std::string_view previous_line, std::string_view rule_id);

/// The suppressions that took effect while one file was scanned: the line and rule of each
/// finding a directive suppressed.
class SuppressionLog {
  public:
    void record(std::uint32_t line, std::string_view rule_id) {
        used_.emplace(line, std::string(rule_id));
    }
    bool contains(std::uint32_t line, std::string_view rule_id) const {
        return used_.count({line, std::string(rule_id)}) > 0;
    }

  private:
    std::set<std::pair<std::uint32_t, std::string>> used_;
};

/// One rule id of a directive on an added line that suppressed nothing.
struct UnusedSuppression {
    std::uint32_t line = 0;  ///< the directive's line
    std::string ruleId;      ///< the rule it names
    std::string contentKey;  ///< the rule id and the trimmed line: identifies it by content
};

/// What unused_suppressions() looks at in one file.
struct UnusedSuppressionInput {
    const RuleSet& rules;
    /// The rules the calling lens (sub-lens) runs: only their ids are judged, as another lens
    /// owns the others.
    std::function<bool(const Rule&)> owns;
    std::string_view path;
    std::string_view language;
    std::span<const std::uint32_t> addedLines;  ///< ascending line numbers of the added lines
    std::string_view content;                   ///< the whole new file
    const SuppressionLog& log;                  ///< what the scan suppressed
};

/// The directives with a reason on added lines whose rule ids suppressed no finding, in line
/// and id order. A directive is used when a finding of its rule on its own line was suppressed,
/// or, for a directive alone on its line, on the line below; when the scan did not cover that
/// line (an unchanged line under a new comment), the line is matched here against the rule.
std::vector<UnusedSuppression> unused_suppressions(const UnusedSuppressionInput& input);

}  // namespace qa::rules

#pragma once

#include <string_view>

namespace qa::rules {

/// Whether a finding of `rule_id` on `line` is suppressed by an inline comment
/// `qa-skill: allow <rule-id>[, <rule-id>...] -- <reason>`, either trailing `line` itself or
/// alone on `previous_line` (a comment-only line). The reason is required: a directive without
/// ` -- <reason>` suppresses nothing, so every exception explains itself in review.
bool suppressed(std::string_view line, std::string_view previous_line, std::string_view rule_id);

}  // namespace qa::rules

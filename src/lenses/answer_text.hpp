#pragma once

#include <string>
#include <string_view>

#include "json/value.hpp"
#include "rules/rule_set.hpp"

namespace qa::lenses {

/// What another program wrote (an external lens's answer, a model's answer) is data: these make
/// it fit to be stored and shown. One mechanism for every lens that reports someone else's words.

/// Whether `id` may be a rule id taken from an answer: `[A-Za-z0-9._/-]{1,128}`. Nothing else
/// reaches a report, a suppression directive or a baseline entry.
bool valid_answer_rule_id(std::string_view id);

/// `text` as it may be stored and shown: every secret the credential rules of `credentials` find
/// in it masked (rules::without_secrets), control characters (C0, DEL, and C1 written as
/// UTF-8) replaced by a space. `file` is the file the text is about (for the rules' path
/// allowlists).
std::string clean_answer_text(const rules::RuleSet& credentials, std::string_view file,
                              std::string_view text);

/// clean_answer_text() applied to every string of `value` (member names too), recursively.
json::Value clean_answer_value(const rules::RuleSet& credentials, std::string_view file,
                               const json::Value& value);

}  // namespace qa::lenses

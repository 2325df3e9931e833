#pragma once

#include "json/value.hpp"
#include "rules/rule_set.hpp"

namespace qa::lenses::model {

/// A model's answer (valid against model-findings.v1, so every ruleId is already
/// `[A-Za-z0-9._/-]{1,128}`) as data that may be stored and shown: each finding's summary and
/// rationale passed through the credential rules of `credentials` and stripped of control
/// characters, as an external lens's answer is (lenses::clean_answer_text). Idempotent, so an
/// answer cleaned before it was cached may be cleaned again when it is replayed.
json::Value cleaned_model_answer(const rules::RuleSet& credentials, const json::Value& answer);

}  // namespace qa::lenses::model

#pragma once

#include <string>

#include "rules/rule_set.hpp"

namespace qa::rules {

/// The first positive example of `rule` (a rule of `set`, read with its examples) as `qa-skill
/// rules show` prints it: the secret it captures masked (mask_secret()), so that no listing of
/// the rules looks like a leaked credential. Empty when the rule has no positive example.
std::string shown_example(const RuleSet& set, const Rule& rule);

}  // namespace qa::rules

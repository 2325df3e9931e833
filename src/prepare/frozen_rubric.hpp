#pragma once

#include <memory>
#include <set>
#include <string>

#include "config/config.hpp"
#include "rubric/rubric.hpp"

namespace qa::prepare {

/// The frozen rubric the configuration names (config.rubric, read from the tree under test),
/// verified: nullptr when the consistency lens names none. A draft, a file whose bytes no longer
/// match its rubricHash or that records another version is a ConfigError (exit 2) at
/// `lenses.consistency.rubric_version`, naming the rubric file: never silently used.
std::shared_ptr<const rubric::Rubric> frozen_rubric(const config::Config& config);

/// The ids of `rubric`'s rules: what `[rules.<id>]` may name besides the built-in rules.
std::set<std::string> rubric_rule_ids(const rubric::Rubric* rubric);

}  // namespace qa::prepare

#pragma once

#include <set>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "contracts/types.hpp"
#include "input/run_input.hpp"

namespace qa::verdict {

/// Applies a repository's `[rules.<id>]` and `[lenses.<id>] block_at` to the lenses' results,
/// after the lenses ran and before the baseline and the verdict:
/// - `enabled = false`: the rule's findings are dropped, and the lens's evidenceSummary says how
///   many (never silently);
/// - `severity = "..."`: replaces the rule's severity;
/// - `block_at = "<severity>"`: in that lens exactly the findings at or above it block (without
///   it, each rule's own `blocking` decides); `invalid-suppression` and `unused-suppression`
///   never block.
void apply_rule_overrides(const input::RunInput& input,
                          std::vector<contracts::LensResult>& results);

/// Throws config::ConfigError, naming the table's position, for a `[rules.<id>]` whose id is not
/// in `known_ids`.
void check_rule_ids(const config::Config& config, const std::set<std::string>& known_ids);

}  // namespace qa::verdict

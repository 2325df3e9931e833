#pragma once

#include <string>
#include <vector>

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

}  // namespace qa::verdict

#pragma once

#include <vector>

#include "contracts/types.hpp"

namespace qa::verdict {

/// Sums usage: each field is the sum of the known figures, or null (with the first reason met,
/// in planOrdinal order, else MISSING_USAGE_DATA) as soon as any result does not know it.
contracts::UsageMetrics aggregate_usage(const std::vector<contracts::LensResult>& results);

/// Applies the budgets (seed "SLOs and Budget Targets", test 7) to results in planOrdinal order:
/// a lens whose usage passes its plan's maxInputTokens/maxOutputTokens/maxCostUsd gets
/// BUDGET_LENS_EXCEEDED; once the run's running total passes runBudgetMaxTokens or
/// runBudgetMaxCostUsd, the lens that crossed it and every later one get BUDGET_RUN_EXCEEDED.
/// Each affected lens then follows its plan's overflowPolicy:
/// - stop: status failed (a required lens then fails the run);
/// - skip: status skipped, findings dropped, degraded;
/// - escalate: findings kept, degraded, the code recorded as a warning for a human to look at.
void apply_budgets(const contracts::SkillInput& input,
                   const std::vector<contracts::LensPlan>& plans,
                   std::vector<contracts::LensResult>& results);

/// The verdict (seed "PASS/FAIL Semantics"), a pure function of its arguments:
/// PASS only when every required plan has a completed result and no finding blocks; strict
/// also fails on any degraded required result; best_effort passes with degraded=true when only
/// non-required lenses degraded and their codes say so. `run_codes` are run-level codes (base-ref
/// fallbacks, DIFF_TOO_LARGE, PLAN_CONFIDENCE_LOW_BROAD_SCAN) folded into errorCodes;
/// BASE_REF_RESOLUTION_FAILED among them is a FAIL whatever the lenses said (nothing was
/// checked).
contracts::FinalVerdict aggregate(contracts::RunMode mode,
                                  const std::vector<contracts::LensPlan>& plans,
                                  const std::vector<contracts::LensResult>& results,
                                  const std::vector<contracts::ErrorCode>& run_codes);

}  // namespace qa::verdict

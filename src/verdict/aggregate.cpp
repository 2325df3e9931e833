#include "verdict/aggregate.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "contracts/enums.hpp"
#include "contracts/finding_order.hpp"

namespace qa::verdict {
namespace {

using contracts::ErrorCode;
using contracts::LensStatus;

void add_code(std::vector<ErrorCode>& codes, ErrorCode code) {
    if (std::find(codes.begin(), codes.end(), code) == codes.end()) {
        codes.push_back(code);
    }
}

std::vector<ErrorCode> sorted_unique(std::vector<ErrorCode> codes) {
    std::sort(codes.begin(), codes.end(), [](ErrorCode a, ErrorCode b) {
        return contracts::to_string(a) < contracts::to_string(b);
    });
    codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
    return codes;
}

template <class T>
void sum_into(std::optional<T>& total, const std::optional<T>& part, bool& unknown) {
    if (!part) {
        unknown = true;
    } else if (total) {
        *total += *part;
    }
}

}  // namespace

contracts::UsageMetrics aggregate_usage(const std::vector<contracts::LensResult>& results) {
    contracts::UsageMetrics total;
    total.inputTokens = 0;
    total.outputTokens = 0;
    total.totalTokens = 0;
    total.costUsd = 0.0;
    std::optional<contracts::UsageUnavailableReason> reason;
    for (const auto& r : results) {
        bool unknown = false;
        sum_into(total.inputTokens, r.usage.inputTokens, unknown);
        sum_into(total.outputTokens, r.usage.outputTokens, unknown);
        sum_into(total.totalTokens, r.usage.totalTokens, unknown);
        sum_into(total.costUsd, r.usage.costUsd, unknown);
        if (!r.usage.inputTokens)
            total.inputTokens.reset();
        if (!r.usage.outputTokens)
            total.outputTokens.reset();
        if (!r.usage.totalTokens)
            total.totalTokens.reset();
        if (!r.usage.costUsd)
            total.costUsd.reset();
        if (unknown && !reason) {
            reason = r.usage.unavailableReason.value_or(
                contracts::UsageUnavailableReason::MISSING_USAGE_DATA);
        }
    }
    total.unavailableReason = reason;
    return total;
}

void apply_budgets(const contracts::SkillInput& input,
                   const std::vector<contracts::LensPlan>& plans,
                   std::vector<contracts::LensResult>& results) {
    std::int64_t run_tokens = 0;
    double run_cost = 0;
    bool run_exceeded = false;
    for (auto& r : results) {
        const auto plan_it = std::find_if(plans.begin(), plans.end(), [&](const auto& p) {
            return p.planOrdinal == r.planOrdinal;
        });
        if (plan_it == plans.end()) {
            continue;
        }
        const contracts::LensPlan& plan = *plan_it;
        const std::int64_t in = r.usage.inputTokens.value_or(0);
        const std::int64_t out = r.usage.outputTokens.value_or(0);
        const double cost = r.usage.costUsd.value_or(0.0);
        std::optional<ErrorCode> code;
        // A budget of 0 tokens means "this lens spends no tokens" (rule lenses): not a limit.
        if ((plan.maxInputTokens > 0 && in > plan.maxInputTokens) ||
            (plan.maxOutputTokens > 0 && out > plan.maxOutputTokens) ||
            (plan.maxCostUsd && cost > *plan.maxCostUsd)) {
            code = ErrorCode::BUDGET_LENS_EXCEEDED;
        }
        run_tokens += r.usage.totalTokens.value_or(in + out);
        run_cost += cost;
        if (run_exceeded || run_tokens > input.runBudgetMaxTokens ||
            (input.runBudgetMaxCostUsd && run_cost > *input.runBudgetMaxCostUsd)) {
            run_exceeded = true;
            code = ErrorCode::BUDGET_RUN_EXCEEDED;
        }
        if (!code) {
            continue;
        }
        r.degraded = true;
        switch (plan.overflowPolicy) {
            case contracts::OverflowPolicy::stop:
                r.status = LensStatus::failed;
                add_code(r.errorCodes, *code);
                break;
            case contracts::OverflowPolicy::skip:
                r.status = LensStatus::skipped;
                r.findings.clear();
                add_code(r.errorCodes, *code);
                break;
            case contracts::OverflowPolicy::escalate:
                r.status = LensStatus::degraded;
                add_code(r.warningCodes, *code);
                break;
        }
    }
}

contracts::FinalVerdict aggregate(contracts::RunMode mode,
                                  const std::vector<contracts::LensPlan>& plans,
                                  const std::vector<contracts::LensResult>& results,
                                  const std::vector<ErrorCode>& run_codes) {
    contracts::FinalVerdict v;
    v.schemaVersion = "final-verdict.v1";
    std::vector<ErrorCode> codes = run_codes;

    std::map<std::int64_t, const contracts::LensResult*> by_ordinal;
    for (const auto& r : results) {
        by_ordinal[r.planOrdinal] = &r;
    }
    std::set<std::string> required, missing, failed;
    bool required_degraded = false, optional_degraded = false;
    for (const auto& plan : plans) {
        const auto it = by_ordinal.find(plan.planOrdinal);
        const contracts::LensResult* r = it == by_ordinal.end() ? nullptr : it->second;
        if (plan.required) {
            required.insert(plan.lensId);
        }
        if (r == nullptr) {
            if (plan.required) {
                missing.insert(plan.lensId);
                add_code(codes, ErrorCode::LENS_REQUIRED_MISSING);
            } else {
                optional_degraded = true;
            }
            continue;
        }
        for (ErrorCode c : r->errorCodes) {
            add_code(codes, c);
        }
        const bool incomplete = r->status != LensStatus::completed;
        if (plan.required &&
            (r->status == LensStatus::failed || r->status == LensStatus::skipped)) {
            failed.insert(plan.lensId);
            add_code(codes, ErrorCode::LENS_REQUIRED_FAILED);
        } else if (incomplete || r->degraded) {
            (plan.required ? required_degraded : optional_degraded) = true;
            // A degraded verdict carries its codes: an escalated budget or an omitted context
            // is a warning of its lens, and the reason the run degraded.
            for (ErrorCode c : r->warningCodes) {
                add_code(codes, c);
            }
        }
    }

    for (const auto& r : results) {
        for (const auto& f : r.findings) {
            if (f.blocking) {
                v.blockingFindings.push_back(f);
            }
        }
    }
    contracts::sort_findings(v.blockingFindings);
    v.errorCodes = sorted_unique(codes);
    v.requiredLensIds.assign(required.begin(), required.end());
    v.missingRequiredLensIds.assign(missing.begin(), missing.end());
    v.failedRequiredLensIds.assign(failed.begin(), failed.end());
    v.aggregateUsage = aggregate_usage(results);

    // Degradation passes only in best_effort, only outside the required scope, and only when a
    // deterministic code explains it.
    const bool explained =
        !v.errorCodes.empty() || std::any_of(results.begin(), results.end(),
                                             [](const auto& r) { return !r.warningCodes.empty(); });
    bool pass = missing.empty() && failed.empty() && v.blockingFindings.empty();
    if (required_degraded) {
        pass = false;  // in both modes: best_effort tolerates only non-required degradation
    }
    if (optional_degraded && !explained) {
        pass = false;  // unexplained degradation is never a PASS
    }
    if (required_degraded) {
        v.rationale.push_back(
            "a required lens degraded: " +
            std::string(mode == contracts::RunMode::strict
                            ? "strict mode fails on required-scope degradation"
                            : "best_effort passes only non-required degradation"));
    }
    v.degraded = required_degraded || optional_degraded;
    v.status = pass ? contracts::VerdictStatus::PASS : contracts::VerdictStatus::FAIL;
    if (!v.blockingFindings.empty()) {
        v.rationale.push_back(std::to_string(v.blockingFindings.size()) + " blocking finding(s)");
    }
    for (const auto& id : v.missingRequiredLensIds) {
        v.rationale.push_back("required lens did not run: " + id);
    }
    for (const auto& id : v.failedRequiredLensIds) {
        v.rationale.push_back("required lens failed: " + id);
    }
    if (optional_degraded) {
        v.rationale.push_back(explained ? "non-required lenses degraded (see errorCodes)"
                                        : "non-required lenses degraded without a code");
    }
    if (pass) {
        v.rationale.push_back(plans.empty()
                                  ? "nothing to check"
                                  : "all required lenses completed with no blocking finding");
    }
    // Without a base there is no change to check: never a PASS.
    if (std::find(run_codes.begin(), run_codes.end(), ErrorCode::BASE_REF_RESOLUTION_FAILED) !=
        run_codes.end()) {
        v.status = contracts::VerdictStatus::FAIL;
        v.rationale.push_back("no base ref resolved: nothing was checked");
    }
    return v;
}

}  // namespace qa::verdict

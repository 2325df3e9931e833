#include "verdict/decide.hpp"

#include <algorithm>

#include "baseline/apply.hpp"
#include "contracts/enums.hpp"
#include "verdict/aggregate.hpp"
#include "verdict/rule_overrides.hpp"

namespace qa::verdict {

Decision decide(const input::RunInput& input, const std::vector<contracts::LensPlan>& plans,
                std::vector<contracts::LensResult> results, const RunFacts& facts) {
    Decision d;
    apply_budgets(input.skill, plans, results);
    apply_rule_overrides(input, results);
    if (facts.baseline != nullptr) {
        d.baselineAccepted =
            baseline::apply(*facts.baseline, facts.baselineSource, results,
                            facts.exactKeys != nullptr ? *facts.exactKeys : baseline::ExactKeys{},
                            &d.baselineUnverifiable);
    }
    d.finalVerdict = aggregate(input.skill.runMode, plans, results, facts.runCodes);
    auto& rationale = d.finalVerdict.rationale;
    // Which configuration decided (the tree's, an explicit --config, or the default), so a
    // reader of the artifacts can tell; configHash says which bytes.
    rationale.push_back("configuration: " + facts.configSource);
    if (d.baselineAccepted > 0) {
        rationale.push_back(std::to_string(d.baselineAccepted) +
                            " finding(s) accepted by the baseline " + facts.baselineSource);
    }
    if (d.baselineUnverifiable > 0) {
        rationale.push_back(std::to_string(d.baselineUnverifiable) +
                            " finding(s) match only by the masked form of a secret an entry of the "
                            "baseline " +
                            facts.baselineSource +
                            " written before baselines were salted: not accepted; refresh it with "
                            "'qa-skill baseline create' and commit it");
    }
    // Excluded files are counted where a reader of the artifacts looks, never dropped silently.
    if (facts.excludedFiles > 0) {
        rationale.push_back(std::to_string(facts.excludedFiles) +
                            " changed file(s) excluded by the exclude patterns of " +
                            facts.configSource);
    }
    for (const auto& [lens, count] : facts.excludedByLens) {
        rationale.push_back(std::to_string(count) + " file(s) excluded from " + lens +
                            " by lenses." + lens + ".exclude");
    }
    d.lensResults = std::move(results);
    return d;
}

void add_commits(const FindingCommits& commits, Decision& decision) {
    add_commits(commits, decision.lensResults);
    add_commits(commits, decision.finalVerdict.blockingFindings);
}

contracts::FinalVerdict artifact_invalid(contracts::FinalVerdict verdict, const std::string& why) {
    verdict.status = contracts::VerdictStatus::FAIL;
    verdict.errorCodes.push_back(contracts::ErrorCode::ARTIFACT_SCHEMA_INVALID);
    verdict.rationale.push_back(why);
    return verdict;
}

contracts::FinalVerdict drifted(contracts::FinalVerdict verdict, contracts::RunMode mode,
                                const std::string& why) {
    if (mode == contracts::RunMode::strict) {
        verdict.status = contracts::VerdictStatus::FAIL;
    }
    verdict.degraded = true;
    auto& codes = verdict.errorCodes;
    if (std::find(codes.begin(), codes.end(), contracts::ErrorCode::DETERMINISM_DRIFT_DETECTED) ==
        codes.end()) {
        codes.push_back(contracts::ErrorCode::DETERMINISM_DRIFT_DETECTED);
        std::sort(codes.begin(), codes.end(),
                  [](auto a, auto b) { return contracts::to_string(a) < contracts::to_string(b); });
    }
    verdict.rationale.push_back(why);
    return verdict;
}

}  // namespace qa::verdict

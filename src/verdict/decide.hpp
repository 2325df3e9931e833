#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "baseline/baseline.hpp"
#include "baseline/exact_keys.hpp"
#include "contracts/types.hpp"
#include "input/run_input.hpp"
#include "verdict/commit_evidence.hpp"

namespace qa::verdict {

/// What the steps before decide found that a verdict states, besides the plans and results.
struct RunFacts {
    /// Run-level codes: base-ref fallbacks, DIFF_TOO_LARGE, PLAN_CONFIDENCE_LOW_BROAD_SCAN.
    std::vector<contracts::ErrorCode> runCodes;
    /// The baseline of the tree under test and where it came from; null: none.
    const baseline::Baseline* baseline = nullptr;
    std::string baselineSource;
    /// The exact hashes of the guessable secrets the lenses found (baseline/exact_keys.hpp), for
    /// the baseline's salted fingerprints; null: none.
    const baseline::ExactKeys* exactKeys = nullptr;
    /// The commit each blocking credential finding lies in, found in git from the settled
    /// findings (orchestrator/finding_commits.hpp): decide adds it to their evidence before the
    /// verdict copies the blocking findings; it never changes a status. Empty: none.
    FindingCommits commits;
    std::string configSource;  ///< which configuration decided (Config::source)
    /// Changed files the top-level exclude patterns removed, and per lens its own.
    std::size_t excludedFiles = 0;
    std::map<std::string, std::size_t> excludedByLens;
};

/// The lens results with every status rule on findings applied: what verdict::settle returns and
/// verdict::decide takes.
struct Settled {
    std::vector<contracts::LensResult> results;  ///< by planOrdinal
    std::size_t baselineAccepted = 0;            ///< findings the baseline accepted
    std::size_t baselineUnverifiable = 0;        ///< see Decision::baselineUnverifiable
};

/// A decided run: the lens results as the artifacts record them and the verdict.
struct Decision {
    std::vector<contracts::LensResult> lensResults;
    contracts::FinalVerdict finalVerdict;
    std::size_t baselineAccepted = 0;  ///< findings the baseline accepted (still listed)
    /// Findings an entry of an older baseline matched only by a secret's masked form: not
    /// accepted, and the rationale says how to refresh the file.
    std::size_t baselineUnverifiable = 0;
};

/// The status rules on findings, a pure function, in this order: the budgets (each plan's and
/// the run's, by overflowPolicy: apply_budgets), the repository's `[rules.<id>]` and `block_at`
/// (apply_rule_overrides), the baseline (facts.baseline, baseline::apply). `results` are the
/// lenses' as they returned them, by planOrdinal.
Settled settle(const input::RunInput& input, const std::vector<contracts::LensPlan>& plans,
               std::vector<contracts::LensResult> results, const RunFacts& facts);

/// The verdict of settled results, a pure function: the commits of blocking credentials
/// (facts.commits), then the verdict by run mode and requiredness (aggregate) with every
/// rationale line a reader needs: which configuration decided, what the baseline accepted (and
/// what an older baseline could not check), which files were excluded.
Decision decide(const input::RunInput& input, const std::vector<contracts::LensPlan>& plans,
                Settled settled, const RunFacts& facts);

/// The verdict of a run whose artifacts break their schema (nothing of it was written): FAIL
/// with ARTIFACT_SCHEMA_INVALID and `why`.
contracts::FinalVerdict artifact_invalid(contracts::FinalVerdict verdict, const std::string& why);

/// The verdict of a run whose executionKey already had a run folder with other hashed bytes
/// (`why` names both folders): DETERMINISM_DRIFT_DETECTED, a FAIL in strict mode, degraded in
/// best_effort.
contracts::FinalVerdict drifted(contracts::FinalVerdict verdict, contracts::RunMode mode,
                                const std::string& why);

}  // namespace qa::verdict

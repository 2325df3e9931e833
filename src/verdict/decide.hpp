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
    std::string configSource;  ///< which configuration decided (Config::source)
    /// Changed files the top-level exclude patterns removed, and per lens its own.
    std::size_t excludedFiles = 0;
    std::map<std::string, std::size_t> excludedByLens;
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

/// The verdict of a run, a pure function that owns every status rule, in this order: the
/// budgets (each plan's and the run's, by overflowPolicy: apply_budgets), the repository's
/// `[rules.<id>]` and `block_at` (apply_rule_overrides), the baseline (facts.baseline,
/// baseline::apply), then the verdict by run mode and requiredness with its degradation codes
/// (aggregate) and every rationale line a reader needs: which configuration decided, what the
/// baseline accepted (and what an older baseline could not check), which files were excluded.
/// `results` are the lenses' as they returned them, by planOrdinal. The commits of blocking
/// credentials are evidence, not status: add_commits names them afterwards.
Decision decide(const input::RunInput& input, const std::vector<contracts::LensPlan>& plans,
                std::vector<contracts::LensResult> results, const RunFacts& facts);

/// Adds to each blocking credential finding of `decision`, in its lens result and in the
/// verdict's blockingFindings alike, the commit `commits` names for it (commit_evidence.hpp).
/// Changes no status.
void add_commits(const FindingCommits& commits, Decision& decision);

/// The verdict of a run whose artifacts break their schema (nothing of it was written): FAIL
/// with ARTIFACT_SCHEMA_INVALID and `why`.
contracts::FinalVerdict artifact_invalid(contracts::FinalVerdict verdict, const std::string& why);

/// The verdict of a run whose executionKey already had a run folder with other hashed bytes
/// (`why` names both folders): DETERMINISM_DRIFT_DETECTED, a FAIL in strict mode, degraded in
/// best_effort.
contracts::FinalVerdict drifted(contracts::FinalVerdict verdict, contracts::RunMode mode,
                                const std::string& why);

}  // namespace qa::verdict

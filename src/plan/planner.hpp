#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "input/run_input.hpp"
#include "plan/classify.hpp"
#include "plan/registry.hpp"

namespace qa::plan {

/// A changed file as the planner sees it.
struct PlanFile {
    std::string path;
    FileClass fileClass;
    std::size_t changedLines = 0;  ///< added + removed
    std::size_t contextBytes = 0;  ///< bytes of its diff hunks (the default context)
    std::size_t fileBytes = 0;     ///< bytes of the whole new file (full context)
    std::string contentId;         ///< new blob id (old for a deletion): part of scopeDigest
};

/// Everything the planner decided, in queue order.
struct PlanOutcome {
    /// planOrdinal == index. The orchestrator moves them into SkillResult::lensPlans (each names
    /// every file it reads: one copy of them a run).
    std::vector<contracts::LensPlan> plans;
    std::vector<contracts::ErrorCode> codes;  ///< run level: DIFF_TOO_LARGE, PLAN_CONFIDENCE_...
    double confidence = 1.0;                  ///< share of changed files some trigger matched
    DiffBucket bucket = DiffBucket::small;
    std::size_t changedFiles = 0;
    std::size_t changedLines = 0;
    std::vector<std::string> filesOverCap;  ///< left out of some plan by the hard cap
    /// Changed files the top-level `exclude` patterns removed before planning (not counted in
    /// changedFiles), and per lens id the files its own `exclude` kept out of its plans.
    std::size_t excludedFiles = 0;
    std::map<std::string, std::size_t> excludedByLens;
};

/// The deterministic planner (seed 002 flow steps 3 to 5): selects the minimal set of enabled
/// lenses whose triggers match, widens to a broad scan when confidence is under the registry's
/// threshold, bounds the context of model and execution lenses (the hard cap and
/// max_context_bytes: omittedFiles, DIFF_TOO_LARGE / CONTEXT_BOUND_EXCEEDED, never a silent
/// drop), gives rule lenses every file they trigger on, cut into shards of about 4 MiB in path
/// order so the worker pool shares a large scope, assigns budgets and permission profiles,
/// digests each scope and sorts by the seed's queue key:
/// required DESC, lensClassPriority ASC, lensId ASC, subLensId ASC (null first), scopeDigest ASC.
/// Each lens's settings, the caps and the exclude patterns are `input`'s (never the Config).
/// A pure function: the same arguments give the same plans, byte for byte (the number of
/// workers is not an argument).
PlanOutcome make_plans(const Registry& registry, const input::RunInput& input,
                       std::vector<PlanFile> files,
                       const std::optional<std::vector<std::string>>& requested_lens_ids);

/// Sorts plans by the queue key and renumbers planOrdinal.
void sort_queue(const Registry& registry, std::vector<contracts::LensPlan>& plans);

}  // namespace qa::plan

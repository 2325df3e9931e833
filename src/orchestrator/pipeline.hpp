#pragma once

#include <chrono>

#include "orchestrator/change_source.hpp"
#include "orchestrator/execute.hpp"
#include "orchestrator/run.hpp"
#include "prepare/prepared.hpp"

namespace qa::orchestrator {

/// The plan step (seed flow steps 3 to 5): the target's LensPlan[] and executionKey, known
/// before anything runs, in a RunOutcome that the later steps fill in.
RunOutcome plan_target(const prepare::Prepared& prepared, const prepare::PreparedTarget& target,
                       const GitChangeSource& source);

/// One target judged: planned, executed and decided (verdict::decide), with what the write
/// step stores beside the artifacts.
struct Judged {
    RunOutcome outcome;
    Executed executed;
    json::Value timings;  ///< timings.v1
};

/// plan_target, Execution::run and verdict::decide for one target: what run() writes and a
/// replay compares.
Judged judge(const prepare::Prepared& prepared, const Execution& execution,
             const prepare::PreparedTarget& target);

}  // namespace qa::orchestrator

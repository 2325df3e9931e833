#include "orchestrator/pipeline.hpp"

#include <thread>

#include "contracts/enums.hpp"
#include "contracts/hashing.hpp"
#include "lenses/execution_commands.hpp"
#include "orchestrator/execution_key.hpp"
#include "orchestrator/finding_commits.hpp"
#include "orchestrator/plan_files.hpp"
#include "orchestrator/run_log.hpp"
#include "verdict/decide.hpp"

namespace qa::orchestrator {
namespace {

using Clock = std::chrono::steady_clock;

/// What decide needs besides the plans and results, as the earlier steps found it.
verdict::RunFacts facts_of(const prepare::PreparedTarget& target, const RunOutcome& out,
                           const Executed& executed) {
    verdict::RunFacts facts;
    for (const auto& name : target.target.baseRefCodes) {
        if (const auto code = contracts::enum_from_string<contracts::ErrorCode>(name)) {
            facts.runCodes.push_back(*code);
        }
    }
    facts.runCodes.insert(facts.runCodes.end(), out.plan.codes.begin(), out.plan.codes.end());
    if (target.baseline) {
        facts.baseline = &target.baseline->baseline;
        facts.baselineSource = target.baseline->source;
    }
    facts.exactKeys = &executed.exactKeys;
    facts.configSource = target.input.configSource;
    facts.excludedFiles = out.plan.excludedFiles;
    facts.excludedByLens = out.plan.excludedByLens;
    return facts;
}

/// Each plan's commands (execution and external lenses'), from the tree under test (its root
/// files name the language), before anything runs.
void plan_commands(const prepare::Prepared& prepared, const prepare::PreparedTarget& target,
                   std::vector<contracts::LensPlan>& plans) {
    const exec::HasRootFile has = [&](std::string_view name) {
        return target.tree.blob_id(prepared.repo, std::string(name)).has_value();
    };
    for (auto& plan : plans) {
        if (const input::LensInput* lens = target.input.lens(plan.lensId)) {
            plan.executionCommands = lenses::execution_commands(plan, *lens, has);
        }
    }
}

json::Value timings(Clock::duration plan, Clock::duration dispatch, std::size_t jobs) {
    const auto ms = [](auto d) {
        return static_cast<std::int64_t>(
            std::chrono::duration_cast<std::chrono::milliseconds>(d).count());
    };
    return json::Object{
        {"schemaVersion", "timings.v1"},
        {"planMs", ms(plan)},
        {"dispatchMs", ms(dispatch)},
        {"workers", static_cast<std::int64_t>(jobs)},
        {"hardwareConcurrency", static_cast<std::int64_t>(std::thread::hardware_concurrency())},
    };
}

}  // namespace

RunOutcome plan_target(const prepare::Prepared& prepared, const prepare::PreparedTarget& target,
                       const GitChangeSource& source) {
    RunOutcome out;
    out.label = target.target.label;
    out.baseRefCodes = target.target.baseRefCodes;
    out.baselineSource = target.baseline ? std::optional(target.baseline->source) : std::nullopt;
    out.input = target.input.skill;
    out.plan = plan::make_plans(prepared.registry, target.input,
                                plan_files(prepared.repo, target.target.changes, source),
                                target.input.skill.requestedLensIds);
    plan_commands(prepared, target, out.plan.plans);
    out.result.schemaVersion = "skill-result.v1";
    out.result.executionKey =
        execution_key(out.input, target.target.changes, target.tree, out.plan.plans);
    // One owner of the plans (each names every file it reads): moved, not copied.
    out.result.lensPlans = std::move(out.plan.plans);
    out.result.normalizedInputHash = contracts::normalized_input_hash(out.input);
    return out;
}

Judged judge(const prepare::Prepared& prepared, const Execution& execution,
             const prepare::PreparedTarget& target) {
    const auto started = Clock::now();
    const GitChangeSource source(*prepared.reader, target.target.changes,
                                 target.target.earlierCommit);
    Judged j{plan_target(prepared, target, source), {}, {}};
    RunOutcome& out = j.outcome;
    const auto planned = Clock::now();
    log_planned(execution.log(), target, out, planned - started);
    j.executed = execution.run(target, out.result.lensPlans, out.result.executionKey, source);
    const auto dispatched = Clock::now();
    const verdict::RunFacts facts = facts_of(target, out, j.executed);
    verdict::Decision decision =
        verdict::decide(target.input, out.result.lensPlans, std::move(j.executed.results), facts);
    // A credential in a commit is removed by rewriting that commit: name it in the blocking
    // findings' evidence (git, read here so that decide reads values only).
    verdict::add_commits(locate_commits(prepared.repo, target.target.changes,
                                        target.target.blameCommits, decision.lensResults),
                         decision);
    out.result.lensResults = std::move(decision.lensResults);
    out.result.finalVerdict = std::move(decision.finalVerdict);
    out.baselineAccepted = decision.baselineAccepted;
    out.baselineUnverifiable = decision.baselineUnverifiable;
    out.exactKeys = std::move(j.executed.exactKeys);
    j.timings = timings(planned - started, dispatched - planned, prepared.jobs);
    log_judged(execution.log(), out, dispatched - planned, Clock::now() - dispatched);
    return j;
}

}  // namespace qa::orchestrator

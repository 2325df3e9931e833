#include "orchestrator/run.hpp"

#include <chrono>

#include "git/error.hpp"
#include "git/libgit2.hpp"
#include "git/revisions.hpp"
#include "orchestrator/change_source.hpp"
#include "orchestrator/execute.hpp"
#include "orchestrator/pipeline.hpp"
#include "orchestrator/replay.hpp"
#include "orchestrator/run_log.hpp"
#include "orchestrator/write.hpp"
#include "prepare/prepare.hpp"
#include "util/error.hpp"
#include "verdict/decide.hpp"

namespace qa::orchestrator {
namespace {

git::Repository open_repository(const git::LibGit2& lib, const prepare::RunRequest& request) {
    try {
        return git::Repository::open(lib, request.startDir, request.gitEnv);
    } catch (const git::GitError& e) {
        throw util::InputError(std::string("not in a git repository: ") + e.what());
    }
}

/// Seed flow step 10: the run just written, replayed from its stored input. A difference is
/// DETERMINISM_DRIFT_DETECTED; a run that cannot be replayed offline says why.
void verify_determinism(const prepare::RunRequest& request, RunOutcome& out,
                        const RunControl& control) {
    try {
        const Replayed replayed = replay(request, *out.artifactDir, false, control);
        if (const auto& d = replayed.difference) {
            out.result.finalVerdict =
                verdict::drifted(std::move(out.result.finalVerdict), out.input.runMode,
                                 "DETERMINISM_DRIFT_DETECTED: the replay of this run differs in " +
                                     d->file + " at \"" + d->pointer + "\": stored " + d->stored +
                                     ", replayed " + d->replayed);
        }
    } catch (const prepare::NotReplayable& e) {
        out.result.finalVerdict.rationale.push_back(std::string("determinism not verified: ") +
                                                    e.what());
    }
}

RunReport report_of(const prepare::Prepared& prepared) {
    RunReport report;
    report.ownRules = prepared.facts.ownRules;
    report.repoRoot = prepared.repo.root();
    report.lenses = prepared.lenses;
    report.configNote = prepared.configNote;
    for (const auto& lens : prepared.registry.lenses) {
        report.lensKinds.emplace(lens.lensId, lens.kind);
    }
    return report;
}

}  // namespace

bool RunReport::passed() const {
    return std::all_of(runs.begin(), runs.end(), [](const RunOutcome& r) {
        return r.result.finalVerdict.status == contracts::VerdictStatus::PASS;
    });
}

std::string resolve_commit(const prepare::RunRequest& request, const std::string& revision) {
    const git::LibGit2 lib;
    const auto repo = open_repository(lib, request);
    if (!git::names_commit(repo.raw(), revision)) {
        throw util::InputError("'" + revision + "' names no commit of this repository");
    }
    return git::to_hex(git::resolve_commit(repo.raw(), revision));
}

RunReport plan_only(const prepare::RunRequest& request) {
    const git::LibGit2 lib;
    const auto repo = open_repository(lib, request);
    const prepare::Prepared prepared = prepare::prepare(request, repo, {});
    RunReport report = report_of(prepared);
    for (const prepare::PreparedTarget& target : prepared.targets) {
        const GitChangeSource source(*prepared.reader, target.target.changes,
                                     target.target.earlierCommit);
        report.runs.push_back(plan_target(prepared, target, source));
    }
    return report;
}

// The seed's flow, one step a line: prepare, then per target plan, execute and decide (judge),
// write, verify, report.
RunReport run(const prepare::RunRequest& request, const RunControl& control) {
    const git::LibGit2 lib;
    const auto repo = open_repository(lib, request);
    const auto started = std::chrono::steady_clock::now();
    const prepare::Prepared prepared = prepare::prepare(request, repo, control.cancel);
    log_prepared(control.log, prepared, std::chrono::steady_clock::now() - started);
    RunReport report = report_of(prepared);
    const Execution execution(lib, prepared, control);
    for (const prepare::PreparedTarget& target : prepared.targets) {
        Judged judged = judge(prepared, execution, target);
        if (request.writeArtifacts) {
            write_artifacts(prepared, target, judged);
        }
        if (request.verifyDeterminism && judged.outcome.artifactDir) {
            verify_determinism(request, judged.outcome, control);
        }
        report.runs.push_back(std::move(judged.outcome));
    }
    return report;
}

}  // namespace qa::orchestrator

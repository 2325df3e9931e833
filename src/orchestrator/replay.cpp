#include "orchestrator/replay.hpp"

#include <algorithm>

#include "artifacts/command_outcomes.hpp"
#include "artifacts/writer.hpp"
#include "artifacts/written_by.hpp"
#include "git/error.hpp"
#include "git/messages.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "orchestrator/pipeline.hpp"
#include "prepare/replay_input.hpp"
#include "prepare/replay_prepare.hpp"
#include "rules/rule_set.hpp"
#include "rules/scrub.hpp"
#include "util/error.hpp"
#include "util/file.hpp"

namespace qa::orchestrator {
namespace {

namespace fs = std::filesystem;

/// Commit and tag messages are stored by their object ids: read again from git.
void restore_messages(const git::Repository& repo, git::ChangeSet& changes) {
    if (!changes.messages) {
        return;
    }
    for (auto& f : changes.files) {
        auto text = git::object_message(repo.raw(), f.new_oid);
        if (!text) {
            throw prepare::NotReplayable(f.path +
                                         ": a message that was never committed (or whose object "
                                         "git no longer has) cannot be read again");
        }
        f.inline_text = std::make_shared<const std::string>(std::move(*text));
    }
}

prepare::ReplayInput read_replay_input(const fs::path& run_dir) {
    std::string text;
    try {
        text = util::read_file(run_dir / "replay.json");
    } catch (const util::IoError&) {
        throw prepare::NotReplayable(
            run_dir.filename().string() +
            " has no replay.json (a run written before replays were stored)");
    }
    try {
        return prepare::replay_input_from_json(json::parse(text));
    } catch (const json::Error& e) {
        throw util::InputError((run_dir / "replay.json").string() + ": " + e.what());
    }
}

/// Throws NotReplayable when the replay met a provider answer the cache lacked.
void require_cached(const Executed& executed) {
    if (!executed.provenance) {
        return;
    }
    const json::Value* calls = executed.provenance->find("calls");
    if (calls == nullptr || !calls->is_array()) {
        return;
    }
    for (const auto& call : calls->as_array()) {
        const json::Value* hit = call.find("cacheHit");
        if (hit != nullptr && hit->is_bool() && !hit->as_bool()) {
            const json::Value* lens = call.find("lensId");
            throw prepare::NotReplayable(
                "the provider answer for " +
                (lens != nullptr && lens->is_string() ? lens->as_string() : "a model lens") +
                " is not in the cache (--allow-provider-calls asks the provider)");
        }
    }
}

/// Throws NotReplayable when the run's commands ran trusted and the replay's were refused
/// (this machine has not trusted the configuration): a refusal is not drift. Nothing ran.
void require_same_trust(const prepare::ReplayInput& in, const prepare::Prepared& prepared,
                        const std::vector<contracts::LensPlan>& plans,
                        const input::RunInput& input) {
    if (in.executionUntrusted || !prepared.execution.untrusted) {
        return;
    }
    for (const auto& p : plans) {
        const input::LensInput* lens = input.lens(p.lensId);
        if (lens != nullptr &&
            (lens->kind == input::LensKind::execution || lens->kind == input::LensKind::external)) {
            throw prepare::NotReplayable(
                "the run's commands ran with its configuration trusted, and here "
                "they were refused: " +
                *prepared.execution.untrusted);
        }
    }
}

/// The values of a difference with the credential rules' masking: a tampered artifact may hold
/// what no artifact should.
artifacts::Difference masked(artifacts::Difference d) {
    const auto credentials =
        rules::RuleSet::from_embedded_lenses(std::vector<std::string_view>{"security"});
    d.stored = rules::without_secrets(credentials, d.file, d.stored);
    d.replayed = rules::without_secrets(credentials, d.file, d.replayed);
    return d;
}

git::Repository open_repo(const git::LibGit2& lib, const prepare::RunRequest& request) {
    try {
        return git::Repository::open(lib, request.startDir, request.gitEnv);
    } catch (const git::GitError& e) {
        throw util::InputError(std::string("not in a git repository: ") + e.what());
    }
}

}  // namespace

Replayed replay(const prepare::RunRequest& request, const fs::path& run_dir,
                bool allow_provider_calls, const RunControl& control) {
    // Another build writes other bytes for the same input (its own plans and wording): only the
    // build that wrote a run can tell drift from an upgrade.
    if (const std::string writer = artifacts::written_by(run_dir);
        writer != artifacts::this_build()) {
        throw prepare::NotReplayable("written by " + artifacts::writer_name(writer) +
                                     ", not by this one (qa-skill " + artifacts::this_build() +
                                     "): replay it with the qa-skill that wrote it");
    }
    prepare::ReplayInput in = read_replay_input(run_dir);
    const git::LibGit2 lib;
    const auto repo = open_repo(lib, request);
    restore_messages(repo, in.target.changes);
    const prepare::Prepared prepared =
        prepare::prepare_replay(request, repo, in, run_dir, allow_provider_calls);
    const prepare::PreparedTarget& target = prepared.targets.front();
    // Commands ran on the index as it was: a replay cannot check it out again.
    if (target.tree.index() &&
        std::any_of(target.input.lenses.begin(), target.input.lenses.end(), [](const auto& l) {
            return l.second.enabled && l.second.kind == input::LensKind::execution;
        })) {
        throw prepare::NotReplayable(
            "execution lenses ran on the index of the commit being made, which a "
            "replay cannot check out again");
    }

    const Execution execution(lib, prepared, control);
    Judged judged = judge(prepared, execution, target);
    require_same_trust(in, prepared, judged.outcome.result.lensPlans, target.input);
    if (!allow_provider_calls) {
        require_cached(judged.executed);
    }
    Replayed out;
    out.executionKey = judged.outcome.result.executionKey;
    out.runDir = run_dir;
    const auto rendered =
        artifacts::render_run(judged.outcome.input, judged.outcome.result, prepared.jobs);
    // The project's commands are no part of the stored input: what follows from another
    // outcome of theirs (a test runner printing its timings) cannot be compared.
    if (const auto command = artifacts::command_outcome_difference(run_dir, rendered)) {
        throw prepare::NotReplayable(
            *command +
            " gave another outcome than in the run (exit code, or what it printed): a "
            "project's commands are not part of the stored input; replays compare runs whose "
            "commands answer the same");
    }
    if (auto d = artifacts::compare_run(run_dir, rendered)) {
        out.difference = masked(std::move(*d));
    }
    return out;
}

fs::path runs_folder(const prepare::RunRequest& request) {
    const git::LibGit2 lib;
    return prepare::index_artifact_root(open_repo(lib, request), request) / "runs";
}

}  // namespace qa::orchestrator

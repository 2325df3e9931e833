#include "orchestrator/replay.hpp"

#include <algorithm>

#include "artifacts/root.hpp"
#include "artifacts/writer.hpp"
#include "artifacts/written_by.hpp"
#include "baseline/load.hpp"
#include "config/rubric_file.hpp"
#include "config/rules_files.hpp"
#include "git/blob.hpp"
#include "git/error.hpp"
#include "git/messages.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "lenses/own_rules.hpp"
#include "orchestrator/execution_policy.hpp"
#include "orchestrator/pipeline.hpp"
#include "orchestrator/prepare.hpp"
#include "orchestrator/replay_input.hpp"
#include "orchestrator/run_registry.hpp"
#include "orchestrator/tree_config.hpp"
#include "rules/rule_set.hpp"
#include "rules/scrub.hpp"
#include "util/error.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::orchestrator {
namespace {

namespace fs = std::filesystem;

/// The bytes of a stored file, checked against the sha256 the run recorded.
std::string stored_bytes(const git::Repository& repo, const StoredFile& file,
                         const fs::path& relative_to) {
    std::optional<std::string> text;
    if (file.blob) {
        text = git::read_blob(repo, *file.blob);
    } else {
        try {
            text = util::read_file(relative_to / file.path);
        } catch (const util::IoError&) {
        }
    }
    if (!text) {
        throw NotReplayable(file.path + (file.blob ? " (blob " + *file.blob + ")" : "") +
                            " can no longer be read");
    }
    if (util::sha256_hex(*text) != file.sha256) {
        throw NotReplayable(file.path + " is no longer the file the run read");
    }
    return *text;
}

/// The configuration the run read, with its rules files, as the run had it.
config::Config stored_config(const git::Repository& repo, const ReplayInput& in,
                             const plan::Registry& builtin) {
    const auto ids = builtin.lens_ids();
    config::Config config =
        in.config ? config::parse_config(stored_bytes(repo, *in.config, repo.root()),
                                         in.configSource, ids)
                  : config::parse_config(config::default_config_text(), in.configSource, ids);
    for (auto& file : config.rulesFiles) {
        const auto stored = std::find_if(in.rulesFiles.begin(), in.rulesFiles.end(),
                                         [&](const StoredFile& f) { return f.path == file.path; });
        if (stored == in.rulesFiles.end()) {
            throw NotReplayable("replay.json does not record the rules file " + file.path);
        }
        file.text = stored_bytes(repo, *stored, repo.root());
        file.sha256 = stored->sha256;
    }
    if (const auto path = config::rubric_path(config)) {
        if (!in.rubric || in.rubric->path != *path) {
            throw NotReplayable("replay.json does not record the rubric " + *path);
        }
        config.rubric = config::RubricFile{*path, stored_bytes(repo, *in.rubric, repo.root()),
                                           in.rubric->sha256};
    }
    if (in.runModeOverride) {
        config.runMode = *in.runModeOverride;
    }
    return config;
}

/// Commit and tag messages are stored by their object ids: read again from git.
void restore_messages(const git::Repository& repo, git::ChangeSet& changes) {
    if (!changes.messages) {
        return;
    }
    for (auto& f : changes.files) {
        auto text = git::object_message(repo.raw(), f.new_oid);
        if (!text) {
            throw NotReplayable(f.path +
                                ": a message that was never committed (or whose object "
                                "git no longer has) cannot be read again");
        }
        f.inline_text = std::make_shared<const std::string>(std::move(*text));
    }
}

ReplayInput read_replay_input(const fs::path& run_dir) {
    std::string text;
    try {
        text = util::read_file(run_dir / "replay.json");
    } catch (const util::IoError&) {
        throw NotReplayable(run_dir.filename().string() +
                            " has no replay.json (a run written before replays were stored)");
    }
    try {
        return replay_input_from_json(json::parse(text));
    } catch (const json::Error& e) {
        throw util::InputError((run_dir / "replay.json").string() + ": " + e.what());
    }
}

/// A key lookup that knows no key: a replay offline makes no provider call.
providers::KeyLookup no_keys() {
    return [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
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
            throw NotReplayable(
                "the provider answer for " +
                (lens != nullptr && lens->is_string() ? lens->as_string() : "a model lens") +
                " is not in the cache (--allow-provider-calls asks the provider)");
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

git::Repository open_repo(const git::LibGit2& lib, const RunRequest& request) {
    try {
        return git::Repository::open(lib, request.startDir, request.gitEnv);
    } catch (const git::GitError& e) {
        throw util::InputError(std::string("not in a git repository: ") + e.what());
    }
}

}  // namespace

Replayed replay(const RunRequest& request, const fs::path& run_dir, bool allow_provider_calls,
                const RunControl& control) {
    // Another build writes other bytes for the same input (its own plans and wording): only the
    // build that wrote a run can tell drift from an upgrade.
    if (const std::string writer = artifacts::written_by(run_dir);
        writer != artifacts::this_build()) {
        throw NotReplayable("written by " + artifacts::writer_name(writer) +
                            ", not by this one (qa-skill " + artifacts::this_build() +
                            "): replay it with the qa-skill that wrote it");
    }
    ReplayInput in = read_replay_input(run_dir);
    const git::LibGit2 lib;
    const auto repo = open_repo(lib, request);
    restore_messages(repo, in.target.changes);
    // The built-in lenses (embedded data), read once, as prepare does.
    const plan::Registry builtin = plan::read_builtin_registry();
    Prepared prepared{repo, request, {}, {}, {}, {}, {}, 1, {}, {}, {}, {}, {}, {}};
    const config::Config config = stored_config(repo, in, builtin);
    // A replay reads the team stores (CI replays what a laptop ran) and never writes them: an
    // answer it asks the provider again must not replace the one the team's runs were given.
    prepared.teamCache = config::with_user_cache(config.cache);
    for (auto& remote : prepared.teamCache.remotes) {
        remote.readOnly = true;
    }
    prepared.keys =
        allow_provider_calls ? providers::KeyLookup(providers::environment_key) : no_keys();
    prepared.jobs = request.jobsOverride.value_or(static_cast<std::size_t>(config.maxConcurrency));
    prepared.artifactRoot = run_dir.parent_path().parent_path();
    prepared.lenses = lenses::lenses_for(config.rulesFiles, builtin);
    prepared.registry = run_registry(builtin, config);
    prepared.execution =
        read_execution_policy(config, prepared.registry, repo.root(), request.execution);
    prepared.reader = std::make_unique<const git::BlobReader>(repo);
    std::optional<baseline::LoadedBaseline> accepted;
    if (in.baselineBlob && in.baselineSource) {
        accepted = baseline::load_blob(repo, *in.baselineBlob, *in.baselineSource);
    }
    prepared.targets.push_back(
        make_target(prepared, config, in.target, in.tree, std::move(accepted), in.gateChanges));
    const PreparedTarget& target = prepared.targets.front();
    // Commands ran on the index as it was: a replay cannot check it out again.
    if (target.tree.index() &&
        std::any_of(target.input.lenses.begin(), target.input.lenses.end(), [](const auto& l) {
            return l.second.enabled && l.second.kind == input::LensKind::execution;
        })) {
        throw NotReplayable(
            "execution lenses ran on the index of the commit being made, which a "
            "replay cannot check out again");
    }

    const Execution execution(lib, prepared, control);
    Judged judged = judge(prepared, execution, target);
    if (!allow_provider_calls) {
        require_cached(judged.executed);
    }
    Replayed out;
    out.executionKey = judged.outcome.result.executionKey;
    out.runDir = run_dir;
    const auto rendered =
        artifacts::render_run(judged.outcome.input, judged.outcome.result, prepared.jobs);
    if (auto d = artifacts::compare_run(run_dir, rendered)) {
        out.difference = masked(std::move(*d));
    }
    return out;
}

fs::path runs_folder(const RunRequest& request) {
    const git::LibGit2 lib;
    const auto repo = open_repo(lib, request);
    RunRequest index = request;
    index.kind = ChangeKind::staged;
    const config::Config config =
        load_tree_config(repo, index, plan::read_builtin_registry().lens_ids());
    return artifacts::resolve_root(repo, config.artifactRoot, config.source) / "runs";
}

}  // namespace qa::orchestrator

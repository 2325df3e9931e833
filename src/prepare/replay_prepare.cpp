#include "prepare/replay_prepare.hpp"

#include <algorithm>

#include "artifacts/root.hpp"
#include "baseline/load.hpp"
#include "config/config.hpp"
#include "config/rubric_file.hpp"
#include "git/blob.hpp"
#include "lenses/own_rules.hpp"
#include "prepare/execution_policy.hpp"
#include "prepare/not_replayable.hpp"
#include "prepare/prepare.hpp"
#include "prepare/run_environment.hpp"
#include "prepare/run_registry.hpp"
#include "prepare/tree_config.hpp"
#include "util/error.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::prepare {
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

}  // namespace

Prepared prepare_replay(const RunRequest& request, const git::Repository& repo,
                        const ReplayInput& in, const fs::path& run_dir, bool allow_provider_calls) {
    // The built-in lenses (embedded data), read once, as prepare does.
    const plan::Registry builtin = plan::read_builtin_registry();
    Prepared prepared{repo, request, {}, {}, {}, {}, {}, 1, {}, {}, {}, {}, {}, {}};
    const config::Config config = stored_config(repo, in, builtin);
    // A replay reads the team stores (CI replays what a laptop ran) and never writes them: an
    // answer it asks the provider again must not replace the one the team's runs were given.
    settings::CacheSettings team = config::with_user_cache(config.cache);
    for (auto& remote : team.remotes) {
        remote.readOnly = true;
    }
    // The environment is read here, once, as prepare reads it: the stores' secrets when a lens
    // calls a provider, and the keys only when the replay may call one (offline: none).
    if (calls_providers(config)) {
        prepared.teamCache = read_team_cache(team);
    }
    prepared.keys = read_keys(allow_provider_calls ? config.providers
                                                   : std::vector<settings::ProviderSettings>{});
    prepared.jobs = request.jobsOverride.value_or(static_cast<std::size_t>(config.maxConcurrency));
    prepared.artifactRoot = run_dir.parent_path().parent_path();
    prepared.lenses = lenses::lenses_for(config.rulesFiles, builtin);
    prepared.registry = run_registry(builtin, config);
    prepared.execution =
        read_execution_policy(config, prepared.registry, repo.root(), request.execution);
    // Commands the run was refused are refused again, whatever today's trust store says.
    if (in.executionUntrusted) {
        prepared.execution.untrusted = in.executionUntrusted;
    }
    prepared.reader = std::make_unique<const git::BlobReader>(repo);
    std::optional<baseline::LoadedBaseline> accepted;
    if (in.baselineBlob && in.baselineSource) {
        accepted = baseline::load_blob(repo, *in.baselineBlob, *in.baselineSource);
    }
    prepared.targets.push_back(
        make_target(prepared, config, in.target, in.tree, std::move(accepted), in.gateChanges));
    return prepared;
}

fs::path index_artifact_root(const git::Repository& repo, const RunRequest& request) {
    RunRequest index = request;
    index.kind = ChangeKind::staged;
    const config::Config config =
        load_tree_config(repo, index, plan::read_builtin_registry().lens_ids());
    return artifacts::resolve_root(repo, config.artifactRoot, config.source);
}

}  // namespace qa::prepare

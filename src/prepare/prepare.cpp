#include "prepare/prepare.hpp"

#include <functional>
#include <future>

#include "artifacts/root.hpp"
#include "config/config.hpp"
#include "git/worktree_file.hpp"
#include "lenses/builtin.hpp"
#include "lenses/own_rules.hpp"
#include "plan/exclude.hpp"
#include "prepare/config_checks.hpp"
#include "prepare/execution_policy.hpp"
#include "prepare/gate_changes.hpp"
#include "prepare/run_environment.hpp"
#include "prepare/run_input.hpp"
#include "prepare/run_registry.hpp"
#include "prepare/skill_input.hpp"
#include "prepare/skip.hpp"
#include "prepare/tree_config.hpp"
#include "util/error.hpp"
#include "util/suggest.hpp"

namespace qa::prepare {
namespace {

/// One line when the configuration under test is the index's and the working tree holds another
/// `.qa-skill.toml` (edited, or not added yet): a FAIL it explains is otherwise a puzzle.
std::optional<std::string> unstaged_config_note(const git::Repository& repo,
                                                const std::optional<TreeUnderTest>& tree) {
    if (!tree || !tree->index()) {
        return std::nullopt;
    }
    const std::string path(settings::kConfigFileName);
    const auto in_tree = tree->blob_id(repo, path);
    const auto on_disk = git::worktree_blob_id(repo, path);
    if (in_tree == on_disk) {
        return std::nullopt;
    }
    if (!on_disk) {
        return path + " is staged but not in the working tree; the staged one was used";
    }
    return path + (in_tree ? " has unstaged changes; the staged version was used (git add " + path +
                                 " to use yours)"
                           : " is not staged; the default configuration was used (git add " + path +
                                 " to use it)");
}

std::string join(const std::vector<std::string>& ids) {
    std::string out;
    for (const auto& id : ids) {
        out += (out.empty() ? "" : ", ") + id;
    }
    return out;
}

/// `--input FILE` names a repository and a configuration: they must be the ones the run has.
void check_input(const contracts::SkillInput& given, const std::string& file,
                 const contracts::SkillInput& actual) {
    if (given.repoId != actual.repoId) {
        throw util::InputError(file + ": /repoId: \"" + given.repoId +
                               "\" is not this repository (" + actual.repoId + ")");
    }
    if (given.configHash != actual.configHash) {
        throw util::InputError(file + ": /configHash: " + given.configHash +
                               " is not the configuration of the tree under test (" +
                               actual.configHash + ")");
    }
}

/// A history audit reads a whole history in one run: a lens's time limit is for a change.
void widen_for_audit(input::RunInput& input) {
    constexpr std::chrono::hours kAuditTimeout{6};
    for (auto& [id, lens] : input.lenses) {
        lens.timeout = std::max<std::chrono::milliseconds>(lens.timeout, kAuditTimeout);
    }
}

/// The configuration of `request`'s tree under test (the first of `trees`, request_trees's)
/// with every check a run makes before it starts (check_config against `builtin`, with the keys
/// `keys` reads for the configuration), the run-mode override applied. Throws
/// settings::ConfigError (exit 2).
config::Config load_config(const RunRequest& request, const git::Repository& repo,
                           const std::vector<TreeUnderTest>& trees, const plan::Registry& builtin,
                           const std::function<providers::KeyLookup(const config::Config&)>& keys) {
    config::Config config = load_tree_config(repo, request, trees, builtin.lens_ids());
    // What `config check` checks: exit 2 now, not a failure later.
    (void)check_config(config, builtin, keys(config));
    if (request.runModeOverride) {
        config.runMode = *request.runModeOverride;
    }
    return config;
}

PreparedTarget prepare_target(const Prepared& run, const config::Config& config, Target target,
                              const std::vector<std::string>& builtin_lens_ids) {
    const TreeUnderTest tree = target_tree(target.changes);
    std::optional<baseline::LoadedBaseline> accepted;
    if (const auto oid = tree.blob_id(run.repo, config.baseline)) {
        accepted = baseline::load_blob(run.repo, *oid, tree.baseline_name(config.baseline));
    }
    // An all-files audit is no change, and a push's earlier commits and messages are judged for
    // credentials only: what the change does to the gate is the net change's to show.
    std::vector<input::GateChange> gate;
    if (run.request.kind != ChangeKind::all_files && !target.changes.earlier_commits &&
        !target.changes.messages) {
        gate = gate_changes(run.repo, target.changes, config, accepted, builtin_lens_ids,
                            !run.request.configFile);
    }
    if (!target.changes.earlier_commits && !target.changes.messages) {
        if (auto skipped = skip_change(run.request.skipLensIds, target.changes,
                                       plan::ExcludeFilter(config.exclude))) {
            gate.push_back(std::move(*skipped));
        }
    }
    return make_target(run, config, std::move(target), tree, std::move(accepted), std::move(gate));
}

}  // namespace

bool calls_providers(const config::Config& config) {
    return std::any_of(config.lenses.begin(), config.lenses.end(), [](const auto& lens) {
        return lens.second.enabled && lens.second.provider.has_value();
    });
}

PreparedTarget make_target(const Prepared& run, const config::Config& config, Target target,
                           TreeUnderTest tree, std::optional<baseline::LoadedBaseline> accepted,
                           std::vector<input::GateChange> gate_changes) {
    PreparedTarget out{std::move(target), std::move(tree), std::move(accepted), {}};
    const auto lens_ids =
        without_skipped(out.target.lensIds ? out.target.lensIds : run.request.lensIds,
                        run.request.skipLensIds, run.registry);
    // A configured repo_id is used as is: no history is read for it.
    auto skill = make_skill_input(
        config, config.repoId ? *config.repoId : run.repo.repo_id(), out.target.baseRef,
        out.target.headRef, lens_ids,
        out.baseline ? std::optional(out.baseline->baseline.digest()) : std::nullopt);
    out.input = make_run_input(config, run.registry, std::move(skill));
    out.input.gateChanges = std::move(gate_changes);
    if (out.target.wholeHistory) {
        widen_for_audit(out.input);
    }
    return out;
}

Prepared prepare(const RunRequest& request, const git::Repository& repo,
                 const util::CancellationToken& cancel) {
    // The built-in lenses are data embedded in the binary: read here, once, like the
    // configuration, and handed to the later steps in the run's registry.
    const plan::Registry builtin = plan::read_builtin_registry();
    Prepared run{repo, request, {}, {}, {}, {}, {}, 1, {}, {}, {}, {}, {}, {}};
    // The trees whose configuration decides the run, decided once (tree_under_test.hpp).
    const std::vector<TreeUnderTest> trees =
        request.configFile ? std::vector<TreeUnderTest>{} : request_trees(repo, request);
    const config::Config config =
        load_config(request, repo, trees, builtin, [&run](const config::Config& loaded) {
            run.keys = read_keys(loaded.providers);
            return run.keys;
        });
    if (!trees.empty()) {
        run.configTree = trees.front();
    }
    run.configNote = unstaged_config_note(repo, run.configTree);
    run.facts = config_facts(repo, request, config, run.configTree, request.writeArtifacts);
    run.jobs = request.jobsOverride.value_or(static_cast<std::size_t>(config.maxConcurrency));
    if (request.writeArtifacts || calls_providers(config)) {
        run.artifactRoot = artifacts::resolve_root(repo, config.artifactRoot, config.source);
    }
    if (calls_providers(config)) {
        // A bad user file or store URL is exit 2 here, before any lens runs; an unset
        // hmac_key_env variable is one warning line here, once.
        run.teamCache = read_team_cache(config::with_user_cache(config.cache));
    }
    // The run's lenses: a repository's own rules compile with the built-in ones now (a bad
    // rules file is exit 2 before git computes the change sets); the built-in rules alone
    // (tens of milliseconds) while git computes them, instead of on the dispatcher's first plan.
    std::future<std::shared_ptr<const lenses::Catalog>> lenses_ready;
    if (config.rulesFiles.empty()) {
        lenses_ready = std::async(std::launch::async, [&config, &builtin] {
            return lenses::lenses_for(config.rulesFiles, builtin);
        });
    } else {
        run.lenses = lenses::lenses_for(config.rulesFiles, builtin);
    }
    run.registry = run_registry(builtin, config);
    for (const auto& id : request.lensIds.value_or(std::vector<std::string>{})) {
        if (run.registry.find(id) == nullptr) {
            const auto known = run.registry.lens_ids();
            throw util::InputError("--lens: no lens \"" + id + "\"" +
                                   util::did_you_mean(id, known) + "; known: " + join(known));
        }
    }
    check_skip(request.skipLensIds, run.registry);
    run.execution = read_execution_policy(config, run.registry, repo.root(), request.execution);
    run.reader = std::make_unique<const git::BlobReader>(repo);
    auto targets = targets_for(request, repo, config.baseRef, *run.reader, run.jobs);
    if (lenses_ready.valid()) {
        run.lenses = lenses_ready.get();
    }
    if (cancel.cancelled()) {
        throw util::Interrupted();
    }
    for (auto& target : targets) {
        run.targets.push_back(prepare_target(run, config, std::move(target), builtin.lens_ids()));
        if (request.input) {
            check_input(*request.input, request.inputFile, run.targets.back().input.skill);
        }
    }
    return run;
}

}  // namespace qa::prepare

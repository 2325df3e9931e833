#include "orchestrator/run.hpp"

#include <chrono>
#include <future>
#include <set>
#include <thread>
#include <tuple>

#include "artifacts/retention.hpp"
#include "artifacts/root.hpp"
#include "artifacts/writer.hpp"
#include "baseline/apply.hpp"
#include "baseline/load.hpp"
#include "contracts/enums.hpp"
#include "contracts/hashing.hpp"
#include "dispatch/dispatcher.hpp"
#include "exec/lens_sandbox.hpp"
#include "git/base_ref.hpp"
#include "git/blob.hpp"
#include "git/change_set.hpp"
#include "git/error.hpp"
#include "git/libgit2.hpp"
#include "git/revisions.hpp"
#include "json/canonical.hpp"
#include "lenses/builtin.hpp"
#include "lenses/model/binding_check.hpp"
#include "lenses/model/model_services.hpp"
#include "lenses/own_rules.hpp"
#include "orchestrator/change_source.hpp"
#include "orchestrator/finding_commits.hpp"
#include "orchestrator/frozen_rubric.hpp"
#include "orchestrator/gate_changes.hpp"
#include "orchestrator/history_targets.hpp"
#include "orchestrator/push_targets.hpp"
#include "orchestrator/run_input.hpp"
#include "orchestrator/skill_input.hpp"
#include "orchestrator/tree_config.hpp"
#include "plan/run_registry.hpp"
#include "rules/catalog.hpp"
#include "util/atomic_file.hpp"
#include "util/error.hpp"
#include "util/sha256.hpp"
#include "verdict/aggregate.hpp"
#include "verdict/rule_overrides.hpp"

namespace qa::orchestrator {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

/// One change set to check and how to name it.
struct Target {
    std::string label;
    git::ChangeSet changes;
    std::optional<std::string> baseRef;  ///< SkillInput.baseRef
    std::string headRef;                 ///< SkillInput.headRef
    std::vector<std::string> baseRefCodes;
    /// The lenses that judge this target (nullopt: the request's). The lines earlier commits of
    /// a push added are judged by the security lens only (see push_targets.hpp).
    std::optional<std::vector<std::string>> lensIds;
};

/// A content id for the staged tree without writing a tree object into the repository: the
/// hash of every changed path with its mode and blob id, on top of HEAD.
std::string staged_head_id(const git::ChangeSet& changes) {
    json::Array files;
    for (const auto& f : changes.files) {
        files.push_back(json::Object{{"path", f.path},
                                     {"oldPath", f.old_path},
                                     {"mode", static_cast<std::int64_t>(f.new_mode)},
                                     {"oid", f.new_oid}});
    }
    return "index:" + util::sha256_hex(json::canonical(
                          json::Object{{"base", changes.base}, {"files", std::move(files)}}));
}

/// ChangeKind::files: the staged changes of the named files, and every other named file of the
/// index whole. Paths the index does not hold (untracked, deleted) are not part of it.
git::ChangeSet named_files(const git::Repository& repo, const std::vector<std::string>& paths,
                           const git::DiffOptions& options) {
    const std::set<std::string, std::less<>> named(paths.begin(), paths.end());
    git::ChangeSet set = git::staged_changes(repo, options);
    std::erase_if(set.files, [&](const git::FileChange& f) { return named.count(f.path) == 0; });
    std::set<std::string, std::less<>> unchanged = named;
    for (const auto& f : set.files) {
        unchanged.erase(f.path);
    }
    const std::vector<std::string> rest(unchanged.begin(), unchanged.end());
    for (auto& f : git::index_files(repo, rest, options).files) {
        set.files.push_back(std::move(f));
    }
    std::sort(set.files.begin(), set.files.end(),
              [](const git::FileChange& a, const git::FileChange& b) {
                  return std::tie(a.path, a.old_path) < std::tie(b.path, b.old_path);
              });
    return set;
}

/// A history audit reads a whole history in one run: a lens's time limit is for a change.
void widen_for_audit(input::RunInput& input) {
    constexpr std::chrono::hours kAuditTimeout{6};
    for (auto& [id, lens] : input.lenses) {
        lens.timeout = std::max<std::chrono::milliseconds>(lens.timeout, kAuditTimeout);
    }
}

/// Judged for credentials only, beside the net change (orchestrator/history_targets.hpp).
void add_history_targets(std::vector<Target>& out, std::vector<HistoryTarget> extra) {
    const std::optional<std::string> base_ref = out.empty() ? std::nullopt : out.back().baseRef;
    for (auto& e : extra) {
        std::string head_ref = out.empty() ? e.changes.head : out.back().headRef;
        out.push_back(Target{std::move(e.label),
                             std::move(e.changes),
                             base_ref,
                             std::move(head_ref),
                             {},
                             std::move(e.lensIds)});
    }
}

std::vector<Target> targets_for(const RunRequest& request, const git::Repository& repo,
                                const config::Config& config, const git::BlobReader& reader,
                                std::size_t jobs) {
    const git::DiffOptions options{&reader, jobs};
    std::vector<Target> out;
    switch (request.kind) {
        case ChangeKind::staged: {
            Target t;
            t.label = "staged changes";
            t.changes = git::staged_changes(repo, options);
            if (const auto head = repo.head_sha()) {
                t.baseRef = "HEAD";
            }
            t.headRef = "index";
            out.push_back(std::move(t));
            break;
        }
        case ChangeKind::files: {
            Target t;
            t.label = "named files";
            t.changes = named_files(repo, request.files, options);
            if (repo.head_sha()) {
                t.baseRef = "HEAD";
            }
            t.headRef = "index";
            out.push_back(std::move(t));
            break;
        }
        case ChangeKind::all_files: {
            Target t;
            t.label = "all tracked files";
            t.changes = git::all_files(repo, options);
            t.headRef = "index";
            out.push_back(std::move(t));
            break;
        }
        case ChangeKind::range: {
            // An explicit --base or --head that names nothing is a usage error, never a fall
            // back to origin/HEAD and a PASS; the seed's chain is for the configured base_ref.
            require_revisions(repo, request.base, request.head);
            const std::optional<std::string> configured =
                request.base ? request.base : config.baseRef;
            const auto base = git::resolve_base_ref(repo, configured);
            Target t;
            t.baseRefCodes = base.codes;
            const std::string head = request.head.value_or("HEAD");
            if (!base.resolved()) {
                t.label = "(no base)..." + head;
                t.headRef = head;
                out.push_back(std::move(t));  // nothing to diff: the run fails on the code
                break;
            }
            t.label = *base.ref + "..." + head;
            t.changes = git::range_changes(repo, *base.sha, head, options);
            t.baseRef = *base.ref;
            t.headRef = head;
            // Every commit of the range on its own too, as the push gate judges them.
            auto history = range_targets(repo, t.changes, *base.sha, head, t.label);
            out.push_back(std::move(t));
            add_history_targets(out, std::move(history));
            break;
        }
        case ChangeKind::message: {
            std::vector<HistoryTarget> one;
            one.push_back(commit_message_target(repo, request.message));
            add_history_targets(out, std::move(one));
            break;
        }
        case ChangeKind::history: {
            add_history_targets(out, audit_targets(repo, request.revision));
            break;
        }
        case ChangeKind::pushed: {
            for (auto& p :
                 git::pushed_changes(repo, request.remote, request.pushUpdates, options)) {
                Target t;
                t.label = p.update.local_ref + " -> " + p.update.remote_ref;
                if (p.ref_deleted) {
                    continue;  // a deletion sends no content: nothing to check
                }
                t.baseRef = p.changes.base;
                t.headRef = p.update.local_sha;
                t.changes = std::move(p.changes);
                out.push_back(std::move(t));
                if (auto earlier = earlier_commits_target(p)) {
                    out.push_back(Target{std::move(earlier->label),
                                         std::move(p.earlier),
                                         out.back().baseRef,
                                         out.back().headRef,
                                         {},
                                         std::move(earlier->lensIds)});
                }
                std::vector<HistoryTarget> messages;
                if (auto m = messages_target(p.update.local_ref + " -> " + p.update.remote_ref,
                                             std::move(p.messages))) {
                    messages.push_back(std::move(*m));
                }
                add_history_targets(out, std::move(messages));
            }
            break;
        }
    }
    return out;
}

std::vector<plan::PlanFile> plan_files(const git::Repository& repo, const git::ChangeSet& changes,
                                       const GitChangeSource& source) {
    std::vector<plan::PlanFile> files;
    files.reserve(changes.files.size());
    for (const auto& f : changes.files) {
        plan::PlanFile p;
        p.path = f.path;
        p.fileClass = source.file_class(f.path);
        p.changedLines = f.added_lines + f.removed_lines;
        for (const auto& h : f.hunks) {
            p.contextBytes += h.bytes;
        }
        const bool deleted = f.status == git::FileStatus::deleted;
        p.contentId = deleted ? f.old_oid : f.new_oid;
        // An all-files change set read each blob already; a blob it skipped (binary by its
        // attributes, new_size 0) is asked for its size.
        const bool sized = f.all_lines_added && (f.new_size > 0 || !f.binary);
        p.fileBytes = deleted || f.is_submodule ? 0
                      : sized                   ? f.new_size
                                                : git::blob_size(repo, f.new_oid);
        files.push_back(std::move(p));
    }
    return files;
}

std::vector<contracts::ErrorCode> codes_of(const std::vector<std::string>& names) {
    std::vector<contracts::ErrorCode> out;
    for (const auto& n : names) {
        if (const auto code = contracts::enum_from_string<contracts::ErrorCode>(n)) {
            out.push_back(*code);
        }
    }
    return out;
}

std::string execution_key(const contracts::SkillInput& input, const Target& target,
                          const std::vector<contracts::LensPlan>& plans) {
    contracts::ExecutionKeyInput k;
    k.repoId = input.repoId;
    k.baseSha = target.changes.base;
    k.headSha = target.changes.head == git::kIndexHead ? staged_head_id(target.changes)
                : target.changes.messages              ? "messages:" + target.changes.head
                : target.changes.earlier_commits       ? "earlier:" + target.changes.head
                                                       : target.changes.head;
    for (const auto& p : plans) {
        k.selectedLensVersions.emplace_back(p.subLensId ? p.lensId + "/" + *p.subLensId : p.lensId,
                                            p.lensVersion);
        for (const auto& b : input.providerBindings) {
            if (b.bindingId == p.providerBindingId) {
                k.providerAdapterVersions.emplace_back(
                    std::string(contracts::to_string(b.adapterId)), b.adapterVersion);
            }
        }
    }
    k.runMode = input.runMode;
    k.configHash = input.configHash;
    return contracts::execution_key(k);
}

git::Repository open_repository(const git::LibGit2& lib, const RunRequest& request) {
    try {
        return git::Repository::open(lib, request.startDir, request.gitEnv);
    } catch (const git::GitError& e) {
        throw util::InputError(std::string("not in a git repository: ") + e.what());
    }
}

config::Config load(const RunRequest& request, const git::Repository& repo) {
    const auto& registry = plan::builtin_registry();
    config::Config config = load_tree_config(repo, request, registry.lens_ids());
    // An enabled model lens must be able to call its provider: exit 2 now, not a failure later.
    lenses::model::check_model_bindings(config, registry);
    if (request.runModeOverride) {
        config.runMode = *request.runModeOverride;
    }
    // A draft, missing or tampered rubric is a configuration error now, before any lens runs.
    const auto rubric = frozen_rubric(config);
    if (!config.rules.empty()) {
        auto known = rules::builtin_rule_ids();
        known.merge(lenses::own_rule_ids(config));
        known.merge(rubric_rule_ids(rubric.get()));
        verdict::check_rule_ids(config, known);
    }
    return config;
}

}  // namespace

bool RunReport::passed() const {
    return std::all_of(runs.begin(), runs.end(), [](const RunOutcome& r) {
        return r.result.finalVerdict.status == contracts::VerdictStatus::PASS;
    });
}

std::string resolve_commit(const RunRequest& request, const std::string& revision) {
    const git::LibGit2 lib;
    const auto repo = open_repository(lib, request);
    if (!git::names_commit(repo.raw(), revision)) {
        throw util::InputError("'" + revision + "' names no commit of this repository");
    }
    return git::to_hex(git::resolve_commit(repo.raw(), revision));
}

RunReport plan_only(const RunRequest& request) {
    const git::LibGit2 lib;
    const auto repo = open_repository(lib, request);
    RunReport report;
    report.config = load(request, repo);
    report.repoRoot = repo.root();
    const git::BlobReader reader(repo);
    const std::size_t jobs =
        request.jobsOverride.value_or(static_cast<std::size_t>(report.config.maxConcurrency));
    for (auto& target : targets_for(request, repo, report.config, reader, jobs)) {
        const GitChangeSource source(reader, target.changes);
        RunOutcome out;
        out.label = target.label;
        out.baseRefCodes = target.baseRefCodes;
        out.plan = plan::make_plans(plan::run_registry(plan::builtin_registry(), report.config),
                                    report.config, plan_files(repo, target.changes, source),
                                    request.lensIds);
        const auto accepted =
            baseline::load_from_tree(repo, target.changes, report.config.baseline);
        out.baselineSource = accepted ? std::optional(accepted->source) : std::nullopt;
        out.input = make_skill_input(
            report.config, report.config.repoId ? *report.config.repoId : repo.repo_id(),
            target.baseRef, target.headRef, request.lensIds,
            accepted ? std::optional(accepted->baseline.digest()) : std::nullopt);
        out.result.lensPlans = out.plan.plans;
        report.runs.push_back(std::move(out));
    }
    return report;
}

RunReport run(const RunRequest& request, const RunControl& control) {
    const auto check_interrupted = [&control] {
        if (control.cancel.cancelled()) {
            throw util::Interrupted();
        }
    };
    const git::LibGit2 lib;
    const auto repo = open_repository(lib, request);
    RunReport report;
    report.config = load(request, repo);
    report.repoRoot = repo.root();
    const config::Config& config = report.config;
    // A configured repo_id is used as is: no history is read for it.
    const auto repo_id = config.repoId ? *config.repoId : repo.repo_id();
    const std::size_t jobs =
        request.jobsOverride.value_or(static_cast<std::size_t>(config.maxConcurrency));
    const lenses::api::ProcessRunner commands(control.children);
    const lenses::api::SteadyTimeSource clock;
    lenses::api::Services services;
    services.commands = &commands;
    services.clock = &clock;
    // Lenses that run a program of their own (external lenses) run in the sandbox, and only
    // for a configuration the user trusts.
    // Built only when the configuration declares one: it reads the user's trust store.
    // Like execution lenses, only when the caller offers execution (request.execution); without
    // it the external lenses fail with EXECUTION_DENIED.
    std::optional<exec::LensSandbox> sandbox;
    if (request.execution &&
        std::any_of(config.lenses.begin(), config.lenses.end(),
                    [](const auto& lens) { return lens.second.external.has_value(); })) {
        sandbox.emplace(config, repo.root(), request.execution->trust, request.execution->runner);
        services.sandbox = &*sandbox;
    }
    dispatch::DispatchOptions dispatch_options;
    dispatch_options.on_overdue = control.onOverdueLens;
    // A repository's own rules compile with the built-in ones, for this run only.
    const auto own_lenses = lenses::lenses_for(config);
    report.ownLenses = own_lenses;
    const plan::Registry registry = plan::run_registry(plan::builtin_registry(), config);

    // The built-in lenses compile their rules (tens of milliseconds) while git computes the
    // change sets, instead of on the dispatcher's first plan. A failure is left for the
    // dispatcher to meet again and report as the lens's failed result.
    auto lenses_ready = std::async(std::launch::async, [&own_lenses] {
        try {
            if (!own_lenses) {
                lenses::builtin_lens("security");
            }
        } catch (...) {
        }
    });
    const git::BlobReader reader(repo);
    auto targets = targets_for(request, repo, config, reader, jobs);
    lenses_ready.get();
    check_interrupted();
    for (auto& target : targets) {
        const auto started = Clock::now();
        const GitChangeSource source(reader, target.changes);
        RunOutcome out;
        out.label = target.label;
        out.baseRefCodes = target.baseRefCodes;
        // The baseline of the tree under test (index, pushed or head commit), never the working
        // tree's: see baseline::load_from_tree.
        const auto accepted = baseline::load_from_tree(repo, target.changes, config.baseline);
        out.baselineSource = accepted ? std::optional(accepted->source) : std::nullopt;
        const auto& lens_ids = target.lensIds ? target.lensIds : request.lensIds;
        out.input =
            make_skill_input(config, repo_id, target.baseRef, target.headRef, lens_ids,
                             accepted ? std::optional(accepted->baseline.digest()) : std::nullopt);
        out.plan =
            plan::make_plans(registry, config, plan_files(repo, target.changes, source), lens_ids);
        const auto planned = Clock::now();

        input::RunInput input = make_run_input(config, registry, out.input);
        if (request.kind == ChangeKind::history) {
            widen_for_audit(input);
        }
        // An all-files audit is no change, and a push's earlier commits are judged for
        // credentials only: what the change does to the gate is the net change's to show.
        if (request.kind != ChangeKind::all_files && !target.changes.earlier_commits &&
            !target.changes.messages) {
            input.gateChanges =
                gate_changes(repo, target.changes, config, accepted,
                             plan::builtin_registry().lens_ids(), !request.configFile);
        }
        const input::RunInput& run_input = input;
        const dispatch::Dispatcher dispatcher(jobs, lenses::lens_lookup(run_input, own_lenses),
                                              dispatch_options);
        out.result.executionKey = execution_key(out.input, target, out.plan.plans);
        // Execution lenses run on this target's tree, in checkouts named by its key.
        const auto executor =
            make_tree_executor(lib, repo, request.gitEnv, config, request.execution, out.plan.plans,
                               target.changes, out.result.executionKey, commands);
        lenses::api::Services target_services = services;
        target_services.execution = executor.get();
        // The model lenses of this change share one connection pool, budget ledger and cache.
        std::optional<lenses::model::ModelServices> models;
        if (lenses::model::has_model_plans(run_input, out.plan.plans)) {
            models.emplace(run_input, out.plan.plans,
                           artifacts::resolve_root(repo, config.artifactRoot, config.source) /
                               "cache" / "model");
            models->offer(target_services);
        }
        auto results =
            dispatcher.run(out.plan.plans, source, run_input, target_services, control.cancel);
        // The exact hashes of guessable secrets leave the findings before anything can write
        // them; they stay in memory for the baseline.
        out.exactKeys = baseline::take_exact_keys(results);
        // An interrupted run decides nothing: its cancelled lenses are not findings.
        check_interrupted();
        const auto dispatched = Clock::now();
        verdict::apply_budgets(out.input, out.plan.plans, results);
        verdict::apply_rule_overrides(run_input, results);
        if (accepted) {
            out.baselineAccepted = baseline::apply(accepted->baseline, accepted->source, results,
                                                   out.exactKeys, &out.baselineUnverifiable);
        }

        // A credential in a commit is removed by rewriting that commit: name it.
        locate_commits(repo, target.changes,
                       request.kind == ChangeKind::pushed || request.kind == ChangeKind::range,
                       results);

        std::vector<contracts::ErrorCode> run_codes = codes_of(target.baseRefCodes);
        run_codes.insert(run_codes.end(), out.plan.codes.begin(), out.plan.codes.end());
        out.result.schemaVersion = "skill-result.v1";
        out.result.finalVerdict =
            verdict::aggregate(out.input.runMode, out.plan.plans, results, run_codes);
        // Which configuration decided (the tree's, an explicit --config, or the default), so
        // a reader of the artifacts can tell; configHash says which bytes.
        out.result.finalVerdict.rationale.push_back("configuration: " + config.source);
        if (out.baselineAccepted > 0) {
            out.result.finalVerdict.rationale.push_back(std::to_string(out.baselineAccepted) +
                                                        " finding(s) accepted by the baseline " +
                                                        *out.baselineSource);
        }
        if (out.baselineUnverifiable > 0) {
            out.result.finalVerdict.rationale.push_back(
                std::to_string(out.baselineUnverifiable) +
                " finding(s) match only by the masked form of a secret an entry of the baseline " +
                *out.baselineSource +
                " written before baselines were salted: not accepted; refresh it with 'qa-skill "
                "baseline create' and commit it");
        }
        // Excluded files are counted where a reader of the artifacts looks, never dropped silently.
        if (out.plan.excludedFiles > 0) {
            out.result.finalVerdict.rationale.push_back(
                std::to_string(out.plan.excludedFiles) +
                " changed file(s) excluded by the exclude patterns of " + config.source);
        }
        for (const auto& [lens, count] : out.plan.excludedByLens) {
            out.result.finalVerdict.rationale.push_back(std::to_string(count) +
                                                        " file(s) excluded from " + lens +
                                                        " by lenses." + lens + ".exclude");
        }
        out.result.lensPlans = out.plan.plans;
        out.result.lensResults = std::move(results);
        out.result.normalizedInputHash = contracts::normalized_input_hash(out.input);

        if (request.writeArtifacts) {
            const fs::path root = artifacts::resolve_root(repo, config.artifactRoot, config.source);
            const auto ms = [](auto d) {
                return static_cast<std::int64_t>(
                    std::chrono::duration_cast<std::chrono::milliseconds>(d).count());
            };
            const json::Value timings = json::Object{
                {"schemaVersion", "timings.v1"},
                {"planMs", ms(planned - started)},
                {"dispatchMs", ms(dispatched - planned)},
                {"workers", static_cast<std::int64_t>(jobs)},
                {"hardwareConcurrency",
                 static_cast<std::int64_t>(std::thread::hardware_concurrency())},
            };
            try {
                out.artifactDir =
                    artifacts::write_run(root, out.input, out.result, timings, jobs).directory;
                if (models && !models->provenance().empty()) {
                    // Beside timings.json, outside the hashed artifacts: it differs run to run.
                    util::write_file_atomic(*out.artifactDir / "provenance.json",
                                            json::canonical(models->provenance().to_json()));
                }
                artifacts::prune_runs(root, static_cast<std::size_t>(config.artifactRetention),
                                      *out.artifactDir);
            } catch (const artifacts::ArtifactSchemaInvalid& e) {
                auto& v = out.result.finalVerdict;
                v.status = contracts::VerdictStatus::FAIL;
                v.errorCodes.push_back(contracts::ErrorCode::ARTIFACT_SCHEMA_INVALID);
                v.rationale.push_back(e.what());
            }
        }
        report.runs.push_back(std::move(out));
    }
    return report;
}

}  // namespace qa::orchestrator

#include "exec/tree_executor.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <utility>

#include "contracts/enums.hpp"
#include "exec/change_watch.hpp"
#include "exec/checkout.hpp"
#include "exec/checkout_manifest.hpp"
#include "exec/dir_watch.hpp"
#include "exec/exec_error.hpp"
#include "exec/policy.hpp"
#include "exec/reusable_checkout.hpp"

namespace qa::exec {

namespace {

/// The stamps the checkout's write recorded, in the order of `files`: the first check-mode
/// plan's "before" without another pass over the tree.
std::optional<TreeStamps> stamps_after_write(const ReusableCheckout& checkout,
                                             const std::set<std::string, std::less<>>& files) {
    const CheckoutManifest* m = checkout.synced();
    if (m == nullptr) {
        return std::nullopt;
    }
    TreeStamps t;
    t.taken = {static_cast<time_t>(m->stampSec), static_cast<long>(m->stampNsec)};
    t.stamps.reserve(files.size());
    for (const auto& f : files) {
        const auto e = m->entries.find(f);
        t.stamps.push_back(e == m->entries.end() ? std::nullopt
                                                 : std::optional<FileStamp>(e->second.stamp));
    }
    return t;
}

/// Watches again the tree's directories at or below `touched` paths: one a command removed and
/// made anew is another inode, which the kernel does not watch yet.
void rewatch(DirWatch& watch, const std::set<std::string, std::less<>>& files,
             const std::set<std::string>& touched) {
    std::set<std::string> dirs;
    for (const auto& t : touched) {
        if (t.empty()) {
            continue;  // the root is never made anew: it is the sandbox's mount point
        }
        const std::string below = t + "/";
        for (auto it = files.lower_bound(below); it != files.end() && it->starts_with(below);
             ++it) {
            for (auto slash = it->rfind('/'); slash != std::string::npos && slash >= t.size();
                 slash = slash == 0 ? std::string::npos : it->rfind('/', slash - 1)) {
                if (!dirs.insert(it->substr(0, slash)).second) {
                    break;  // its parents are in already
                }
            }
        }
    }
    for (const auto& d : dirs) {
        watch.rewatch(d);
    }
}

}  // namespace

/// The state the plans' turns share: which turns ended, and the checkout.
struct TreeExecutor::Shared {
    std::mutex mu;
    std::condition_variable cv;
    std::set<std::int64_t> ended;
    std::unique_ptr<ReusableCheckout> checkout;
    std::string relative;
    /// The tree's files' stamps after the last check-mode plan (or the checkout's write): the
    /// next check-mode plan's "before", unless commands ran since.
    std::optional<TreeStamps> stamps;
    /// No command ran since the checkout was written: its manifest's stamps are the tree's.
    bool fresh = false;
    /// One sandbox per profile, probed once per run (a probe starts a bwrap).
    std::map<contracts::PermissionProfileId, std::unique_ptr<const Sandbox>> sandboxes;
};

TreeExecutor::TreeExecutor(const git::LibGit2& lib, const git::Repository& repo, Settings settings,
                           RunnerEnv env, const lenses::api::CommandRunner* commands)
    : lib_(lib),
      settings_(std::move(settings)),
      env_(std::move(env)),
      commands_(commands),
      shared_(std::make_unique<Shared>()) {
    auto files = settings_.source == TreeSource::commit ? commit_files(repo, settings_.rev)
                                                        : index_files(repo);
    // The same order, so each node goes in at the end: no search per file.
    for (auto node = files.begin(); node != files.end();) {
        files_.insert(files_.end(), std::move(files.extract(node++).value()));
    }
    std::sort(settings_.executionPlanOrdinals.begin(), settings_.executionPlanOrdinals.end());
    // A killed run's checkouts go now, before any lens's time limit starts: removing tens of
    // thousands of files never eats the time of the checks.
    sweep_stale_execution_dirs(settings_.repoRoot);
}

TreeExecutor::~TreeExecutor() = default;

bool TreeExecutor::has_file(std::string_view path) const {
    return files_.find(path) != files_.end();
}

TreeExecutor::Turn::Turn(const TreeExecutor& tree, std::int64_t plan_ordinal)
    : tree_(tree), ordinal_(plan_ordinal) {}

TreeExecutor::Turn::~Turn() {
    Shared& s = *tree_.shared_;
    std::lock_guard lock(s.mu);
    s.ended.insert(ordinal_);
    const auto& all = tree_.settings_.executionPlanOrdinals;
    if (std::all_of(all.begin(), all.end(), [&](std::int64_t o) { return s.ended.count(o) > 0; })) {
        s.checkout.reset();  // the last plan is done with it
    }
    s.cv.notify_all();
}

std::unique_ptr<TreeExecutor::Turn> TreeExecutor::take_turn(
    const contracts::LensPlan& plan, const util::CancellationToken& cancel) const {
    Shared& s = *shared_;
    std::unique_lock lock(s.mu);
    const auto& all = settings_.executionPlanOrdinals;
    const auto earlier_ended = [&] {
        return std::all_of(all.begin(), all.end(), [&](std::int64_t o) {
            return o >= plan.planOrdinal || s.ended.count(o) > 0;
        });
    };
    while (!earlier_ended()) {
        if (cancel.stop_requested()) {
            return nullptr;
        }
        s.cv.wait_for(lock, std::chrono::milliseconds(20));
    }
    return std::make_unique<Turn>(*this, plan.planOrdinal);
}

std::vector<contracts::ExecutionCommandSpec> TreeExecutor::preflight(
    const contracts::LensPlan& plan, contracts::PermissionProfileId profile_id,
    std::vector<contracts::ExecutionCommandSpec> commands) const {
    if (settings_.denied) {
        throw ExecError(contracts::ErrorCode::EXECUTION_DENIED, *settings_.denied);
    }
    const auto profile =
        std::find_if(settings_.profiles.begin(), settings_.profiles.end(),
                     [&](const ExecProfile& p) { return p.profile.profileId == profile_id; });
    if (profile == settings_.profiles.end()) {
        throw ExecError(contracts::ErrorCode::EXECUTION_DENIED,
                        "permission profile " + std::string(contracts::to_string(profile_id)) +
                            " is not resolved in this run");
    }
    require_execution_allowed(plan.lensClass, settings_.allowExecutionLensClasses,
                              profile->profile);
    return checked_commands(std::move(commands), profile->profile);
}

PlanExecution TreeExecutor::execute(const contracts::LensPlan& plan,
                                    contracts::PermissionProfileId profile_id,
                                    std::vector<contracts::ExecutionCommandSpec> commands,
                                    bool report_changed_files,
                                    const util::CancellationToken& cancel) const {
    // Everything that can refuse does so before a file is written or a command runs.
    const auto checked = preflight(plan, profile_id, std::move(commands));
    const auto profile =
        std::find_if(settings_.profiles.begin(), settings_.profiles.end(),
                     [&](const ExecProfile& p) { return p.profile.profileId == profile_id; });
    Shared& s = *shared_;
    std::unique_lock lock(s.mu);
    auto& sandbox = s.sandboxes[profile_id];
    if (!sandbox) {
        sandbox = std::make_unique<const Sandbox>(*profile, env_, commands_);
    }

    // A handle of its own, opened only when needed (reading a large index costs): libgit2
    // objects are not shared between the workers' threads. With the run's git environment, so
    // the index is the one being committed (GIT_INDEX_FILE).
    std::optional<git::Repository> repo;
    const auto open_repo = [&]() -> const git::Repository& {
        if (!repo) {
            repo.emplace(git::Repository::open(lib_, settings_.repoRoot, settings_.gitEnv));
        }
        return *repo;
    };
    const std::string rev = settings_.source == TreeSource::commit ? settings_.rev : "";
    if (!s.checkout) {
        const auto& all = settings_.executionPlanOrdinals;
        s.relative = execution_dir_relative(settings_.executionKey,
                                            all.empty() ? plan.planOrdinal : all.front());
        refuse_linked_path(settings_.repoRoot, s.relative);
        // The previous run's checkout, brought up to date from what changed, when no other run
        // holds it; else one of this run's own.
        s.checkout = std::make_unique<ReusableCheckout>(
            open_repo(), rev, settings_.repoRoot / s.relative, settings_.repoRoot,
            user_attributes_file(env_.lookup));
        if (settings_.log != nullptr) {
            settings_.log->info("checkout", [&] { return s.checkout->summary(); });
        }
        s.fresh = true;
    }
    const std::filesystem::path dir = s.checkout->path();
    const std::filesystem::path marker = s.checkout->marker();
    const std::string relative = s.relative;
    const Sandbox& probed = *sandbox;
    ReusableCheckout& checkout = *s.checkout;
    // The stamps of before this plan's commands: the last check's, when nothing ran since.
    std::optional<TreeStamps> before = std::exchange(s.stamps, std::nullopt);
    const bool fresh = std::exchange(s.fresh, false);
    lock.unlock();  // turns serialize the plans; the lock guards the shared state only
    // What the kernel saw before this plan (earlier plans' commands, restores) is not its doing.
    DirWatch* watch = checkout.watch();
    if (watch != nullptr) {
        rewatch(*watch, files_, watch->drain());
    }
    const bool watched = watch != nullptr && watch->complete();
    if (report_changed_files && !watched && !before) {
        before =
            fresh ? stamps_after_write(checkout, files_) : TreeStamps::take(dir, files_, marker);
    }
    PlanExecution result = run_in_checkout(probed, checked, dir, relative, false, cancel);
    // The tree's files only: what an earlier check built (a .pyc the linter rewrites) is not
    // the tool's finding.
    if (report_changed_files && !result.cancelled) {
        if (watched) {
            const auto touched = watch->drain();
            rewatch(*watch, files_, touched);
            if (watch->complete()) {
                // The kernel says which entries the commands touched: only their files are read.
                result.changedFiles =
                    changed_among(open_repo, rev, dir, files_touched(files_, touched));
                return result;
            }
            // An event was lost while the commands ran: every file's stamp against the
            // checkout's (a file an earlier plan changed counts too; see doc/dev).
            before = stamps_after_write(checkout, files_);
        }
        TreeStamps after = TreeStamps::take(dir, files_, marker);
        result.changedFiles = changed_files(open_repo, rev, dir, files_, *before, after);
        lock.lock();
        s.stamps = std::move(after);
    }
    return result;
}

}  // namespace qa::exec

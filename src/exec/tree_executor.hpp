#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "contracts/types.hpp"
#include "exec/profile.hpp"
#include "exec/runner.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "lenses/api/services.hpp"
#include "log/log.hpp"
#include "util/cancellation.hpp"

namespace qa::exec {

/// The execution service of one checked change: what an execution lens calls (through
/// lenses::api::Services::execution) to run its commands on the exact tree under test, the index
/// tree for a commit, the pushed or head commit otherwise. The orchestrator builds it from the
/// configuration, the trust decision and the process's environment, so that a lens reads
/// neither. Thread-safe: plans run on several workers at once.
///
/// One checkout per tree under test, shared by the execution plans of the run: the first plan
/// that runs a command writes it to `.worktrees/qa-skill/<executionKey>/<first plan ordinal>/`,
/// the others run in it one at a time in plan order (take_turn), so a build's output reaches
/// the tests; it is removed when the last plan's turn ends. Files a check-mode tool changed are
/// restored from the tree before the next plan runs.
class TreeExecutor {
  public:
    struct Settings {
        git::GitEnv gitEnv;              ///< reopens the repository the run reads (its index)
        std::filesystem::path repoRoot;  ///< the working tree root; checkouts go under it
        TreeSource source = TreeSource::index;
        std::string rev;  ///< TreeSource::commit: the commit under test
        std::string executionKey;
        std::vector<contracts::LensClass> allowExecutionLensClasses;
        std::vector<ExecProfile> profiles;  ///< every profile, resolved from the configuration
        /// Why nothing may run in this run (the configuration is not trusted); nullopt: allowed
        /// as far as trust goes (the class and the profile are still checked per plan).
        std::optional<std::string> denied;
        /// The planOrdinals of the run's execution plans: their turns on the checkout.
        std::vector<std::int64_t> executionPlanOrdinals;
        /// The troubleshooting log (how the checkout was made); null: none.
        const log::Log* log = nullptr;
    };

    /// Lists the files of the tree under test from `repo`, the run's.
    TreeExecutor(const git::LibGit2& lib, const git::Repository& repo, Settings settings,
                 RunnerEnv env, const lenses::api::CommandRunner* commands);
    ~TreeExecutor();
    TreeExecutor(const TreeExecutor&) = delete;
    TreeExecutor& operator=(const TreeExecutor&) = delete;

    /// Whether the tree under test has a file at `path` (repository-relative).
    bool has_file(std::string_view path) const;

    /// A plan's turn on the shared checkout: held while the plan runs, released on
    /// destruction. Plans take turns in planOrdinal order (the dispatcher's queue order, so a
    /// turn only ever waits for plans already started: no deadlock at any concurrency).
    class Turn {
      public:
        Turn(const TreeExecutor& tree, std::int64_t plan_ordinal);
        ~Turn();
        Turn(const Turn&) = delete;
        Turn& operator=(const Turn&) = delete;

      private:
        const TreeExecutor& tree_;
        std::int64_t ordinal_;
    };

    /// Waits for the turn of `plan` (earlier execution plans of the run have ended); nullopt
    /// when `cancel` stopped the wait.
    std::unique_ptr<Turn> take_turn(const contracts::LensPlan& plan,
                                    const util::CancellationToken& cancel) const;

    /// The checks before anything runs: the trust decision, the plan's class against
    /// allow_execution_lens_classes, the profile and every command against the profile's
    /// policy. Throws ExecError (EXECUTION_DENIED or EXECUTION_POLICY_VIOLATION).
    std::vector<contracts::ExecutionCommandSpec> preflight(
        const contracts::LensPlan& plan, contracts::PermissionProfileId profile_id,
        std::vector<contracts::ExecutionCommandSpec> commands) const;

    /// preflight(), the sandbox probe, then the commands in the shared checkout (written on
    /// first use). Call it during the plan's turn. `cancel` kills a running command (a
    /// signal, the lens's deadline).
    PlanExecution execute(const contracts::LensPlan& plan,
                          contracts::PermissionProfileId profile_id,
                          std::vector<contracts::ExecutionCommandSpec> commands,
                          bool report_changed_files, const util::CancellationToken& cancel) const;

  private:
    struct Shared;

    const git::LibGit2& lib_;
    Settings settings_;
    RunnerEnv env_;
    const lenses::api::CommandRunner* commands_;
    std::set<std::string, std::less<>> files_;
    std::unique_ptr<Shared> shared_;
};

}  // namespace qa::exec

#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "contracts/types.hpp"
#include "dispatch/services.hpp"
#include "exec/profile.hpp"
#include "exec/runner.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "util/cancellation.hpp"

namespace qa::exec {

/// The execution service of one checked change: what an execution lens calls (through
/// dispatch::Services::execution) to run its commands on the exact tree under test, the index
/// tree for a commit, the pushed or head commit otherwise. The orchestrator builds it from the
/// configuration, the trust decision and the process's environment, so that a lens reads
/// neither. Immutable and thread-safe: plans run on several workers at once, each with its own
/// handle on the repository.
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
    };

    /// Lists the files of the tree under test from `repo`, the run's.
    TreeExecutor(const git::LibGit2& lib, const git::Repository& repo, Settings settings,
                 RunnerEnv env, const dispatch::CommandRunner* commands);

    /// Whether the tree under test has a file at `path` (repository-relative).
    bool has_file(std::string_view path) const;

    /// execute_plan() for `plan` under the profile `profile_id`: the trust decision, the plan's
    /// class against allow_execution_lens_classes, the profile, the command policy and the
    /// sandbox probe first (ExecError: EXECUTION_DENIED or EXECUTION_POLICY_VIOLATION, nothing
    /// written or run), then the checkout into `.worktrees/qa-skill/<executionKey>/<planOrdinal>/`
    /// and the commands; the checkout is removed however this returns. `cancel` kills a running
    /// command (a signal, the lens's deadline).
    PlanExecution execute(const contracts::LensPlan& plan,
                          contracts::PermissionProfileId profile_id,
                          std::vector<contracts::ExecutionCommandSpec> commands,
                          bool report_changed_files, const util::CancellationToken& cancel) const;

  private:
    const git::LibGit2& lib_;
    Settings settings_;
    RunnerEnv env_;
    const dispatch::CommandRunner* commands_;
    std::set<std::string, std::less<>> files_;
};

}  // namespace qa::exec

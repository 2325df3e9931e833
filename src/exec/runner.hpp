#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "exec/captured_run.hpp"
#include "exec/profile.hpp"
#include "exec/sandbox.hpp"
#include "git/repository.hpp"
#include "lenses/api/services.hpp"
#include "util/cancellation.hpp"

namespace qa::exec {

/// What the runner reads from the process environment, passed in explicitly.
struct RunnerEnv {
    std::optional<std::string> bwrapOverride;  ///< QA_SKILL_BWRAP: the bwrap binary to use
    /// Looks up a variable of the caller's environment (PATH and the profile's allowlist).
    std::function<std::optional<std::string>(const std::string&)> lookup;

    static RunnerEnv from_process();
};

/// bubblewrap, found and proven able to create its namespaces, applying one profile.
class Sandbox {
  public:
    /// Throws ExecError(EXECUTION_DENIED) when bwrap is missing or cannot create namespaces:
    /// execution fails closed, it never runs a command unsandboxed. Commands start through
    /// `commands` (the binaries' runner registers each sandbox's process group, so a signal to
    /// the binary kills it); nullptr runs them without a registry.
    Sandbox(ExecProfile profile, RunnerEnv env,
            const lenses::api::CommandRunner* commands = nullptr);
    Sandbox(const Sandbox&) = delete;
    Sandbox& operator=(const Sandbox&) = delete;

    /// Runs argv with `writable` bound read-write at kSandboxWork (a `cwd` inside it is
    /// translated there; any other cwd means the checkout's root) under the profile's timeout,
    /// output caps and limits. `cancel` stops it early (its deadline counts as a timeout).
    /// Every process the command started is gone when this returns. Throws std::system_error
    /// when bwrap cannot start.
    CapturedRun run(const std::vector<std::string>& argv, const std::filesystem::path& writable,
                    const std::filesystem::path& cwd,
                    const util::CancellationToken& cancel = {}) const;

    /// What a command run with `writable` sees and its limits, for the audit.
    contracts::SandboxView view(const std::filesystem::path& writable) const;

    const ExecProfile& profile() const { return profile_; }

  private:
    SandboxSpec spec_for(const std::filesystem::path& writable,
                         const std::filesystem::path& cwd) const;

    ExecProfile profile_;
    RunnerEnv env_;
    const lenses::api::CommandRunner* commands_;
    std::filesystem::path bwrap_;
};

/// One command of a plan and what it did.
struct CommandOutcome {
    contracts::ExecutionCommandSpec spec;
    CapturedRun run;
};

/// The result of an execution plan: the audit, the outcomes, and the first failure's code
/// (EXECUTION_TIMEOUT or EXECUTION_EXIT_NONZERO) and message, if any. `cancelled`: the run was
/// cancelled (a signal) and the plan stopped; its outcome decides nothing.
struct PlanExecution {
    contracts::ExecutionAudit audit;
    std::vector<CommandOutcome> outcomes;
    std::optional<contracts::ErrorCode> failure;
    std::string failureMessage;
    bool cancelled = false;
    /// request.reportChangedFiles: repository-relative paths the commands changed or removed.
    std::vector<std::string> changedFiles;
    /// The checkout's path as the commands saw it (kSandboxWork): to read paths in their
    /// output.
    std::filesystem::path checkoutDir;
};

/// Which tree an execution plan runs on.
enum class TreeSource {
    index,     ///< the staged tree (pre-commit)
    commit,    ///< a commit (pre-push: the pushed commit)
    worktree,  ///< the files on disk, untracked included (phase validation)
};

struct ExecutionRequest {
    std::filesystem::path repoRoot;
    TreeSource source = TreeSource::index;
    std::string rev;  ///< for TreeSource::commit
    std::string executionKey;
    std::int64_t planOrdinal = 0;
    contracts::LensClass lensClass = contracts::LensClass::consistency;
    std::vector<contracts::LensClass> allowExecutionLensClasses;
    ExecProfile profile;
    std::vector<contracts::ExecutionCommandSpec> commands;
    /// List the checkout's files the commands changed or removed (PlanExecution::changedFiles):
    /// a formatter or linter runs in check mode, so a change it makes is an issue.
    bool reportChangedFiles = false;
};

/// The audit entry of one outcome: exit code (null on timeout or signal), hashes of the full
/// output streams.
contracts::ExecutionCommandResult audit_entry(const CommandOutcome& outcome);

/// The failure an outcome stands for, if any: EXECUTION_TIMEOUT or EXECUTION_EXIT_NONZERO.
std::optional<contracts::ErrorCode> outcome_failure(const CommandOutcome& outcome);

/// How the caller lets a plan's commands be stopped and tracked.
struct ExecutionControl {
    const lenses::api::CommandRunner* commands = nullptr;  ///< see Sandbox
    util::CancellationToken cancel;                        ///< a signal, the lens's deadline
};

/// The whole seed-002 execution step for one plan: permission check, command policy, sandbox
/// probe (all before anything runs), checkout of the tree under test into
/// `.worktrees/qa-skill/<executionKey>/<planOrdinal>/`, the commands in ordinal order (stopping
/// at the first failure), removal of the checkout. Throws ExecError for EXECUTION_DENIED and
/// EXECUTION_POLICY_VIOLATION; timeouts and non-zero exits are values in the result.
PlanExecution execute_plan(const git::Repository& repo, const ExecutionRequest& request,
                           const RunnerEnv& env, const ExecutionControl& control = {});

/// Writes the tree `source` names into `dir`, an empty directory.
void check_out(const git::Repository& repo, TreeSource source, const std::string& rev,
               const std::filesystem::path& dir);

/// Runs checked `commands` (policy already applied) in ordinal order in the checkout `dir`
/// (`relative` to the repository root, for the audit), stopping at the first failure. With
/// `report_changed_files`, lists the checkout's files the commands changed or removed.
PlanExecution run_in_checkout(const Sandbox& sandbox,
                              const std::vector<contracts::ExecutionCommandSpec>& commands,
                              const std::filesystem::path& dir, const std::string& relative,
                              bool report_changed_files, const util::CancellationToken& cancel);

/// The value of the limit `key` (max_processes...) in its profile's unit, for messages.
std::string limit_value(const SandboxLimits& limits, const std::string& key);

/// Canonical JSON text of an audit (what is written and hashed).
std::string audit_json(const contracts::ExecutionAudit& audit);

}  // namespace qa::exec

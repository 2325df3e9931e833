#include "exec/runner.hpp"

#include <cstdlib>
#include <system_error>

#include "contracts/json_io.hpp"
#include "exec/checkout.hpp"
#include "exec/exec_error.hpp"
#include "exec/policy.hpp"
#include "exec/sandbox.hpp"
#include "exec/tree_manifest.hpp"
#include "json/canonical.hpp"
#include "util/process.hpp"

namespace qa::exec {

namespace fs = std::filesystem;
using contracts::ErrorCode;

RunnerEnv RunnerEnv::from_process() {
    RunnerEnv env;
    const char* bwrap = std::getenv("QA_SKILL_BWRAP");
    if (bwrap != nullptr && *bwrap != '\0') {
        env.bwrapOverride = bwrap;
    }
    env.lookup = [](const std::string& name) -> std::optional<std::string> {
        const char* v = std::getenv(name.c_str());
        return v == nullptr ? std::nullopt : std::optional<std::string>(v);
    };
    return env;
}

Sandbox::Sandbox(ExecProfile profile, RunnerEnv env, const dispatch::CommandRunner* commands)
    : profile_(std::move(profile)), env_(std::move(env)), commands_(commands) {
    const auto found = find_bwrap(env_.bwrapOverride, env_.lookup("PATH"));
    if (!found) {
        throw ExecError(ErrorCode::EXECUTION_DENIED,
                        "bubblewrap (bwrap) is not installed" +
                            (env_.bwrapOverride ? " at " + *env_.bwrapOverride : std::string()) +
                            "; commands run only inside its sandbox, never without it "
                            "(Debian: apt-get install bubblewrap)");
    }
    if (const auto problem = sandbox_problem(*found)) {
        throw ExecError(ErrorCode::EXECUTION_DENIED,
                        "bubblewrap cannot create its namespaces here (" + *problem +
                            "); commands run only inside its sandbox, never without it");
    }
    bwrap_ = *found;
}

CapturedRun Sandbox::run(const std::vector<std::string>& argv, const fs::path& writable,
                         const fs::path& cwd, const fs::path& read_only,
                         const util::CancellationToken& cancel) const {
    SandboxSpec spec;
    spec.readOnlyDir = read_only;
    spec.bwrap = bwrap_;
    spec.writableDir = writable;
    spec.writableMount = kSandboxWork;
    // A directory of the checkout is seen at the fixed mount; any other (the repository root,
    // read-only) at its own path.
    const fs::path relative = cwd.lexically_relative(writable);
    const bool in_checkout = !writable.empty() && !relative.empty() && *relative.begin() != "..";
    spec.cwd = in_checkout ? (fs::path(kSandboxWork) / relative).lexically_normal() : cwd;
    spec.network = profile_.profile.allowNetwork;
    const auto& p = profile_.profile;
    util::ProcessSpec process;
    process.argv = sandbox_argv(spec, argv);
    process.env = sandbox_env(profile_, env_.lookup);
    process.stdin_data.clear();  // stdin is an empty pipe: a command never waits on the user
    process.timeout = std::chrono::milliseconds(p.commandTimeoutMs);
    process.max_stdout_bytes = static_cast<std::size_t>(p.maxStdoutBytes);
    process.max_stderr_bytes = static_cast<std::size_t>(p.maxStderrBytes);
    process.hash_output = true;
    // The sandbox's init runs in a session of its own: the group kill alone misses it.
    process.kill_descendants = true;
    const util::ProcessResult r =
        commands_ != nullptr ? commands_->run(std::move(process), cancel) : [&] {
            process.cancel = cancel;
            return util::run_process(process);
        }();
    CapturedRun run;
    run.exitCode = r.exit_code;
    run.signal = r.signal;
    run.timedOut = r.timed_out;
    run.cancelled = r.cancelled;
    run.out = CapturedStream{r.stdout_data, r.stdout_total, r.stdout_sha256};
    run.err = CapturedStream{r.stderr_data, r.stderr_total, r.stderr_sha256};
    return run;
}

contracts::ExecutionCommandResult audit_entry(const CommandOutcome& outcome) {
    contracts::ExecutionCommandResult r;
    r.ordinal = outcome.spec.ordinal;
    r.timedOut = outcome.run.timedOut;
    if (outcome.run.exitCode) {
        r.exitCode = *outcome.run.exitCode;
    }
    r.stdoutSha256 = outcome.run.out.sha256;
    r.stderrSha256 = outcome.run.err.sha256;
    return r;
}

std::optional<ErrorCode> outcome_failure(const CommandOutcome& outcome) {
    if (outcome.run.timedOut) {
        return ErrorCode::EXECUTION_TIMEOUT;
    }
    if (outcome.run.exitCode != 0) {
        return ErrorCode::EXECUTION_EXIT_NONZERO;
    }
    return std::nullopt;
}

PlanExecution execute_plan(const git::Repository& repo, const ExecutionRequest& request,
                           const RunnerEnv& env, const ExecutionControl& control) {
    // Everything that can refuse does so before a file is written or a command runs.
    const auto& profile = request.profile.profile;
    require_execution_allowed(request.lensClass, request.allowExecutionLensClasses, profile);
    const auto commands = checked_commands(request.commands, profile);
    const Sandbox sandbox(request.profile, env, control.commands);

    PlanExecution result;
    result.audit.permissionProfileId = profile.profileId;
    sweep_stale_execution_dirs(request.repoRoot);
    const std::string relative = execution_dir_relative(request.executionKey, request.planOrdinal);
    result.audit.worktreePath = relative;
    const ScratchDir dir(request.repoRoot / relative, request.repoRoot);
    switch (request.source) {
        case TreeSource::index:
            checkout_index(repo, dir.path());
            break;
        case TreeSource::commit:
            checkout_commit(repo, request.rev, dir.path());
            break;
        case TreeSource::worktree:
            snapshot_worktree(repo, dir.path());
            break;
    }
    result.checkoutDir = kSandboxWork;
    const TreeManifest before =
        request.reportChangedFiles ? tree_manifest(dir.path()) : TreeManifest{};
    for (const auto& spec : commands) {
        CommandOutcome outcome{spec, {}};
        const fs::path cwd =
            spec.cwdMode == contracts::CwdMode::repo_root ? request.repoRoot : dir.path();
        try {
            outcome.run =
                sandbox.run(spec.command, dir.path(), cwd, request.repoRoot, control.cancel);
        } catch (const std::system_error& e) {
            throw ExecError(ErrorCode::EXECUTION_AUDIT_UNAVAILABLE,
                            "command " + std::to_string(spec.ordinal) + ": " + e.what());
        }
        if (outcome.run.cancelled) {
            result.cancelled = true;  // not a result of the command: nothing is recorded
            break;
        }
        result.audit.commands.push_back(audit_entry(outcome));
        const auto failure = outcome_failure(outcome);
        result.outcomes.push_back(std::move(outcome));
        if (failure) {
            result.failure = failure;
            result.failureMessage =
                "command " + std::to_string(spec.ordinal) + " (" + display_command(spec.command) +
                ") " +
                (*failure == ErrorCode::EXECUTION_TIMEOUT
                     ? "passed its " + std::to_string(profile.commandTimeoutMs) +
                           " ms timeout and was killed with its process group"
                 : result.outcomes.back().run.exitCode
                     ? "exited with " + std::to_string(*result.outcomes.back().run.exitCode)
                     : "was killed by signal " + std::to_string(result.outcomes.back().run.signal));
            break;  // later commands build on earlier ones
        }
    }
    if (request.reportChangedFiles && !result.cancelled) {
        result.changedFiles = changed_paths(before, dir.path());
    }
    return result;
}

std::string audit_json(const contracts::ExecutionAudit& audit) {
    return json::canonical(contracts::to_json(audit));
}

}  // namespace qa::exec

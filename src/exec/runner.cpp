#include "exec/runner.hpp"

#include <unistd.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string_view>
#include <system_error>

#include "contracts/json_io.hpp"
#include "exec/checkout.hpp"
#include "exec/confinement.hpp"
#include "exec/exec_error.hpp"
#include "exec/policy.hpp"
#include "exec/sandbox.hpp"
#include "exec/tree_manifest.hpp"
#include "json/canonical.hpp"
#include "util/process.hpp"

extern char** environ;

namespace qa::exec {

namespace fs = std::filesystem;
using contracts::ErrorCode;

RunnerEnv RunnerEnv::from_process() {
    RunnerEnv env;
    const char* bwrap = std::getenv("QA_SKILL_BWRAP");
    if (bwrap != nullptr && *bwrap != '\0') {
        env.bwrapOverride = bwrap;
    }
    // A copy, taken now (when the binary builds its request): a sandbox made mid-run reads it,
    // never the process environment.
    auto vars = std::make_shared<std::map<std::string, std::string, std::less<>>>();
    for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
        const std::string_view text(*entry);
        if (const auto eq = text.find('='); eq != std::string_view::npos) {
            vars->emplace(text.substr(0, eq), text.substr(eq + 1));  // the first of a repeat
        }
    }
    env.lookup = [vars](const std::string& name) -> std::optional<std::string> {
        const auto it = vars->find(name);
        return it == vars->end() ? std::nullopt : std::optional<std::string>(it->second);
    };
    return env;
}

Sandbox::Sandbox(ExecProfile profile, RunnerEnv env, const lenses::api::CommandRunner* commands)
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
    if (profile_.profile.allowNetwork && !abstract_socket_scope_available()) {
        throw ExecError(
            ErrorCode::EXECUTION_DENIED,
            "profile exec_sandboxed shares the host's network namespace, where the host's "
            "abstract Unix sockets live, and this kernel cannot keep a command from them "
            "(Landlock ABI 6, Linux 6.12); use exec_sandboxed_network_off");
    }
    bwrap_ = *found;
}

SandboxSpec Sandbox::spec_for(const fs::path& writable, const fs::path& cwd) const {
    SandboxSpec spec;
    spec.bwrap = bwrap_;
    spec.writableDir = writable;
    spec.writableMount = kSandboxWork;
    // The checkout is seen at the fixed mount, whatever directory of it the command runs in;
    // anything else (repo_root) means the checkout's root: the repository itself is never
    // bound.
    const fs::path relative = cwd.lexically_relative(writable);
    const bool in_checkout = !writable.empty() && !relative.empty() && *relative.begin() != "..";
    spec.cwd = in_checkout ? (fs::path(kSandboxWork) / relative).lexically_normal()
                           : fs::path(kSandboxWork);
    spec.network = profile_.profile.allowNetwork;
    spec.readOnlyPaths = existing_read_only_paths(profile_, env_.lookup);
    spec.tmpSizeBytes = profile_.limits.tmpSizeBytes;
    return spec;
}

contracts::SandboxView Sandbox::view(const fs::path& writable) const {
    contracts::SandboxView v;
    v.mounts = sandbox_mounts(spec_for(writable, writable));
    v.network = profile_.profile.allowNetwork;
    v.maxProcesses = profile_.limits.maxProcesses;
    v.maxMemoryBytes = profile_.limits.maxMemoryBytes;
    v.maxFileSizeBytes = profile_.limits.maxFileSizeBytes;
    v.tmpSizeBytes = profile_.limits.tmpSizeBytes;
    v.processLimit = Confinement(profile_.limits, false).process_limit_method();
    return v;
}

CapturedRun Sandbox::run(const std::vector<std::string>& argv, const fs::path& writable,
                         const fs::path& cwd, const util::CancellationToken& cancel) const {
    const SandboxSpec spec = spec_for(writable, cwd);
    const auto& p = profile_.profile;
    const Confinement confinement(profile_.limits, p.allowNetwork);
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
    process.in_child = [&confinement] { return confinement.apply_in_child(); };
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
    run.limitExceeded = confinement.breach(run);
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
    r.limitExceeded = outcome.run.limitExceeded;
    return r;
}

std::optional<ErrorCode> outcome_failure(const CommandOutcome& outcome) {
    if (outcome.run.limitExceeded) {
        return ErrorCode::EXECUTION_POLICY_VIOLATION;
    }
    if (outcome.run.timedOut) {
        return ErrorCode::EXECUTION_TIMEOUT;
    }
    if (outcome.run.exitCode != 0) {
        return ErrorCode::EXECUTION_EXIT_NONZERO;
    }
    return std::nullopt;
}

void check_out(const git::Repository& repo, TreeSource source, const std::string& rev,
               const fs::path& dir) {
    switch (source) {
        case TreeSource::index:
            checkout_index(repo, dir);
            break;
        case TreeSource::commit:
            checkout_commit(repo, rev, dir);
            break;
        case TreeSource::worktree:
            snapshot_worktree(repo, dir);
            break;
    }
}

PlanExecution run_in_checkout(const Sandbox& sandbox,
                              const std::vector<contracts::ExecutionCommandSpec>& commands,
                              const fs::path& dir, const std::string& relative,
                              bool report_changed_files, const util::CancellationToken& cancel) {
    const auto& profile = sandbox.profile().profile;
    PlanExecution result;
    result.audit.permissionProfileId = profile.profileId;
    result.audit.worktreePath = relative;
    result.checkoutDir = kSandboxWork;
    result.audit.sandbox = sandbox.view(dir);
    const TreeManifest before = report_changed_files ? tree_manifest(dir) : TreeManifest{};
    for (const auto& spec : commands) {
        CommandOutcome outcome{spec, {}};
        // repo_root: the root of the tree under test; the repository itself is never bound.
        try {
            outcome.run = sandbox.run(spec.command, dir, dir, cancel);
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
            const auto& run = result.outcomes.back().run;
            result.failure = failure;
            result.failureMessage =
                "command " + std::to_string(spec.ordinal) + " (" + display_command(spec.command) +
                ") " +
                (run.limitExceeded ? "hit the sandbox's limit " + *run.limitExceeded + " = " +
                                         limit_value(sandbox.profile().limits, *run.limitExceeded) +
                                         " (raise it in [permission_profiles." +
                                         std::string(contracts::to_string(profile.profileId)) + "])"
                 : *failure == ErrorCode::EXECUTION_TIMEOUT
                     ? "passed its " + std::to_string(profile.commandTimeoutMs) +
                           " ms timeout and was killed with its process group"
                 : run.exitCode ? "exited with " + std::to_string(*run.exitCode)
                                : "was killed by signal " + std::to_string(run.signal));
            break;  // later commands build on earlier ones
        }
    }
    if (report_changed_files && !result.cancelled) {
        result.changedFiles = changed_paths(before, dir);
    }
    return result;
}

PlanExecution execute_plan(const git::Repository& repo, const ExecutionRequest& request,
                           const RunnerEnv& env, const ExecutionControl& control) {
    // Everything that can refuse does so before a file is written or a command runs.
    const auto& profile = request.profile.profile;
    require_execution_allowed(request.lensClass, request.allowExecutionLensClasses, profile);
    const auto commands = checked_commands(request.commands, profile);
    const Sandbox sandbox(request.profile, env, control.commands);

    const std::string relative = execution_dir_relative(request.executionKey, request.planOrdinal);
    refuse_linked_path(request.repoRoot, relative);
    sweep_stale_execution_dirs(request.repoRoot);
    const ScratchDir dir(request.repoRoot / relative, request.repoRoot);
    check_out(repo, request.source, request.rev, dir.path());
    return run_in_checkout(sandbox, commands, dir.path(), relative, request.reportChangedFiles,
                           control.cancel);
}

std::string limit_value(const SandboxLimits& limits, const std::string& key) {
    if (key == "max_processes") {
        return std::to_string(limits.maxProcesses);
    }
    if (key == "max_memory_mb") {
        return std::to_string(limits.maxMemoryBytes >> 20) + " (per process)";
    }
    if (key == "max_file_size_mb") {
        return std::to_string(limits.maxFileSizeBytes >> 20);
    }
    return std::to_string(limits.tmpSizeBytes >> 20);
}

std::string audit_json(const contracts::ExecutionAudit& audit) {
    return json::canonical(contracts::to_json(audit));
}

}  // namespace qa::exec

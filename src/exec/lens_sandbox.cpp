#include "exec/lens_sandbox.hpp"

#include <memory>

#include "contracts/enums.hpp"
#include "exec/confinement.hpp"
#include "exec/exec_error.hpp"
#include "exec/policy.hpp"
#include "exec/sandbox.hpp"
#include "input/run_input.hpp"

namespace qa::exec {

namespace fs = std::filesystem;

LensSandbox::LensSandbox(const ExecutionPolicy& policy, fs::path repo_root, RunnerEnv env)
    : policy_(policy), repoRoot_(std::move(repo_root)), env_(std::move(env)) {}

std::variant<fs::path, std::string> LensSandbox::bwrap() const {
    std::call_once(probed_, [this] {
        const auto found = find_bwrap(env_.bwrapOverride, env_.lookup("PATH"));
        if (!found) {
            bwrap_ = std::string(
                "bubblewrap (bwrap) is not installed; a lens's program runs only inside its "
                "sandbox, never without it (Debian: apt-get install bubblewrap)");
        } else if (const auto problem = sandbox_problem(*found)) {
            bwrap_ = "bubblewrap cannot create its namespaces here (" + *problem +
                     "); a lens's program runs only inside its sandbox, never without it";
        } else {
            bwrap_ = *found;
        }
    });
    return bwrap_;
}

std::variant<util::ProcessSpec, std::string> LensSandbox::confine(const input::LensInput& lens,
                                                                  util::ProcessSpec spec) const {
    if (policy_.untrusted) {  // a store that cannot be read (no HOME) trusted nothing either
        return *policy_.untrusted;
    }
    const ExecProfile profile = policy_.profile(lens.permissionProfile);
    try {
        require_execution_allowed(lens.lensClass, policy_.allowedClasses, profile.profile);
    } catch (const ExecError& e) {
        return std::string(e.what());
    }
    const auto found = bwrap();
    if (const auto* problem = std::get_if<std::string>(&found)) {
        return *problem;
    }
    if (profile.profile.allowNetwork && !abstract_socket_scope_available()) {
        return std::string(
            "profile exec_sandboxed shares the host's network namespace, where the host's "
            "abstract Unix sockets live, and this kernel cannot keep a program from them "
            "(Landlock ABI 6, Linux 6.12); use exec_sandboxed_network_off");
    }
    SandboxSpec sandbox;
    sandbox.bwrap = std::get<fs::path>(found);
    sandbox.readOnlyDir = repoRoot_;
    sandbox.cwd = repoRoot_;
    sandbox.network = profile.profile.allowNetwork;
    sandbox.readOnlyPaths = existing_read_only_paths(profile, env_.lookup);
    sandbox.tmpSizeBytes = profile.limits.tmpSizeBytes;
    // The limits are applied between fork and exec of bwrap; the confinement lives as long as
    // the spec that runs it (its cgroup, when root, is removed with it).
    const auto confinement =
        std::make_shared<const Confinement>(profile.limits, profile.profile.allowNetwork);
    spec.in_child = [confinement] { return confinement->apply_in_child(); };
    // A program named by a relative path is the repository's own (`tools/lens`), found from
    // the repository root, which is the sandbox's directory; a bare name is looked up on PATH.
    spec.argv = sandbox_argv(sandbox, spec.argv);
    spec.env = sandbox_env(profile, env_.lookup);
    spec.cwd = repoRoot_;
    // bwrap's init runs in a session of its own: kill it and wait for it, not only its group.
    spec.kill_descendants = true;
    spec.max_stdout_bytes = static_cast<std::size_t>(profile.profile.maxStdoutBytes);
    spec.max_stderr_bytes = static_cast<std::size_t>(profile.profile.maxStderrBytes);
    return spec;
}

}  // namespace qa::exec

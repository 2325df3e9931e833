#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "exec/profile.hpp"

namespace qa::exec {

/// Looks up a variable of the caller's environment.
using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;

/// A path a profile's read_only_paths names, as written and as found on this machine.
struct ReadOnlyPath {
    std::string written;         ///< "~/.cargo", as the audit records it
    std::filesystem::path host;  ///< "/home/me/.cargo"; bound at the same path inside
};

/// The profile's read_only_paths that exist here, `~/` taken from HOME (a path under `~/`
/// without HOME is left out).
std::vector<ReadOnlyPath> existing_read_only_paths(const ExecProfile& profile,
                                                   const EnvLookup& lookup);

/// Where and how one command runs inside bubblewrap.
struct SandboxSpec {
    std::filesystem::path bwrap;  ///< absolute path of the bwrap binary
    /// Bound read-only at its own path (an external lens's repository, .git hidden); empty for
    /// none. Execution lenses never see the repository, only their checkout.
    std::filesystem::path readOnlyDir;
    std::filesystem::path writableDir;  ///< bound read-write (the checkout); empty for none
    /// Where writableDir appears inside the sandbox; empty: at its own path.
    std::filesystem::path writableMount;
    std::filesystem::path cwd;  ///< the command's directory inside the sandbox
    bool network = false;       ///< false: --unshare-net (no network, loopback included)
    std::vector<ReadOnlyPath> readOnlyPaths;
    std::int64_t tmpSizeBytes = 0;  ///< the private /tmp's size; 0: bwrap's default
};

/// The /etc entries a sandbox sees, each for a reason (doc/execution.md lists them): the
/// dynamic loader's cache and configuration, user and group names, name resolution, the CA
/// certificates, Debian's alternatives (many tools are links through them), os-release. Never
/// shadow, gshadow, sudoers or ssh/.
const std::vector<std::string>& etc_allowlist();

/// The bwrap argv that runs `command`: an empty root holding only /usr and its usr-merged
/// links, the /etc allowlist and the profile's read_only_paths, all read-only; /dev and /proc
/// fresh; a private size-limited tmpfs /tmp holding HOME; the writable directory bound
/// read-write; new user (all capabilities dropped), pid, ipc, uts, cgroup and (without
/// network) net namespaces, --die-with-parent and --new-session. No host socket is under any
/// of these paths; the pid namespace makes bwrap's death the death of everything the command
/// started.
std::vector<std::string> sandbox_argv(const SandboxSpec& spec,
                                      const std::vector<std::string>& command);

/// What sandbox_argv() shows the command, for the audit: each path and whether it is writable.
std::vector<contracts::SandboxMount> sandbox_mounts(const SandboxSpec& spec);

/// The HOME every sandboxed command gets: a directory of the private /tmp.
inline constexpr const char* kSandboxHome = "/tmp/home";

/// Where the checkout appears inside the sandbox: the same path in every clone and every run,
/// so that a tool printing its working directory (a traceback, a compiler message) prints the
/// same bytes and the audit's output hashes stay identical across clones (seed test 12).
inline constexpr const char* kSandboxWork = "/tmp/qa-skill/work";

/// PATH inside: the entries of the caller's PATH (or /usr/local/bin:/usr/bin:/bin) that exist
/// inside the sandbox, under /usr, a usr-merged link or a read_only_path; no relative entry.
std::string sandbox_path(const std::optional<std::string>& path_var,
                         const std::vector<ReadOnlyPath>& read_only_paths);

/// The sandbox environment: PATH (sandbox_path), HOME=kSandboxHome, LANG=C.UTF-8, TZ=UTC, and
/// each variable the profile's env_allowlist names that `lookup` finds. Nothing else: no API
/// key variable reaches a command.
std::vector<std::string> sandbox_env(const ExecProfile& profile, const EnvLookup& lookup);

/// The bwrap to use: `override_path` when given (QA_SKILL_BWRAP), else `bwrap` on `path_var`.
std::optional<std::filesystem::path> find_bwrap(const std::optional<std::string>& override_path,
                                                const std::optional<std::string>& path_var);

/// Empty when bwrap can create its namespaces here; otherwise why not (its own stderr), for
/// the fail-closed message.
std::optional<std::string> sandbox_problem(const std::filesystem::path& bwrap);

}  // namespace qa::exec

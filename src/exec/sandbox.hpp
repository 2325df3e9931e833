#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "exec/profile.hpp"

namespace qa::exec {

/// Where and how one command runs inside bubblewrap.
struct SandboxSpec {
    std::filesystem::path bwrap;        ///< absolute path of the bwrap binary
    std::filesystem::path readOnlyDir;  ///< bound read-only first (the repository for repo_root
                                        ///< commands, visible even under the private /tmp)
    std::filesystem::path writableDir;  ///< bound read-write (the checkout); empty for none
    /// Where writableDir appears inside the sandbox; empty: at its own path.
    std::filesystem::path writableMount;
    std::filesystem::path cwd;  ///< the command's directory inside the sandbox
    bool network = false;       ///< false: --unshare-net (no network, loopback included)
};

/// The bwrap argv that runs `command`: the whole system read-only, /dev and /proc fresh, a
/// private tmpfs /tmp holding HOME, the writable directory bound read-write, new pid, ipc, uts
/// and (without network) net namespaces, --die-with-parent and --new-session. The pid
/// namespace makes bwrap's death the death of everything the command started.
std::vector<std::string> sandbox_argv(const SandboxSpec& spec,
                                      const std::vector<std::string>& command);

/// The HOME every sandboxed command gets: a directory of the private /tmp.
inline constexpr const char* kSandboxHome = "/tmp/home";

/// Where the checkout appears inside the sandbox: the same path in every clone and every run,
/// so that a tool printing its working directory (a traceback, a compiler message) prints the
/// same bytes and the audit's output hashes stay identical across clones (seed test 12).
inline constexpr const char* kSandboxWork = "/tmp/qa-skill/work";

/// The sandbox environment: PATH (ours), HOME=kSandboxHome, LANG=C.UTF-8, TZ=UTC, and each
/// variable the profile's env_allowlist names that `lookup` finds. Nothing else: no API key
/// variable reaches a command.
std::vector<std::string> sandbox_env(
    const ExecProfile& profile,
    const std::function<std::optional<std::string>(const std::string&)>& lookup);

/// The bwrap to use: `override_path` when given (QA_SKILL_BWRAP), else `bwrap` on `path_var`.
std::optional<std::filesystem::path> find_bwrap(const std::optional<std::string>& override_path,
                                                const std::optional<std::string>& path_var);

/// Empty when bwrap can create its namespaces here; otherwise why not (its own stderr), for
/// the fail-closed message.
std::optional<std::string> sandbox_problem(const std::filesystem::path& bwrap);

}  // namespace qa::exec

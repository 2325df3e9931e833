#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "exec/captured_run.hpp"

namespace qa::exec {

/// The resource limits of a permission profile (each a profile key with a default, see
/// doc/execution.md). Bytes here; the profile keys are in MiB.
struct SandboxLimits {
    std::int64_t maxProcesses = 256;            ///< max_processes
    std::int64_t maxMemoryBytes = 4LL << 30;    ///< max_memory_mb, per process (RLIMIT_DATA)
    std::int64_t maxFileSizeBytes = 1LL << 30;  ///< max_file_size_mb (RLIMIT_FSIZE)
    std::int64_t tmpSizeBytes = 512LL << 20;    ///< tmp_size_mb: the private /tmp and HOME

    bool operator==(const SandboxLimits&) const = default;
};

/// Whether this kernel can keep a process from connecting to the host's abstract Unix sockets
/// (Landlock ABI 6, Linux 6.12): what a profile with network needs, since it shares the host's
/// network namespace, where those sockets live.
bool abstract_socket_scope_available();

/// How one sandboxed command is held to its limits. Built before the command starts, applied
/// in the child between fork and exec of bwrap (apply_in_child), asked after it ended which
/// limit it hit (breach). Processes: RLIMIT_NPROC, counted per user namespace (bwrap gives each
/// sandbox its own); for root, which RLIMIT_NPROC never binds, a pids cgroup of its own when
/// the cgroup v1 pids hierarchy is writable. Memory: RLIMIT_DATA per process. File size:
/// RLIMIT_FSIZE. Network profiles: a Landlock domain scoped against abstract Unix sockets.
class Confinement {
  public:
    Confinement(const SandboxLimits& limits, bool scope_abstract_sockets);
    ~Confinement();
    Confinement(const Confinement&) = delete;
    Confinement& operator=(const Confinement&) = delete;

    /// The child side: async-signal-safe. Returns 0 or an errno.
    int apply_in_child() const noexcept;

    /// How the process limit is enforced: "rlimit", "cgroup", or "unenforced" (root without a
    /// writable pids cgroup), for the audit.
    const std::string& process_limit_method() const { return method_; }

    /// The profile key of the limit the command hit, if it failed and the evidence shows one:
    /// death by SIGXFSZ (max_file_size_mb), the cgroup's count of refused forks or a refused fork
    /// in its output (max_processes), an allocation refused (max_memory_mb), a full /tmp
    /// (tmp_size_mb).
    std::optional<std::string> breach(const CapturedRun& run) const;

  private:
    SandboxLimits limits_;
    bool scope_ = false;
    std::string method_;
    std::filesystem::path cgroup_;  ///< the pids cgroup (root), removed with this object
    std::string cgroupProcs_;       ///< its cgroup.procs, as the child writes it
};

}  // namespace qa::exec

#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "util/cancellation.hpp"

namespace qa::util {

class ChildRegistry;

/// How to run a child process. The command is an argv array, never a shell string.
struct ProcessSpec {
    std::vector<std::string> argv;
    std::filesystem::path cwd;                    ///< empty: the current directory
    std::optional<std::vector<std::string>> env;  ///< "K=V" entries; nullopt inherits ours
    std::string stdin_data;
    std::chrono::milliseconds timeout{0};      ///< 0: no limit
    std::size_t max_stdout_bytes = 64u << 20;  ///< beyond this, output is counted, not kept
    std::size_t max_stderr_bytes = 64u << 20;
    /// Polled while the child runs: when it stops, the child's process group is killed.
    CancellationToken cancel;
    /// When set, the child's process group is registered here while it lives, so that an
    /// interrupted process can kill it (see orchestrator::Failsafe).
    ChildRegistry* children = nullptr;
    /// Hash every byte of stdout and stderr (ProcessResult::*_sha256), the capped ones too.
    bool hash_output = false;
    /// Also kill the descendants that left the child's process group (a new session, as
    /// bubblewrap's sandbox init), and wait until they are gone before returning.
    bool kill_descendants = false;
    /// Runs in the child between fork and exec, to confine it (resource limits, a cgroup, a
    /// Landlock domain) before the program starts: async-signal-safe calls only. Returns 0, or
    /// an errno that stops the start (run_process then throws std::system_error with it). When
    /// set, argv[0] must be a path (no PATH search: execvp is not async-signal-safe).
    std::function<int()> in_child;
};

struct ProcessResult {
    std::optional<int> exit_code;  ///< nullopt when killed by a signal or on timeout
    int signal = 0;                ///< the signal that ended it, 0 if none
    bool timed_out = false;        ///< killed at spec.timeout or at the token's deadline
    bool cancelled = false;        ///< killed because spec.cancel was cancelled
    std::string stdout_data;
    std::string stderr_data;
    std::size_t stdout_total = 0;  ///< bytes produced, including those beyond the cap
    std::size_t stderr_total = 0;
    std::string stdout_sha256;  ///< spec.hash_output: SHA-256 of all stdout, beyond the cap too
    std::string stderr_sha256;
};

/// The caller ignores SIGPIPE (both binaries do), so a child that exits before reading all of
/// its stdin is not fatal.
/// Runs the process to completion, or until the timeout or the token stops it: then its
/// process group is killed with SIGKILL. The deadline covers the wait for the child's exit
/// too, not only its output (a child that closes its stdout and keeps running is killed).
/// When the child exits, what is left of its process group is killed as well: a command never
/// leaves processes behind. Expected failures (a non-zero exit, a timeout) are values; throws
/// std::system_error only when the child cannot be started at all.
ProcessResult run_process(const ProcessSpec& spec);

}  // namespace qa::util

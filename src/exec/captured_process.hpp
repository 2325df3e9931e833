#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace qa::exec {

/// One output stream of a command: what was kept (up to the cap) and the hash of all of it.
struct CapturedStream {
    std::string kept;
    std::size_t total = 0;  ///< bytes produced, including those beyond the cap
    std::string sha256;     ///< of every byte produced, not only of `kept`
    bool truncated() const { return total > kept.size(); }
};

struct CapturedRun {
    std::optional<int> exitCode;  ///< nullopt on a timeout or a death by signal
    int signal = 0;
    bool timedOut = false;
    CapturedStream out;
    CapturedStream err;
};

/// Runs argv (resolved on PATH of this process) in a new process group with exactly `env`,
/// stdin from /dev/null, until it exits or `timeout` passes; then the whole process group is
/// killed with SIGKILL and reaped. Never waits past the deadline for a descendant that keeps a
/// pipe open. Throws std::system_error when the program cannot be started.
CapturedRun run_captured(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                         std::chrono::milliseconds timeout, std::size_t max_stdout,
                         std::size_t max_stderr);

}  // namespace qa::exec

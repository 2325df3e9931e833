#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace qa::util {

/// How to run a child process. The command is an argv array, never a shell string.
struct ProcessSpec {
    std::vector<std::string> argv;
    std::filesystem::path cwd;                    ///< empty: the current directory
    std::optional<std::vector<std::string>> env;  ///< "K=V" entries; nullopt inherits ours
    std::string stdin_data;
    std::chrono::milliseconds timeout{0};      ///< 0: no limit
    std::size_t max_stdout_bytes = 64u << 20;  ///< beyond this, output is counted, not kept
    std::size_t max_stderr_bytes = 64u << 20;
};

struct ProcessResult {
    std::optional<int> exit_code;  ///< nullopt when killed by a signal or on timeout
    int signal = 0;                ///< the signal that ended it, 0 if none
    bool timed_out = false;
    std::string stdout_data;
    std::string stderr_data;
    std::size_t stdout_total = 0;  ///< bytes produced, including those beyond the cap
    std::size_t stderr_total = 0;
};

/// The caller ignores SIGPIPE (both binaries do), so a child that exits before reading all of
/// its stdin is not fatal.
/// Runs the process to completion (or until the timeout, when it and its process group are
/// killed). Throws std::system_error when it cannot be started at all.
ProcessResult run_process(const ProcessSpec& spec);

}  // namespace qa::util

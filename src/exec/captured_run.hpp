#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace qa::exec {

/// One output stream of a sandboxed command: what was kept (up to the profile's cap) and the
/// hash of all of it.
struct CapturedStream {
    std::string kept;
    std::size_t total = 0;  ///< bytes produced, including those beyond the cap
    std::string sha256;     ///< of every byte produced, not only of `kept`
    bool truncated() const { return total > kept.size(); }
};

/// What one sandboxed command did.
struct CapturedRun {
    std::optional<int> exitCode;  ///< nullopt on a timeout, a cancellation or a death by signal
    int signal = 0;
    bool timedOut = false;
    bool cancelled = false;  ///< stopped because the run was cancelled (a signal to the binary)
    CapturedStream out;
    CapturedStream err;
    /// The profile key of the sandbox limit it hit (max_processes...), if any.
    std::optional<std::string> limitExceeded;
};

}  // namespace qa::exec

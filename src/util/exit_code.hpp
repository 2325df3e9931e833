#pragma once

namespace qa::util {

/// Process exit codes shared by `qa-skill` and `qa-skill-hook`. Every non-zero blocks git.
enum ExitCode : int {
    kExitPass = 0,      ///< PASS, or a command that succeeded
    kExitFail = 1,      ///< FAIL verdict, or invalid documents for `schema validate`
    kExitUsage = 2,     ///< bad usage, bad config or unreadable input
    kExitInternal = 3,  ///< anything unexpected; never a PASS
};

}  // namespace qa::util

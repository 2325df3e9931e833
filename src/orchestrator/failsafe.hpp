#pragma once

namespace qa::orchestrator {

/// Makes the process fail closed: SIGTERM, SIGINT, SIGHUP and SIGQUIT, and (outside sanitizer
/// builds) SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT end it with a one-line message and exit
/// code 3 instead of a signal death (pre-commit 3.x reports a hook killed by a signal as
/// "Passed", pre-commit#2970). SIGPIPE is ignored.
void install_failsafe_handlers();

}  // namespace qa::orchestrator

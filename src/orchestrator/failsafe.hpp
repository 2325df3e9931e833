#pragma once

#include <atomic>
#include <chrono>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>

#include "orchestrator/run_control.hpp"
#include "util/cancellation.hpp"
#include "util/child_registry.hpp"

namespace qa::orchestrator {

/// Makes a process fail closed. Construct one first thing in main(), before any other thread
/// exists, and keep it for the whole of main():
///
/// - SIGTERM, SIGINT, SIGHUP, SIGQUIT and SIGXFSZ are blocked in every thread and taken by a
///   watcher thread (signalfd), so the process never dies by them (pre-commit 3.x reports a
///   hook killed by a signal as "Passed", pre-commit#2970). On the first one the watcher
///   prints a line, cancels the run's token (run_process then kills each child with what it
///   started and waits until they are gone) and gives main() `kInterruptGrace` to unwind
///   (lenses return, temporary files are removed by their owners, main returns 3). Past that,
///   or on a second signal, it kills the child groups and the processes that left them, waits
///   for them (kReapLimit), and ends the process with exit 3 itself.
/// - SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT (outside sanitizer builds) end the process
///   with a message and exit 3; SIGPIPE is ignored.
///
/// No global mutable state: the token, the child registry and the interrupt are members, lent
/// to the run through RunControl. The fault handlers keep none.
class Failsafe {
  public:
    static constexpr std::chrono::milliseconds kInterruptGrace{2000};
    /// How long an exit waits for killed child processes to be gone (they are SIGKILLed, so
    /// only a loaded machine makes this take more than milliseconds).
    static constexpr std::chrono::milliseconds kReapLimit{2000};

    /// `program` prefixes the messages ("qa-skill-hook").
    explicit Failsafe(std::string program);
    ~Failsafe();
    Failsafe(const Failsafe&) = delete;
    Failsafe& operator=(const Failsafe&) = delete;

    /// Cancelled when a signal arrives.
    util::CancellationToken token() const { return util::CancellationToken(stop_.get_token()); }
    util::ChildRegistry& children() { return children_; }
    /// The signal that interrupted the process, 0 when none did.
    int interrupted() const { return signal_.load(); }

    /// The run's control: this token and registry, and abandon() for an overdue lens.
    RunControl control();

    /// Ends the process now with exit 3, after killing the registered child groups: for a lens
    /// that ignores its stop past its grace (Dispatcher's on_overdue), whose thread must not be
    /// left running while main() destroys what it borrows.
    [[noreturn]] void abandon(std::string_view why);

  private:
    void watch();

    std::string program_;
    std::stop_source stop_;
    util::ChildRegistry children_;
    std::atomic<int> signal_{0};
    int signal_fd_ = -1;
    int wake_fd_ = -1;  ///< eventfd: main() is done (destructor), the watcher returns
    std::thread watcher_;
};

}  // namespace qa::orchestrator

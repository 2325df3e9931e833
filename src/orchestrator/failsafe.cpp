#include "orchestrator/failsafe.hpp"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <system_error>

#include "util/exit_code.hpp"

namespace qa::orchestrator {
namespace {

void write_all(const char* text) {
    std::size_t left = std::strlen(text);
    while (left > 0) {
        const ssize_t n = ::write(STDERR_FILENO, text, left);
        if (n <= 0) {
            return;
        }
        text += n;
        left -= static_cast<std::size_t>(n);
    }
}

/// "<digits>" of a small positive number, async-signal-safe.
void write_number(int value) {
    char digits[12];
    char* p = digits + sizeof digits;
    *--p = '\0';
    do {
        *--p = static_cast<char>('0' + value % 10);
        value /= 10;
    } while (value > 0 && p > digits);
    write_all(p);
}

// C linkage, as a handler given to sigaction should have; static, because C linkage ignores the
// unnamed namespace and the handler would otherwise be an external symbol.
extern "C" {
static void on_fatal_signal(int sig) {
    // Only async-signal-safe calls from here on.
    write_all("qa-skill: stopped by signal ");
    write_number(sig);
    write_all("\nqa-skill: the run did not finish; blocking (exit 3)\n");
    ::_exit(3);
}
}

/// The signals the watcher takes: a request to stop, never a fault.
sigset_t interrupt_signals() {
    sigset_t set;
    sigemptyset(&set);
    for (const int sig : {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGXFSZ}) {
        sigaddset(&set, sig);
    }
    return set;
}

}  // namespace

Failsafe::Failsafe(std::string program) : program_(std::move(program)) {
    // Blocked before any thread starts, so every thread inherits the mask and only the
    // watcher's signalfd sees these signals. run_process gives its children an empty mask.
    const sigset_t interrupts = interrupt_signals();
    ::pthread_sigmask(SIG_BLOCK, &interrupts, nullptr);

    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, nullptr);
#if !defined(__SANITIZE_ADDRESS__)
    // Sanitizer builds keep their own handlers, which print the report we want there.
    struct sigaction fatal {};
    fatal.sa_handler = on_fatal_signal;
    sigemptyset(&fatal.sa_mask);
    for (const int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) {
        ::sigaction(sig, &fatal, nullptr);
    }
#endif

    signal_fd_ = ::signalfd(-1, &interrupts, SFD_CLOEXEC);
    wake_fd_ = ::eventfd(0, EFD_CLOEXEC);
    if (signal_fd_ < 0 || wake_fd_ < 0) {
        const int err = errno;
        for (const int fd : {signal_fd_, wake_fd_}) {
            if (fd >= 0) {
                ::close(fd);
            }
        }
        throw std::system_error(err, std::generic_category(), "failsafe: signalfd");
    }
    watcher_ = std::thread([this] { watch(); });
}

Failsafe::~Failsafe() {
    if (watcher_.joinable()) {
        const std::uint64_t one = 1;
        [[maybe_unused]] const auto n = ::write(wake_fd_, &one, sizeof one);
        watcher_.join();
    }
    for (int* fd : {&signal_fd_, &wake_fd_}) {
        if (*fd >= 0) {
            ::close(*fd);
            *fd = -1;
        }
    }
}

RunControl Failsafe::control() {
    RunControl c;
    c.cancel = token();
    c.children = &children_;
    c.onOverdueLens = [this](const contracts::LensPlan& plan) {
        abandon("lens \"" + plan.lensId + "\" did not stop within " +
                std::to_string(kInterruptGrace.count()) + " ms of its time limit");
    };
    return c;
}

void Failsafe::abandon(std::string_view why) {
    std::fflush(stdout);
    const std::string line = program_ + ": " + std::string(why) + "; blocking (exit 3)\n";
    write_all(line.c_str());
    stop_.request_stop();
    children_.kill_all_and_wait(kReapLimit);
    std::_Exit(util::kExitInternal);
}

void Failsafe::watch() {
    // Waits for a signal, or for main() to be done; after a signal, for at most the grace.
    using Clock = std::chrono::steady_clock;
    std::optional<Clock::time_point> until;
    for (;;) {
        int wait_ms = -1;
        if (until) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(*until - Clock::now());
            wait_ms = static_cast<int>(std::max<std::int64_t>(0, left.count()));
        }
        pollfd fds[2] = {{signal_fd_, POLLIN, 0}, {wake_fd_, POLLIN, 0}};
        const int ready = ::poll(fds, 2, wait_ms);
        if (ready < 0 && errno == EINTR) {
            continue;
        }
        if (ready > 0 && (fds[1].revents & POLLIN)) {
            return;  // main() is done
        }
        if (ready > 0 && (fds[0].revents & POLLIN)) {
            signalfd_siginfo info{};
            if (::read(signal_fd_, &info, sizeof info) != sizeof info) {
                continue;
            }
            const int sig = static_cast<int>(info.ssi_signo);
            if (signal_.exchange(sig) == 0) {
                const std::string line = program_ + ": stopped by signal " + std::to_string(sig) +
                                         "\n" + program_ +
                                         ": the run did not finish; blocking (exit 3)\n";
                write_all(line.c_str());
                // The token reaches every child: run_process polls it and kills the child with
                // everything it started, waiting until they are gone. Signalling the groups from
                // here as well would kill a sandbox's bubblewrap first and orphan the sandbox
                // (its init runs in a session of its own) before anyone listed it.
                stop_.request_stop();
                until = Clock::now() + kInterruptGrace;
                continue;
            }
            // A second signal: the user insists.
        } else if (!until || Clock::now() < *until) {
            continue;
        }
        // The grace is over (or a second signal came) and main() has not returned. What the
        // children left (a sandbox's processes) is gone before the exit, not some time after.
        children_.kill_all_and_wait(kReapLimit);
        ::_exit(util::kExitInternal);
    }
}

}  // namespace qa::orchestrator

#include "orchestrator/failsafe.hpp"

#include <signal.h>
#include <unistd.h>

#include <cstring>
#include <initializer_list>

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

extern "C" void on_fatal_signal(int sig) {
    // Only async-signal-safe calls from here on.
    write_all("qa-skill: stopped by signal ");
    char digits[4] = {static_cast<char>('0' + (sig / 10) % 10), static_cast<char>('0' + sig % 10),
                      '\n', '\0'};
    write_all(sig >= 10 ? digits : digits + 1);
    write_all("qa-skill: the run did not finish; blocking (exit 3)\n");
    ::_exit(3);
}

}  // namespace

void install_failsafe_handlers() {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, nullptr);

    struct sigaction fatal {};
    fatal.sa_handler = on_fatal_signal;
    sigemptyset(&fatal.sa_mask);
    for (const int sig : {SIGTERM, SIGINT, SIGHUP, SIGQUIT}) {
        ::sigaction(sig, &fatal, nullptr);
    }
#if !defined(__SANITIZE_ADDRESS__)
    // Sanitizer builds keep their own handlers, which print the report we want there.
    for (const int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) {
        ::sigaction(sig, &fatal, nullptr);
    }
#endif
}

}  // namespace qa::orchestrator

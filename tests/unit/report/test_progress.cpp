// The "still checking" line: shown once a run passes a second, erased before the report, and
// only on a terminal. stderr is swapped for a pipe to read what the line writes.
#include <catch2/catch.hpp>

#include <poll.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "report/progress.hpp"

namespace {

/// Runs `body` with stderr going into a pipe, and returns what was written there.
template <class Body>
std::string captured_stderr(Body&& body) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    std::fflush(stderr);
    const int saved = ::dup(STDERR_FILENO);
    ::dup2(fds[1], STDERR_FILENO);
    body(fds[0]);
    std::fflush(stderr);
    ::dup2(saved, STDERR_FILENO);
    ::close(saved);
    ::close(fds[1]);
    std::string out;
    char buffer[256];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) {
        out.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fds[0]);
    return out;
}

}  // namespace

TEST_CASE("the progress line shows what is checked and is erased at the end",
          "[report][progress]") {
    const std::string out = captured_stderr([](int read_end) {
        const qa::report::Progress progress("staged changes", true);
        // Wait for the first line, however long the machine takes to write it.
        pollfd ready{read_end, POLLIN, 0};
        REQUIRE(::poll(&ready, 1, 60000) == 1);
    });
    CHECK(out.starts_with("\rqa-skill: checking staged changes... 1s"));
    CHECK(out.ends_with("\r\033[K"));
}

TEST_CASE("no progress line when disabled, nor off a terminal", "[report][progress]") {
    std::string wanted_on_pipe = "unset";
    const std::string out = captured_stderr([&](int) {
        wanted_on_pipe = qa::report::Progress::wanted() ? "yes" : "no";
        const qa::report::Progress progress("staged changes", false);
    });
    CHECK(wanted_on_pipe == "no");
    CHECK(out.empty());
}

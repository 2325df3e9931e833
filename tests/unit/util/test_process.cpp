#include <catch2/catch.hpp>

#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stop_token>
#include <string>
#include <thread>

#include "support/process_table.hpp"
#include "util/cancellation.hpp"
#include "util/child_registry.hpp"
#include "util/process.hpp"

using qa::util::ProcessSpec;
using qa::util::run_process;

namespace {

ProcessSpec shell(const std::string& script) {
    ProcessSpec spec;
    spec.argv = {"/bin/sh", "-c", script};
    return spec;
}

/// Whether a process of group `pgid` is still running (zombies, dead but not yet reaped by
/// their new parent, do not count). SIGKILL takes effect asynchronously: it waits a little.
bool group_alive(pid_t pgid) {
    for (int attempt = 0; attempt < 200; ++attempt) {
        if (qa::test::live_processes_in_group(pgid) == 0) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

pid_t pid_from(const std::string& text) {
    return static_cast<pid_t>(std::stol(text));
}

}  // namespace

TEST_CASE("run_process gives exit code, output and stdin", "[util][process]") {
    auto spec = shell("cat; echo err >&2; exit 7");
    spec.stdin_data = "hello";
    const auto r = run_process(spec);
    CHECK(r.exit_code == 7);
    CHECK(r.stdout_data == "hello");
    CHECK(r.stderr_data == "err\n");
    CHECK_FALSE(r.timed_out);
    CHECK_FALSE(r.cancelled);
}

TEST_CASE("run_process caps what it keeps and counts the rest", "[util][process]") {
    auto spec = shell("head -c 10000 /dev/zero");
    spec.max_stdout_bytes = 100;
    const auto r = run_process(spec);
    CHECK(r.exit_code == 0);
    CHECK(r.stdout_data.size() == 100);
    CHECK(r.stdout_total == 10000);
}

TEST_CASE("run_process kills the process group at its timeout", "[util][process]") {
    // The grandchild holds the pipes too: only killing the group ends it.
    auto spec = shell("echo $$; sleep 30 & sleep 30");
    spec.timeout = std::chrono::milliseconds(100);
    const auto r = run_process(spec);
    CHECK(r.timed_out);
    CHECK_FALSE(r.exit_code.has_value());
    CHECK_FALSE(group_alive(pid_from(r.stdout_data)));
}

TEST_CASE("run_process's deadline covers a child that closed its output", "[util][process]") {
    // Without a deadline on the wait for its exit, this would block for 30 s.
    auto spec = shell("exec >/dev/null 2>&1 </dev/null; sleep 30");
    spec.timeout = std::chrono::milliseconds(100);
    const auto r = run_process(spec);
    CHECK(r.timed_out);
}

TEST_CASE("run_process leaves no process of the group behind", "[util][process]") {
    // The child exits at once; its background child closed the pipes and would live on.
    const auto r = run_process(shell("echo $$; sleep 30 >/dev/null 2>&1 </dev/null &"));
    CHECK(r.exit_code == 0);
    CHECK_FALSE(group_alive(pid_from(r.stdout_data)));
}

TEST_CASE("run_process stops when its token is cancelled and registers its group",
          "[util][process]") {
    std::stop_source stop;
    qa::util::ChildRegistry children;
    // The shell names its pid in a file (written, then renamed into place) before it sleeps:
    // cancelling only once the file is there means the pid is known however loaded the machine.
    const auto pid_file = std::filesystem::temp_directory_path() /
                          ("qa-process-test-" + std::to_string(::getpid()) + ".pid");
    std::filesystem::remove(pid_file);
    const std::string quoted = "'" + pid_file.string() + "'";
    auto spec =
        shell("echo $$ > " + quoted + ".tmp && mv " + quoted + ".tmp " + quoted + "; sleep 30");
    spec.cancel = qa::util::CancellationToken(stop.get_token());
    spec.children = &children;
    std::size_t registered = 0;
    std::thread canceller([&] {
        while (children.size() == 0 || !std::filesystem::exists(pid_file)) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        registered = children.size();
        stop.request_stop();
    });
    const auto r = run_process(spec);
    canceller.join();
    CHECK(registered == 1);
    CHECK(r.cancelled);
    CHECK_FALSE(r.timed_out);
    CHECK(children.size() == 0);
    std::ifstream in(pid_file);
    std::string pid;
    std::getline(in, pid);
    std::filesystem::remove(pid_file);
    CHECK_FALSE(group_alive(pid_from(pid)));
}

TEST_CASE("run_process stops at its token's deadline", "[util][process]") {
    auto spec = shell("sleep 30");
    spec.cancel = qa::util::CancellationToken().with_deadline(std::chrono::steady_clock::now() +
                                                              std::chrono::milliseconds(50));
    const auto r = run_process(spec);
    CHECK(r.timed_out);
    CHECK_FALSE(r.cancelled);
}

TEST_CASE("run_process throws when the program cannot be started", "[util][process]") {
    ProcessSpec spec;
    spec.argv = {"/nonexistent/qa-skill-test-program"};
    CHECK_THROWS_AS(run_process(spec), std::system_error);
}

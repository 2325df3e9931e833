#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "orchestrator/main_guard.hpp"
#include "support/process_table.hpp"
#include "util/atomic_file.hpp"
#include "util/error.hpp"
#include "util/process.hpp"

namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
    fs::path dir =
        fs::temp_directory_path() / ("qa-failsafe-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

/// Waits (bounded) for `path` to hold a whole line; returns it.
std::string wait_for_line(const fs::path& path) {
    for (int i = 0; i < 1000; ++i) {
        std::ifstream in(path);
        std::string line;
        if (std::getline(in, line) && in.good()) {
            return line;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    FAIL("no line in " << path);
    return {};
}

/// Runs `body` under guarded_main in a child process (as a binary's main would) and returns
/// the child's pid.
pid_t spawn_guarded(const std::function<int(qa::orchestrator::Failsafe&)>& body) {
    std::fflush(nullptr);  // or the child would print the parent's buffered output again
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::_exit(qa::orchestrator::guarded_main("qa-skill-test", body));
    }
    return pid;
}

}  // namespace

TEST_CASE("SIGTERM during a child process: exit 3, no process, no temporary file",
          "[failsafe][signals]") {
    const fs::path dir = fresh_dir("term");
    const fs::path pid_file = dir / "child.pid";
    const pid_t pid = spawn_guarded([&](qa::orchestrator::Failsafe& failsafe) {
        const auto control = failsafe.control();
        qa::util::AtomicFile artifact(dir / "result.json");  // a write in progress
        artifact.write("{");
        qa::util::ProcessSpec spec;
        spec.argv = {"/bin/sh", "-c", "sleep 60 & echo $$ > \"$1\"; wait", "sh", pid_file.string()};
        spec.cancel = control.cancel;
        spec.children = control.children;
        const auto r = qa::util::run_process(spec);
        if (r.cancelled) {
            throw qa::util::Interrupted();
        }
        artifact.commit();
        return 0;
    });
    const pid_t group = static_cast<pid_t>(std::stol(wait_for_line(pid_file)));
    REQUIRE(::kill(pid, SIGTERM) == 0);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    CHECK_FALSE(WIFSIGNALED(status));
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 3);
    // The grandchild `sleep 60` was in the child's group: nothing of it is left.
    bool alive = true;
    for (int i = 0; i < 200 && alive; ++i) {
        alive = qa::test::live_processes_in_group(group) > 0;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK_FALSE(alive);
    std::size_t files = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        CHECK(entry.path().filename() == "child.pid");  // no result.json, no .tmp file
        ++files;
    }
    CHECK(files == 1);
    fs::remove_all(dir);
}

TEST_CASE("a process that does not unwind after SIGTERM still ends with exit 3",
          "[failsafe][signals]") {
    const fs::path dir = fresh_dir("stuck");
    const fs::path ready = dir / "ready";
    const pid_t pid = spawn_guarded([&](qa::orchestrator::Failsafe&) -> int {
        std::ofstream(ready) << "1\n";
        for (;;) {  // ignores every token: only the failsafe's grace can end it
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    });
    wait_for_line(ready);
    REQUIRE(::kill(pid, SIGINT) == 0);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 3);
    fs::remove_all(dir);
}

TEST_CASE("an error escaping main exits with its class", "[failsafe]") {
    const auto exit_of = [](const std::function<int(qa::orchestrator::Failsafe&)>& body) {
        const pid_t pid = spawn_guarded(body);
        int status = 0;
        REQUIRE(::waitpid(pid, &status, 0) == pid);
        REQUIRE(WIFEXITED(status));
        return WEXITSTATUS(status);
    };
    CHECK(exit_of([](auto&) -> int { throw qa::util::Error(qa::util::kExitUsage, "bad"); }) == 2);
    CHECK(exit_of([](auto&) -> int { throw std::runtime_error("boom"); }) == 3);
    CHECK(exit_of([](auto&) -> int { return 1; }) == 1);
}

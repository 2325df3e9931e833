// The sandbox's cost per command, against running the command directly, measured in one run
// with the three interleaved: the command alone; the sandbox as it was before issue 22 (the
// whole system bound read-only, its argv reproduced below); the sandbox now (exec::Sandbox::run:
// only what a toolchain needs, a user namespace, the limits applied between fork and exec, a
// pids cgroup when root). A program, not a test: it prints numbers and asserts nothing.
//
//   sandbox_bench [rounds=200] [command=true]
//
// The command is looked up on PATH for the direct run and runs by name inside the sandboxes.

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "exec/runner.hpp"
#include "exec/sandbox.hpp"
#include "util/process.hpp"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

/// The argv exec::sandbox_argv built before this change (commit a9e5bef), for the comparison.
std::vector<std::string> before_argv(const fs::path& bwrap, const fs::path& checkout,
                                     const fs::path& repo, const std::string& command) {
    return {bwrap.string(),
            "--ro-bind",
            "/",
            "/",
            "--dev",
            "/dev",
            "--proc",
            "/proc",
            "--tmpfs",
            "/tmp",
            "--dir",
            "/tmp/home",
            "--ro-bind",
            repo.string(),
            repo.string(),
            "--bind",
            checkout.string(),
            "/tmp/qa-skill/work",
            "--chdir",
            "/tmp/qa-skill/work",
            "--unshare-pid",
            "--unshare-ipc",
            "--unshare-uts",
            "--die-with-parent",
            "--new-session",
            "--unshare-net",
            "--",
            command};
}

double ms_of(Clock::duration d) {
    return std::chrono::duration<double, std::milli>(d).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

template <class F>
double timed(F&& f) {
    const auto start = Clock::now();
    f();
    return ms_of(Clock::now() - start);
}

}  // namespace

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 200;
    const std::string command = argc > 2 ? argv[2] : "true";
    const char* path = std::getenv("PATH");
    const auto bwrap = qa::exec::find_bwrap(std::nullopt, path ? std::string(path) : "/usr/bin");
    if (!bwrap) {
        std::fprintf(stderr, "sandbox_bench: no bwrap on PATH\n");
        return 2;
    }
    const fs::path base = fs::current_path() / "sandbox-bench.tmp";
    const fs::path checkout = base / "checkout";
    fs::create_directories(checkout);

    qa::exec::ExecProfile profile;
    profile.profile.profileId = qa::contracts::PermissionProfileId::exec_sandboxed_network_off;
    profile.profile.commandTimeoutMs = 60000;
    profile.profile.maxStdoutBytes = 1 << 20;
    profile.profile.maxStderrBytes = 1 << 20;
    qa::exec::RunnerEnv env;
    env.lookup = [](const std::string& name) -> std::optional<std::string> {
        const char* v = std::getenv(name.c_str());
        return v == nullptr ? std::nullopt : std::optional<std::string>(v);
    };
    std::vector<double> probe;
    const auto construct = [&] { return qa::exec::Sandbox(profile, env); };
    probe.push_back(timed([&] { (void)construct(); }));
    const qa::exec::Sandbox sandbox = construct();

    const auto find = [&](const std::string& name) {
        std::string dirs = path ? path : "/usr/bin:/bin";
        std::size_t start = 0;
        while (start <= dirs.size()) {
            const auto colon = dirs.find(':', start);
            const fs::path candidate = fs::path(dirs.substr(start, colon - start)) / name;
            if (::access(candidate.c_str(), X_OK) == 0) {
                return candidate.string();
            }
            if (colon == std::string::npos) {
                break;
            }
            start = colon + 1;
        }
        return name;
    };
    const std::string direct_path = find(command);

    std::vector<double> direct, before, after;
    for (int i = 0; i < rounds; ++i) {
        direct.push_back(timed([&] {
            qa::util::ProcessSpec s;
            s.argv = {direct_path};
            (void)qa::util::run_process(s);
        }));
        before.push_back(timed([&] {
            qa::util::ProcessSpec s;
            s.argv = before_argv(*bwrap, checkout, base, command);
            s.kill_descendants = true;
            (void)qa::util::run_process(s);
        }));
        after.push_back(timed([&] { (void)sandbox.run({command}, checkout, checkout); }));
        if (i % 20 == 0) {
            probe.push_back(timed([&] { (void)construct(); }));
        }
    }
    fs::remove_all(base);
    const double d = median(direct), b = median(before), a = median(after);
    std::printf("command: %s, %d rounds interleaved, medians\n", command.c_str(), rounds);
    std::printf("direct             %8.2f ms\n", d);
    std::printf("sandbox before     %8.2f ms  %6.1fx direct  (+%.2f ms)\n", b, b / d, b - d);
    std::printf("sandbox now        %8.2f ms  %6.1fx direct  (+%.2f ms)\n", a, a / d, a - d);
    std::printf("now / before       %8.2fx\n", a / b);
    std::printf("probe per plan     %8.2f ms  (Sandbox construction: one bwrap true)\n",
                median(probe));
    return 0;
}

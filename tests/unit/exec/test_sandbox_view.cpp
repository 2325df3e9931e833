// What bubblewrap is asked to show a command: only what a toolchain needs, read-only; the
// profile's keys for paths and limits.
#include <signal.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "exec/confinement.hpp"
#include "exec/profile.hpp"
#include "exec/sandbox.hpp"

using qa::contracts::PermissionProfileId;

namespace {

const std::vector<std::string> kLenses = {"architecture", "consistency", "performance",
                                          "phase",        "security",    "style"};

qa::exec::SandboxSpec spec() {
    qa::exec::SandboxSpec s;
    s.bwrap = "/usr/bin/bwrap";
    s.writableDir = "/work/repo/.worktrees/qa-skill/k/1";
    s.writableMount = qa::exec::kSandboxWork;
    s.cwd = qa::exec::kSandboxWork;
    s.tmpSizeBytes = 1 << 20;
    return s;
}

/// The destinations of every mount of an argv (the argument after each source).
std::vector<std::string> destinations(const std::vector<std::string>& argv) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i + 2 < argv.size(); ++i) {
        if (argv[i] == "--ro-bind" || argv[i] == "--bind" || argv[i] == "--symlink") {
            out.push_back(argv[i + 2]);
        } else if (argv[i] == "--tmpfs" || argv[i] == "--dev" || argv[i] == "--proc") {
            out.push_back(argv[i + 1]);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("the sandbox binds the system read-only and nothing of the user's", "[exec][sandbox]") {
    const auto argv = qa::exec::sandbox_argv(spec(), {"true"});
    const auto dest = destinations(argv);
    const auto has = [&](const std::string& d) {
        return std::find(dest.begin(), dest.end(), d) != dest.end();
    };
    CHECK(has("/usr"));
    CHECK(has("/tmp"));
    CHECK(has(qa::exec::kSandboxWork));
    for (const char* never :
         {"/", "/home", "/root", "/run", "/var/run", "/var", "/etc", "/etc/shadow", "/etc/gshadow",
          "/etc/sudoers", "/etc/ssh", "/work/repo", "/work/repo/.git"}) {
        INFO(never);
        CHECK_FALSE(has(never));
    }
    // The only writable bind is the checkout.
    std::size_t writable = 0;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        if (argv[i] == "--bind") {
            ++writable;
            CHECK(argv[i + 1] == "/work/repo/.worktrees/qa-skill/k/1");
        }
    }
    CHECK(writable == 1);
    // /tmp is size-limited; capabilities dropped in a user namespace of its own; no network.
    const std::vector<std::string> size = {"--size", "1048576", "--tmpfs", "/tmp"};
    CHECK(std::search(argv.begin(), argv.end(), size.begin(), size.end()) != argv.end());
    CHECK(std::find(argv.begin(), argv.end(), "--unshare-user") != argv.end());
    CHECK(std::find(argv.begin(), argv.end(), "--unshare-net") != argv.end());
    for (const auto& e : qa::exec::etc_allowlist()) {
        CHECK(e != "shadow");
        CHECK(e != "gshadow");
        CHECK(e != "sudoers");
        CHECK(e.rfind("ssh", 0) != 0);
    }
}

TEST_CASE("PATH inside holds only directories that exist inside", "[exec][sandbox]") {
    std::vector<qa::exec::ReadOnlyPath> none;
    CHECK(qa::exec::sandbox_path(std::string("/root/.local/bin:.::/usr/bin:/bin:/usr/bin:/opt/x"),
                                 none) == "/usr/bin:/bin");
    CHECK(qa::exec::sandbox_path(std::nullopt, none).find("/usr/bin") != std::string::npos);
    // A read_only_path brings its directories along.
    const std::vector<qa::exec::ReadOnlyPath> tmp = {{"/tmp", "/tmp"}};
    CHECK(qa::exec::sandbox_path(std::string("/tmp:/nonexistent/bin"), tmp) == "/tmp");
}

TEST_CASE("a profile names read-only paths and limits, and bad ones are config errors",
          "[exec][sandbox][config]") {
    const auto c = qa::config::parse_config(R"([permission_profiles.exec_sandboxed_network_off]
read_only_paths = ["/opt/toolchain", "~/.cargo"]
max_processes = 100
max_memory_mb = 2048
max_file_size_mb = 10
tmp_size_mb = 64
)",
                                            "cfg.toml", kLenses);
    const auto p = qa::exec::resolve_profile(c.permissionProfiles,
                                             PermissionProfileId::exec_sandboxed_network_off);
    CHECK(p.readOnlyPaths == std::vector<std::string>{"/opt/toolchain", "~/.cargo"});
    CHECK(p.limits.maxProcesses == 100);
    CHECK(p.limits.maxMemoryBytes == (2048LL << 20));
    CHECK(p.limits.maxFileSizeBytes == (10LL << 20));
    CHECK(p.limits.tmpSizeBytes == (64LL << 20));
    // The defaults, when the profile does not say.
    const auto d =
        qa::exec::resolve_profile(c.permissionProfiles, PermissionProfileId::exec_sandboxed);
    CHECK(d.limits == qa::exec::SandboxLimits{});
    CHECK(d.readOnlyPaths.empty());

    for (const char* bad : {"read_only_paths = [\"relative/dir\"]", "read_only_paths = [\"/\"]",
                            "read_only_paths = [\"~/\"]", "read_only_paths = [\"/opt/../etc\"]",
                            "max_processes = 0", "max_memory_mb = -1", "tmp_size_mb = 0"}) {
        INFO(bad);
        try {
            (void)qa::config::parse_config(
                std::string("[permission_profiles.exec_sandboxed]\n") + bad + "\n", "cfg.toml",
                kLenses);
            FAIL("accepted");
        } catch (const qa::settings::ConfigError& e) {
            CHECK(e.line() == 2);
            CHECK(std::string(e.key()).rfind("permission_profiles.exec_sandboxed.", 0) == 0);
        }
    }
}

TEST_CASE("a breach is named by the limit's profile key, only when the command failed",
          "[exec][sandbox]") {
    const qa::exec::Confinement c(qa::exec::SandboxLimits{}, false);
    const auto run = [](std::optional<int> exit_code, std::string err) {
        qa::exec::CapturedRun r;
        r.exitCode = exit_code;
        r.err.kept = std::move(err);
        return r;
    };
    CHECK(c.breach(run(0, "MemoryError")) == std::nullopt);    // caught and passed: no breach
    CHECK(c.breach(run(128 + 25, "")) == "max_file_size_mb");  // SIGXFSZ, as bwrap reports it
    CHECK(c.breach(run(1, "bash: fork: retry: Resource temporarily unavailable")) ==
          "max_processes");
    CHECK(c.breach(run(1,
                       "    pid = os.fork()\nBlockingIOError: [Errno 11] Resource temporarily "
                       "unavailable")) == "max_processes");
    CHECK(c.breach(run(1, "MemoryError")) == "max_memory_mb");
    CHECK(c.breach(run(1, "OSError: [Errno 28] No space left on device")) == "tmp_size_mb");
    CHECK(c.breach(run(1, "AssertionError: 1 != 2")) == std::nullopt);
    qa::exec::CapturedRun killed;
    killed.signal = SIGXFSZ;
    CHECK(c.breach(killed) == "max_file_size_mb");
}

#include "exec/sandbox.hpp"

#include <unistd.h>

#include <sstream>
#include <system_error>

#include "util/process.hpp"

namespace qa::exec {

namespace fs = std::filesystem;

std::vector<std::string> sandbox_argv(const SandboxSpec& spec,
                                      const std::vector<std::string>& command) {
    std::vector<std::string> argv = {
        spec.bwrap.string(), "--ro-bind", "/",     "/",         "--dev", "/dev", "--proc", "/proc",
        "--tmpfs",           "/tmp",      "--dir", kSandboxHome};
    if (!spec.readOnlyDir.empty()) {
        argv.insert(argv.end(),
                    {"--ro-bind", spec.readOnlyDir.string(), spec.readOnlyDir.string()});
    }
    if (!spec.writableDir.empty()) {
        const auto& inside = spec.writableMount.empty() ? spec.writableDir : spec.writableMount;
        argv.insert(argv.end(), {"--bind", spec.writableDir.string(), inside.string()});
    }
    argv.insert(argv.end(), {"--chdir", spec.cwd.string(), "--unshare-pid", "--unshare-ipc",
                             "--unshare-uts", "--die-with-parent", "--new-session"});
    if (!spec.network) {
        argv.push_back("--unshare-net");
    }
    argv.push_back("--");
    argv.insert(argv.end(), command.begin(), command.end());
    return argv;
}

std::vector<std::string> sandbox_env(
    const ExecProfile& profile,
    const std::function<std::optional<std::string>(const std::string&)>& lookup) {
    std::vector<std::string> env;
    env.push_back("PATH=" + lookup("PATH").value_or("/usr/local/bin:/usr/bin:/bin"));
    env.push_back(std::string("HOME=") + kSandboxHome);
    env.push_back("LANG=C.UTF-8");
    env.push_back("TZ=UTC");
    for (const auto& name : profile.envAllowlist) {
        if (name == "PATH" || name == "HOME" || name == "LANG" || name == "TZ") {
            continue;
        }
        if (const auto value = lookup(name)) {
            env.push_back(name + "=" + *value);
        }
    }
    return env;
}

std::optional<fs::path> find_bwrap(const std::optional<std::string>& override_path,
                                   const std::optional<std::string>& path_var) {
    if (override_path) {
        if (::access(override_path->c_str(), X_OK) == 0) {
            return fs::path(*override_path);
        }
        return std::nullopt;
    }
    std::istringstream dirs(path_var.value_or("/usr/bin:/bin"));
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        if (dir.empty()) {
            continue;
        }
        const fs::path candidate = fs::path(dir) / "bwrap";
        if (::access(candidate.c_str(), X_OK) == 0) {
            return candidate;
        }
    }
    return std::nullopt;
}

std::optional<std::string> sandbox_problem(const fs::path& bwrap) {
    SandboxSpec spec;
    spec.bwrap = bwrap;
    spec.cwd = "/";
    try {
        util::ProcessSpec probe;
        probe.argv = sandbox_argv(spec, {"true"});
        probe.env = std::vector<std::string>{"PATH=/usr/bin:/bin"};
        probe.timeout = std::chrono::seconds(10);
        probe.max_stdout_bytes = 4096;
        probe.max_stderr_bytes = 4096;
        probe.kill_descendants = true;
        const auto run = util::run_process(probe);
        if (run.exit_code == 0) {
            return std::nullopt;
        }
        std::string why = run.stderr_data;
        while (!why.empty() && (why.back() == '\n' || why.back() == '\r')) {
            why.pop_back();
        }
        if (run.timed_out) {
            why = "bwrap did not finish within 10 s";
        }
        return why.empty() ? "bwrap exited with " + std::to_string(run.exit_code.value_or(-1))
                           : why;
    } catch (const std::system_error& e) {
        return std::string(e.what());
    }
}

}  // namespace qa::exec

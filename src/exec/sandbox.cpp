#include "exec/sandbox.hpp"

#include <unistd.h>

#include <algorithm>
#include <sstream>
#include <system_error>

#include "util/process.hpp"

namespace qa::exec {

namespace fs = std::filesystem;

namespace {

/// The top-level links of a usr-merged system (/bin -> usr/bin...), or real directories on
/// one that is not.
constexpr const char* kUsrMergedNames[] = {"bin", "sbin", "lib", "lib32", "lib64", "libx32"};

/// Each step of sandbox_argv's view of the system, in order: --ro-bind, --symlink.
struct SystemEntry {
    std::string kind;  ///< "--ro-bind" or "--symlink"
    std::string from;  ///< the host path, or the link's target
    std::string to;
    std::string source;  ///< for the audit: "system" or "etc"
};

std::vector<SystemEntry> system_entries() {
    std::vector<SystemEntry> out = {{"--ro-bind", "/usr", "/usr", "system"}};
    std::error_code ec;
    for (const char* name : kUsrMergedNames) {
        const fs::path path = fs::path("/") / name;
        const auto status = fs::symlink_status(path, ec);
        if (fs::is_symlink(status)) {
            out.push_back(
                {"--symlink", fs::read_symlink(path, ec).string(), path.string(), "system"});
        } else if (fs::is_directory(status)) {
            out.push_back({"--ro-bind", path.string(), path.string(), "system"});
        }
    }
    for (const auto& entry : etc_allowlist()) {
        const fs::path path = fs::path("/etc") / entry;
        if (fs::exists(path, ec)) {
            out.push_back({"--ro-bind", path.string(), path.string(), "etc"});
        }
    }
    return out;
}

bool under(const fs::path& path, const fs::path& root) {
    const fs::path rel = path.lexically_normal().lexically_relative(root.lexically_normal());
    return !rel.empty() && *rel.begin() != "..";
}

}  // namespace

const std::vector<std::string>& etc_allowlist() {
    // Why each is here: ld.so.*: the dynamic loader finds shared libraries; passwd, group,
    // nsswitch.conf: user and group names (id, git, Python's getpass; passwd holds no password
    // hash, shadow does and is never bound); hosts, resolv.conf, host.conf, gai.conf, services,
    // protocols: name and port resolution (localhost in tests, a network profile's DNS);
    // ssl/certs, ca-certificates.conf, pki/tls/certs: public CA certificates for TLS (never
    // ssl/private); alternatives: Debian's links for cc, c++, java, awk, python...; os-release:
    // what build tools read to name the platform.
    static const std::vector<std::string> list = {"alternatives",  "ca-certificates.conf",
                                                  "gai.conf",      "group",
                                                  "host.conf",     "hosts",
                                                  "ld.so.cache",   "ld.so.conf",
                                                  "ld.so.conf.d",  "nsswitch.conf",
                                                  "os-release",    "passwd",
                                                  "pki/tls/certs", "protocols",
                                                  "resolv.conf",   "services",
                                                  "ssl/certs"};
    return list;
}

std::vector<ReadOnlyPath> existing_read_only_paths(const ExecProfile& profile,
                                                   const EnvLookup& lookup) {
    std::vector<ReadOnlyPath> out;
    std::error_code ec;
    for (const auto& written : profile.readOnlyPaths) {
        fs::path host;
        if (written.starts_with("~/")) {
            const auto home = lookup("HOME");
            if (!home || home->empty() || (*home)[0] != '/') {
                continue;
            }
            host = fs::path(*home) / written.substr(2);
        } else {
            host = written;
        }
        host = host.lexically_normal();
        if (fs::exists(host, ec)) {
            out.push_back({written, host});
        }
    }
    return out;
}

std::vector<std::string> sandbox_argv(const SandboxSpec& spec,
                                      const std::vector<std::string>& command) {
    std::vector<std::string> argv = {spec.bwrap.string()};
    for (const auto& e : system_entries()) {
        argv.insert(argv.end(), {e.kind, e.from, e.to});
    }
    argv.insert(argv.end(), {"--dev", "/dev", "--proc", "/proc"});
    if (spec.tmpSizeBytes > 0) {
        argv.insert(argv.end(), {"--size", std::to_string(spec.tmpSizeBytes)});
    }
    argv.insert(argv.end(), {"--tmpfs", "/tmp", "--dir", kSandboxHome});
    for (const auto& p : spec.readOnlyPaths) {
        argv.insert(argv.end(), {"--ro-bind", p.host.string(), p.host.string()});
    }
    if (!spec.readOnlyDir.empty()) {
        argv.insert(argv.end(),
                    {"--ro-bind", spec.readOnlyDir.string(), spec.readOnlyDir.string()});
        // The repository's history and configuration are not the lens's to read.
        std::error_code ec;
        const fs::path git = spec.readOnlyDir / ".git";
        if (fs::is_directory(fs::symlink_status(git, ec))) {
            argv.insert(argv.end(), {"--tmpfs", git.string()});
        } else if (fs::exists(fs::symlink_status(git, ec))) {
            argv.insert(argv.end(), {"--ro-bind", "/dev/null", git.string()});
        }
    }
    if (!spec.writableDir.empty()) {
        const auto& inside = spec.writableMount.empty() ? spec.writableDir : spec.writableMount;
        argv.insert(argv.end(), {"--bind", spec.writableDir.string(), inside.string()});
    }
    // bwrap's root is a tmpfs: read-only once everything is mounted, so that the checkout, HOME
    // and /tmp are the only writable places (not a stray /etc/x on the root).
    argv.insert(argv.end(), {"--remount-ro", "/"});
    // A new user namespace with no capability: what the kernel counts RLIMIT_NPROC in, and
    // root outside is nobody special inside.
    argv.insert(argv.end(), {"--chdir", spec.cwd.string(), "--unshare-user", "--cap-drop", "ALL",
                             "--unshare-pid", "--unshare-ipc", "--unshare-uts",
                             "--unshare-cgroup-try", "--die-with-parent", "--new-session"});
    if (!spec.network) {
        argv.push_back("--unshare-net");
    }
    argv.push_back("--");
    argv.insert(argv.end(), command.begin(), command.end());
    return argv;
}

std::vector<contracts::SandboxMount> sandbox_mounts(const SandboxSpec& spec) {
    std::vector<contracts::SandboxMount> out;
    for (const auto& e : system_entries()) {
        out.push_back({e.to, false, e.kind == "--symlink" ? "link to " + e.from : e.source});
    }
    out.push_back({"/dev", false, "devices: null, zero, random, urandom, tty, shm"});
    out.push_back({"/proc", false, "proc of the sandbox's own pid namespace"});
    out.push_back({"/tmp", true, "tmpfs"});
    out.push_back({kSandboxHome, true, "tmpfs: HOME"});
    for (const auto& p : spec.readOnlyPaths) {
        out.push_back({p.written, false, "read_only_paths"});
    }
    if (!spec.readOnlyDir.empty()) {
        out.push_back({".", false, "repository, .git hidden"});
    }
    if (!spec.writableDir.empty()) {
        out.push_back(
            {spec.writableMount.empty() ? spec.writableDir.string() : spec.writableMount.string(),
             true, "checkout of the tree under test"});
    }
    return out;
}

std::string sandbox_path(const std::optional<std::string>& path_var,
                         const std::vector<ReadOnlyPath>& read_only_paths) {
    std::vector<fs::path> roots = {"/usr"};
    for (const char* name : kUsrMergedNames) {
        roots.push_back(fs::path("/") / name);
    }
    for (const auto& p : read_only_paths) {
        roots.push_back(p.host);
    }
    std::istringstream dirs(path_var.value_or("/usr/local/bin:/usr/bin:/bin"));
    std::string dir;
    std::vector<std::string> kept;
    std::error_code ec;
    while (std::getline(dirs, dir, ':')) {
        if (dir.empty() || dir[0] != '/' ||
            std::find(kept.begin(), kept.end(), dir) != kept.end()) {
            continue;
        }
        const bool inside = std::any_of(roots.begin(), roots.end(), [&](const fs::path& root) {
            return fs::path(dir).lexically_normal() == root.lexically_normal() || under(dir, root);
        });
        if (inside && fs::is_directory(dir, ec)) {
            kept.push_back(dir);
        }
    }
    std::string out;
    for (const auto& d : kept) {
        out += (out.empty() ? "" : ":") + d;
    }
    return out;
}

std::vector<std::string> sandbox_env(const ExecProfile& profile, const EnvLookup& lookup) {
    std::vector<std::string> env;
    env.push_back("PATH=" +
                  sandbox_path(lookup("PATH"), existing_read_only_paths(profile, lookup)));
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

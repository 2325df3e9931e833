#include "exec/confinement.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <system_error>

namespace qa::exec {
namespace {

namespace fs = std::filesystem;

#ifndef SYS_landlock_create_ruleset
constexpr long SYS_landlock_create_ruleset = 444;
constexpr long SYS_landlock_restrict_self = 446;
#endif

/// struct landlock_ruleset_attr as of Landlock ABI 6 (Debian 12's headers stop before
/// `scoped`).
struct RulesetAttr {
    std::uint64_t handledAccessFs = 0;
    std::uint64_t handledAccessNet = 0;
    std::uint64_t scoped = 0;
};
constexpr std::uint32_t kCreateRulesetVersion = 1U << 0;
constexpr std::uint64_t kScopeAbstractUnixSocket = 1U << 0;
constexpr long kAbiWithScopes = 6;

/// Where the cgroup v1 pids hierarchy is mounted, if it is (from /proc/self/mounts).
std::optional<fs::path> pids_hierarchy() {
    std::ifstream mounts("/proc/self/mounts");
    std::string device, dir, type, options, rest;
    while (mounts >> device >> dir >> type >> options && std::getline(mounts, rest)) {
        if (type != "cgroup") {
            continue;
        }
        std::size_t start = 0;
        while (start <= options.size()) {
            const std::size_t comma = options.find(',', start);
            const std::string opt = options.substr(start, comma - start);
            if (opt == "pids") {
                return fs::path(dir);
            }
            if (comma == std::string::npos) {
                break;
            }
            start = comma + 1;
        }
    }
    return std::nullopt;
}

/// Removes the cgroups of qa-skill processes that are gone (a run killed by SIGKILL): an empty
/// cgroup is removed by rmdir.
void sweep_stale_cgroups(const fs::path& hierarchy) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(hierarchy, ec)) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with("qa-skill-")) {
            continue;
        }
        const long pid = std::strtol(name.c_str() + 9, nullptr, 10);
        if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
            ::rmdir(entry.path().c_str());
        }
    }
}

bool contains(const std::string& text, std::string_view needle) {
    return text.find(needle) != std::string::npos;
}

}  // namespace

bool abstract_socket_scope_available() {
    const long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, kCreateRulesetVersion);
    return abi >= kAbiWithScopes;
}

Confinement::Confinement(const SandboxLimits& limits, bool scope_abstract_sockets)
    : limits_(limits), scope_(scope_abstract_sockets), method_("rlimit") {
    if (::getuid() != 0) {
        return;  // RLIMIT_NPROC binds every user but root
    }
    method_ = "unenforced";
    const auto hierarchy = pids_hierarchy();
    if (!hierarchy) {
        return;
    }
    sweep_stale_cgroups(*hierarchy);
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    const fs::path dir = *hierarchy / ("qa-skill-" + std::to_string(::getpid()) + "-" +
                                       std::to_string(::gettid()) + "-" + std::to_string(stamp));
    if (::mkdir(dir.c_str(), 0700) != 0) {
        return;
    }
    std::ofstream(dir / "pids.max") << limits_.maxProcesses << "\n";
    std::ifstream check(dir / "pids.max");
    std::string written;
    check >> written;
    if (written != std::to_string(limits_.maxProcesses)) {
        ::rmdir(dir.c_str());
        return;
    }
    cgroup_ = dir;
    cgroupProcs_ = (dir / "cgroup.procs").string();
    method_ = "cgroup";
}

Confinement::~Confinement() {
    if (!cgroup_.empty()) {
        // The command's processes are gone (run_process waits for them): the cgroup is empty.
        ::rmdir(cgroup_.c_str());
    }
}

int Confinement::apply_in_child() const noexcept {
    const auto limit = [](int resource, std::int64_t value) {
        const rlimit r{static_cast<rlim_t>(value), static_cast<rlim_t>(value)};
        return ::setrlimit(resource, &r) == 0 ? 0 : errno;
    };
    int error = 0;
    if (!cgroupProcs_.empty()) {
        const int fd = ::open(cgroupProcs_.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0 || ::write(fd, "0\n", 2) != 2) {
            error = errno;
        }
        if (fd >= 0) {
            ::close(fd);
        }
    } else if (method_ == "rlimit") {
        error = limit(RLIMIT_NPROC, limits_.maxProcesses);
    }
    if (error == 0) {
        error = limit(RLIMIT_DATA, limits_.maxMemoryBytes);
    }
    if (error == 0) {
        error = limit(RLIMIT_FSIZE, limits_.maxFileSizeBytes);
    }
    if (error == 0) {
        error = limit(RLIMIT_CORE, 0);  // a crash never writes a core file into the checkout
    }
    if (error == 0 && scope_) {
        RulesetAttr attr;
        attr.scoped = kScopeAbstractUnixSocket;
        const long fd = ::syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
        if (fd < 0 || ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
            ::syscall(SYS_landlock_restrict_self, fd, 0) != 0) {
            error = errno;
        }
        if (fd >= 0) {
            ::close(static_cast<int>(fd));
        }
    }
    return error;
}

std::optional<std::string> Confinement::breach(const CapturedRun& run) const {
    if (run.exitCode == 0 || run.cancelled) {
        return std::nullopt;
    }
    // bwrap reports a child killed by a signal as 128 + the signal.
    if (run.signal == SIGXFSZ || run.exitCode == 128 + SIGXFSZ) {
        return "max_file_size_mb";
    }
    if (!cgroup_.empty()) {
        std::ifstream events(cgroup_ / "pids.events");
        std::string key;
        long count = 0;
        if (events >> key >> count && key == "max" && count > 0) {
            return "max_processes";
        }
    }
    // Without such a record, the tools' own words: what libc and runtimes print when the
    // kernel refuses a fork, an allocation or a write.
    const std::string output = run.out.kept + "\n" + run.err.kept;
    if (contains(output, "fork: retry") || contains(output, "fork: Resource temporarily") ||
        contains(output, "can't fork") || contains(output, "Cannot fork") ||
        (contains(output, "fork") && contains(output, "Resource temporarily unavailable"))) {
        return "max_processes";
    }
    if (contains(output, "File too large")) {
        return "max_file_size_mb";
    }
    if (contains(output, "MemoryError") || contains(output, "std::bad_alloc") ||
        contains(output, "Cannot allocate memory") || contains(output, "out of memory")) {
        return "max_memory_mb";
    }
    if (contains(output, "No space left on device")) {
        return "tmp_size_mb";
    }
    return std::nullopt;
}

}  // namespace qa::exec

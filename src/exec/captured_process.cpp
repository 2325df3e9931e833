#include "exec/captured_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

#include "util/sha256.hpp"

namespace qa::exec {
namespace {

/// A file descriptor that closes itself.
class Fd {
  public:
    Fd() = default;
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() { reset(); }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }
    void reset(int fd = -1) {
        if (fd_ >= 0) {
            ::close(fd_);
        }
        fd_ = fd;
    }

  private:
    int fd_ = -1;
};

struct PipePair {
    Fd read, write;
    PipePair() {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0) {
            throw std::system_error(errno, std::generic_category(), "pipe");
        }
        read.reset(fds[0]);
        write.reset(fds[1]);
    }
};

struct SpawnSetup {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    SpawnSetup() {
        posix_spawn_file_actions_init(&actions);
        posix_spawnattr_init(&attr);
    }
    ~SpawnSetup() {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attr);
    }
    SpawnSetup(const SpawnSetup&) = delete;
    SpawnSetup& operator=(const SpawnSetup&) = delete;
};

/// Keeps up to `cap` bytes and hashes everything.
struct StreamSink {
    CapturedStream& stream;
    std::size_t cap;
    util::Sha256 hash;
    void add(const char* data, std::size_t n) {
        stream.total += n;
        hash.update(std::string_view(data, n));
        if (stream.kept.size() < cap) {
            stream.kept.append(data, std::min(n, cap - stream.kept.size()));
        }
    }
};

/// Every process below `root`, from /proc/<pid>/task/<tid>/children. bubblewrap's sandbox init
/// runs in a session of its own (--new-session), outside the command's process group, so the
/// group kill alone does not reach it.
std::vector<pid_t> descendants(pid_t root) {
    std::vector<pid_t> found;
    std::vector<pid_t> queue = {root};
    while (!queue.empty()) {
        const pid_t p = queue.back();
        queue.pop_back();
        std::error_code ec;
        const std::filesystem::path tasks = "/proc/" + std::to_string(p) + "/task";
        for (auto it = std::filesystem::directory_iterator(tasks, ec);
             !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
            std::ifstream in(it->path() / "children");
            long child = 0;
            while (in >> child) {
                found.push_back(static_cast<pid_t>(child));
                queue.push_back(static_cast<pid_t>(child));
            }
        }
    }
    return found;
}

/// Dead: no longer in /proc, or a zombie (it runs nothing; a pid namespace's init turns zombie
/// only after every process of its namespace is gone).
bool is_gone(pid_t p) {
    std::ifstream in("/proc/" + std::to_string(p) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (stat.empty()) {
        return true;
    }
    const auto close_paren = stat.rfind(')');
    if (close_paren == std::string::npos || close_paren + 2 >= stat.size()) {
        return true;
    }
    const char state = stat[close_paren + 2];
    return state == 'Z' || state == 'X';
}

}  // namespace

CapturedRun run_captured(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                         std::chrono::milliseconds timeout, std::size_t max_stdout,
                         std::size_t max_stderr) {
    if (argv.empty()) {
        throw std::system_error(EINVAL, std::generic_category(), "empty command");
    }
    PipePair out, err;
    SpawnSetup setup;
    posix_spawn_file_actions_addopen(&setup.actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&setup.actions, out.write.get(), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&setup.actions, err.write.get(), STDERR_FILENO);
    // Its own process group: a timeout kills the whole tree the command started.
    posix_spawnattr_setpgroup(&setup.attr, 0);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int s : {SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT}) {
        sigaddset(&defaults, s);
    }
    posix_spawnattr_setsigdefault(&setup.attr, &defaults);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&setup.attr, &none);
    posix_spawnattr_setflags(
        &setup.attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    std::vector<char*> args;
    for (const auto& a : argv) {
        args.push_back(const_cast<char*>(a.c_str()));
    }
    args.push_back(nullptr);
    std::vector<char*> envp;
    for (const auto& e : env) {
        envp.push_back(const_cast<char*>(e.c_str()));
    }
    envp.push_back(nullptr);
    pid_t pid = 0;
    const int rc =
        ::posix_spawnp(&pid, args[0], &setup.actions, &setup.attr, args.data(), envp.data());
    if (rc != 0) {
        throw std::system_error(rc, std::generic_category(), "cannot run " + argv[0]);
    }
    out.write.reset();
    err.write.reset();

    CapturedRun run;
    StreamSink sinks[2] = {{run.out, max_stdout, {}}, {run.err, max_stderr, {}}};
    Fd* fds_of[2] = {&out.read, &err.read};
    bool open[2] = {true, true};
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    char buffer[65536];
    while (open[0] || open[1]) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            run.timedOut = true;
            break;
        }
        pollfd fds[2];
        int idx[2] = {-1, -1};
        nfds_t n = 0;
        for (int i = 0; i < 2; ++i) {
            if (open[i]) {
                idx[i] = static_cast<int>(n);
                fds[n++] = {fds_of[i]->get(), POLLIN, 0};
            }
        }
        const int ready = ::poll(fds, n, static_cast<int>(left.count()) + 1);
        if (ready < 0 && errno != EINTR) {
            ::kill(-pid, SIGKILL);
            ::waitpid(pid, nullptr, 0);
            throw std::system_error(errno, std::generic_category(), "poll");
        }
        for (int i = 0; i < 2 && ready > 0; ++i) {
            if (idx[i] < 0 || !(fds[idx[i]].revents & (POLLIN | POLLHUP | POLLERR))) {
                continue;
            }
            const ssize_t r = ::read(fds_of[i]->get(), buffer, sizeof buffer);
            if (r > 0) {
                sinks[i].add(buffer, static_cast<std::size_t>(r));
            } else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
                open[i] = false;
            }
        }
    }
    // Both pipes are closed: wait for the exit, still bounded by the deadline. WNOWAIT leaves
    // the leader a zombie, so its process group id cannot be reused before the kill below.
    while (!run.timedOut) {
        siginfo_t info{};
        const int w = ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT);
        if ((w == 0 && info.si_pid == pid) || (w < 0 && errno != EINTR)) {
            break;
        }
        if (std::chrono::steady_clock::now() >= deadline) {
            run.timedOut = true;
            break;
        }
        ::usleep(2000);
    }
    // The group and every descendant go either way, so nothing the command started (a
    // daemonized child holding no pipe, a sandbox in its own session) outlives it.
    const std::vector<pid_t> tree = descendants(pid);
    ::kill(-pid, SIGKILL);
    for (const pid_t p : tree) {
        ::kill(p, SIGKILL);
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    // SIGKILL is delivered asynchronously: wait (boundedly) until they are really gone.
    const auto kill_deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (std::chrono::steady_clock::now() < kill_deadline &&
           !std::all_of(tree.begin(), tree.end(), is_gone)) {
        ::usleep(1000);
    }
    run.out.sha256 = sinks[0].hash.hex_digest();
    run.err.sha256 = sinks[1].hash.hex_digest();
    if (run.timedOut) {
        return run;
    }
    if (WIFEXITED(status)) {
        run.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        run.signal = WTERMSIG(status);
    }
    return run;
}

}  // namespace qa::exec

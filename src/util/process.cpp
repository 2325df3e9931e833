#include "util/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <optional>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "util/child_registry.hpp"
#include "util/process_tree.hpp"
#include "util/sha256.hpp"

extern char** environ;

namespace qa::util {
namespace {

/// A pipe whose ends close themselves.
class Pipe {
  public:
    Pipe() {
        if (::pipe2(fds_, O_CLOEXEC) != 0) {
            throw std::system_error(errno, std::generic_category(), "pipe");
        }
    }
    ~Pipe() {
        close_read();
        close_write();
    }
    Pipe(const Pipe&) = delete;
    Pipe& operator=(const Pipe&) = delete;

    int read_end() const { return fds_[0]; }
    int write_end() const { return fds_[1]; }
    void close_read() { close_fd(fds_[0]); }
    void close_write() { close_fd(fds_[1]); }

  private:
    static void close_fd(int& fd) {
        if (fd >= 0) {
            ::close(fd);
            fd = -1;
        }
    }
    int fds_[2] = {-1, -1};
};

/// posix_spawn's file actions and attributes, destroyed with the scope.
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

/// One output stream: kept up to its cap, counted, and hashed in full when asked.
struct StreamSink {
    std::string& kept;
    std::size_t& total;
    std::size_t cap;
    std::optional<Sha256> hash;
    void add(const char* data, std::size_t n) {
        total += n;
        if (hash) {
            hash->update(std::string_view(data, n));
        }
        if (kept.size() < cap) {
            kept.append(data, std::min(n, cap - kept.size()));
        }
    }
};

/// Owns a started child: kills its whole process group and reaps it on every way out, so a
/// child never outlives run_process (an exception included), and unregisters the group.
class ChildGuard {
  public:
    ChildGuard(pid_t pid, ChildRegistry* registry, bool kill_descendants)
        : pid_(pid), registry_(registry), kill_descendants_(kill_descendants) {}
    ~ChildGuard() { finish(); }
    ChildGuard(const ChildGuard&) = delete;
    ChildGuard& operator=(const ChildGuard&) = delete;

    /// Whether the child has exited (it stays a zombie, so its pid and group id stay ours).
    bool exited() {
        siginfo_t info{};
        while (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) < 0) {
            if (errno != EINTR) {
                return true;  // nothing to wait for
            }
        }
        return info.si_pid == pid_;
    }

    /// Kills the group (what the child left running, or the child itself when it was stopped)
    /// and reaps the child; returns its wait status. Idempotent.
    int finish() {
        if (reaped_) {
            return status_;
        }
        reaped_ = true;
        // Listed while the child still holds them: once it dies they are reparented away (a
        // signal may have killed it already, hence also the ones remembered while it ran).
        std::vector<pid_t> tree = kill_descendants_ ? descendants(pid_) : std::vector<pid_t>{};
        tree.insert(tree.end(), known_.begin(), known_.end());
        // Before reaping: the zombie keeps the group id from being reused.
        ::kill(-pid_, SIGKILL);
        for (const pid_t p : tree) {
            ::kill(p, SIGKILL);
        }
        while (::waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
        }
        if (!tree.empty()) {
            kill_and_wait(tree, std::chrono::seconds(5));
        }
        if (registry_ != nullptr) {
            for (const pid_t p : known_) {
                registry_->remove_process(p);
            }
            registry_->remove(pid_);
        }
        return status_;
    }

    /// With kill_descendants: notes the child's children and grandchildren now (at most every
    /// 20 ms), so that finish() still finds them when the child died first (bubblewrap killed
    /// by a signal: its sandbox init, whose death empties its pid namespace, is reparented).
    void remember_descendants() {
        if (!kill_descendants_ || reaped_) {
            return;
        }
        const auto now = std::chrono::steady_clock::now();
        if (now - last_look_ < std::chrono::milliseconds(20)) {
            return;
        }
        last_look_ = now;
        for (const pid_t p : descendants(pid_, 2)) {
            if (std::find(known_.begin(), known_.end(), p) == known_.end()) {
                known_.push_back(p);
                if (registry_ != nullptr) {
                    registry_->add_process(p);  // an interrupted binary kills it too
                }
            }
        }
    }

  private:
    pid_t pid_;
    ChildRegistry* registry_;
    bool kill_descendants_;
    std::vector<pid_t> known_;
    std::chrono::steady_clock::time_point last_look_{};
    bool reaped_ = false;
    int status_ = 0;
};

/// When a child must be stopped: spec.timeout, the token's deadline or its cancellation.
class Stopper {
  public:
    explicit Stopper(const ProcessSpec& spec) : cancel_(spec.cancel) {
        if (spec.timeout.count() > 0) {
            cancel_ = cancel_.with_deadline(Clock::now() + spec.timeout);
        }
    }
    /// Records why in `result` and returns true when the child must be stopped now.
    bool stopped(ProcessResult& result) const {
        if (cancel_.cancelled()) {
            result.cancelled = true;
            return true;
        }
        if (Clock::now() >= cancel_.deadline()) {
            result.timed_out = true;
            return true;
        }
        return false;
    }
    /// How long one wait may block: until the deadline, and never past the next poll of the
    /// token's flags.
    int slice_ms() const {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(cancel_.deadline() - Clock::now())
                .count();
        return static_cast<int>(std::clamp<std::int64_t>(left + 1, 0, kSliceMs));
    }

  private:
    using Clock = std::chrono::steady_clock;
    static constexpr std::int64_t kSliceMs = 20;
    CancellationToken cancel_;
};

/// posix_spawn with stdin, stdout and stderr on the pipes, in a process group of its own, with
/// default SIGPIPE/SIGTERM/SIGINT and no blocked signal.
pid_t spawn(const ProcessSpec& spec, char* const* argv, char* const* envp, const Pipe& in,
            const Pipe& out, const Pipe& err) {
    SpawnSetup setup;
    posix_spawn_file_actions_adddup2(&setup.actions, in.read_end(), STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&setup.actions, out.write_end(), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&setup.actions, err.write_end(), STDERR_FILENO);
    if (!spec.cwd.empty()) {
        posix_spawn_file_actions_addchdir_np(&setup.actions, spec.cwd.c_str());
    }
    // Its own process group, so a timeout kills the whole tree the command started.
    posix_spawnattr_setpgroup(&setup.attr, 0);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGTERM);
    sigaddset(&defaults, SIGINT);
    posix_spawnattr_setsigdefault(&setup.attr, &defaults);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&setup.attr, &none);
    posix_spawnattr_setflags(
        &setup.attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    pid_t pid = 0;
    const int rc = ::posix_spawnp(&pid, argv[0], &setup.actions, &setup.attr, argv, envp);
    if (rc != 0) {
        throw std::system_error(rc, std::generic_category(), "cannot run " + spec.argv[0]);
    }
    return pid;
}

/// What spawn() does, with fork and execve, running spec.in_child before the exec. The
/// child reports a failure (its errno) through a close-on-exec pipe: an empty read means the
/// exec happened.
pid_t fork_exec(const ProcessSpec& spec, char* const* argv, char* const* envp, const Pipe& in,
                const Pipe& out, const Pipe& err) {
    Pipe report;
    const char* cwd = spec.cwd.empty() ? nullptr : spec.cwd.c_str();
    const pid_t pid = ::fork();
    if (pid < 0) {
        throw std::system_error(errno, std::generic_category(), "cannot run " + spec.argv[0]);
    }
    if (pid == 0) {
        // Async-signal-safe calls only from here on: the parent may have other threads.
        int error = 0;
        if (::setpgid(0, 0) != 0 || ::dup2(in.read_end(), STDIN_FILENO) < 0 ||
            ::dup2(out.write_end(), STDOUT_FILENO) < 0 ||
            ::dup2(err.write_end(), STDERR_FILENO) < 0 || (cwd != nullptr && ::chdir(cwd) != 0)) {
            error = errno;
        }
        for (const int sig : {SIGPIPE, SIGTERM, SIGINT}) {
            ::signal(sig, SIG_DFL);
        }
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        if (error == 0) {
            error = spec.in_child();
        }
        if (error == 0) {
            ::execve(argv[0], argv, envp);
            error = errno;
        }
        [[maybe_unused]] const ssize_t w = ::write(report.write_end(), &error, sizeof error);
        ::_exit(127);
    }
    report.close_write();
    int error = 0;
    ssize_t got = 0;
    do {
        got = ::read(report.read_end(), &error, sizeof error);
    } while (got < 0 && errno == EINTR);
    if (got > 0) {
        while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
        }
        throw std::system_error(error, std::generic_category(), "cannot run " + spec.argv[0]);
    }
    return pid;
}

}  // namespace

ProcessResult run_process(const ProcessSpec& spec) {
    if (spec.argv.empty()) {
        throw std::system_error(EINVAL, std::generic_category(), "empty command");
    }
    Pipe in, out, err;
    std::vector<char*> argv;
    for (const auto& a : spec.argv) {
        argv.push_back(const_cast<char*>(a.c_str()));
    }
    argv.push_back(nullptr);
    std::vector<char*> envp;
    if (spec.env) {
        for (const auto& e : *spec.env) {
            envp.push_back(const_cast<char*>(e.c_str()));
        }
        envp.push_back(nullptr);
    }
    char* const* const env = spec.env ? envp.data() : environ;
    const pid_t pid = spec.in_child ? fork_exec(spec, argv.data(), env, in, out, err)
                                    : spawn(spec, argv.data(), env, in, out, err);
    in.close_read();
    out.close_write();
    err.close_write();

    if (spec.children != nullptr) {
        spec.children->add(pid);
    }
    // Kills what is left of the group and reaps the child, however this function ends.
    ChildGuard guard{pid, spec.children, spec.kill_descendants};

    ProcessResult result;
    std::size_t stdin_sent = 0;
    if (spec.stdin_data.empty()) {
        in.close_write();
    } else {
        ::fcntl(in.write_end(), F_SETFL, O_NONBLOCK);
    }
    const Stopper stopper(spec);
    StreamSink out_sink{result.stdout_data, result.stdout_total, spec.max_stdout_bytes, {}};
    StreamSink err_sink{result.stderr_data, result.stderr_total, spec.max_stderr_bytes, {}};
    if (spec.hash_output) {
        out_sink.hash.emplace();
        err_sink.hash.emplace();
    }
    bool out_open = true, err_open = true;
    char buffer[65536];
    while (out_open || err_open) {
        guard.remember_descendants();
        if (stopper.stopped(result)) {
            break;
        }
        pollfd fds[3];
        nfds_t n = 0;
        int out_idx = -1, err_idx = -1, in_idx = -1;
        if (out_open) {
            out_idx = static_cast<int>(n);
            fds[n++] = {out.read_end(), POLLIN, 0};
        }
        if (err_open) {
            err_idx = static_cast<int>(n);
            fds[n++] = {err.read_end(), POLLIN, 0};
        }
        if (in.write_end() >= 0) {
            in_idx = static_cast<int>(n);
            fds[n++] = {in.write_end(), POLLOUT, 0};
        }
        const int ready = ::poll(fds, n, stopper.slice_ms());
        if (ready < 0) {
            if (errno == EINTR) {
                continue;
            }
            throw std::system_error(errno, std::generic_category(), "poll");
        }
        if (in_idx >= 0 && (fds[in_idx].revents & (POLLOUT | POLLERR | POLLHUP))) {
            const ssize_t w = ::write(in.write_end(), spec.stdin_data.data() + stdin_sent,
                                      spec.stdin_data.size() - stdin_sent);
            if (w > 0) {
                stdin_sent += static_cast<std::size_t>(w);
            }
            if (w < 0 && errno != EAGAIN && errno != EINTR) {
                in.close_write();  // the child closed its stdin; that is its business
            } else if (stdin_sent == spec.stdin_data.size()) {
                in.close_write();
            }
        }
        const auto drain = [&](int idx, int fd, bool& open, StreamSink& sink) {
            if (idx < 0 || !(fds[idx].revents & (POLLIN | POLLHUP | POLLERR))) {
                return;
            }
            const ssize_t r = ::read(fd, buffer, sizeof buffer);
            if (r > 0) {
                sink.add(buffer, static_cast<std::size_t>(r));
            } else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
                open = false;
            }
        };
        drain(out_idx, out.read_end(), out_open, out_sink);
        drain(err_idx, err.read_end(), err_open, err_sink);
    }
    in.close_write();
    // The output is closed; the child may still run (it closed its stdout, or it ignores its
    // stdin). The same deadline and token cover this wait.
    while (!result.timed_out && !result.cancelled && !guard.exited()) {
        guard.remember_descendants();
        if (stopper.stopped(result)) {
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(std::min(stopper.slice_ms(), 1)));
    }
    const int status = guard.finish();
    if (spec.hash_output) {
        result.stdout_sha256 = out_sink.hash->hex_digest();
        result.stderr_sha256 = err_sink.hash->hex_digest();
    }
    // A child that ended while the run was being cancelled may have been killed by that
    // cancellation (the Failsafe signals child groups itself): its output is not an answer.
    if (!result.timed_out && spec.cancel.cancelled()) {
        result.cancelled = true;
    }
    if (result.timed_out || result.cancelled) {
        return result;
    }
    if (WIFEXITED(status)) {
        result.exit_code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        result.signal = WTERMSIG(status);
    }
    return result;
}

}  // namespace qa::util

#pragma once

/// Test helpers for the integration suite: running the real binaries (and git, and the pre-commit
/// framework) as child processes with a pinned environment, capturing exit status, stdout and
/// stderr separately, and snapshotting a repository's user-visible state.
/// Header-only on purpose: tests/support/*.cpp is not globbed into the test executables.

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "support/git_fixture.hpp"

namespace qa::test {

/// How a child process ended, with its output.
struct ProcResult {
    bool exited = false;     ///< WIFEXITED
    int exit_code = -1;      ///< WEXITSTATUS when exited, else -1
    int signal = 0;          ///< WTERMSIG when killed by a signal
    bool timed_out = false;  ///< killed by the helper after its time limit
    std::string out;         ///< stdout, byte for byte
    std::string err;         ///< stderr, byte for byte

    std::string all() const { return out + err; }
    /// Status and (clipped) output, for test messages (INFO).
    std::string describe() const {
        std::string d =
            exited ? "exit " + std::to_string(exit_code) : "signal " + std::to_string(signal);
        if (timed_out) {
            d += " (timed out)";
        }
        return d + "\n--- stdout ---\n" + clip(out) + "\n--- stderr ---\n" + clip(err);
    }

  private:
    static std::string clip(const std::string& text) {
        constexpr std::size_t kMax = 2000;
        if (text.size() <= kMax) {
            return text;
        }
        return text.substr(0, kMax) + "... (" + std::to_string(text.size() - kMax) + " more bytes)";
    }
};

/// Reads a whole file as bytes; throws when it cannot be opened.
inline std::string read_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw std::runtime_error("cannot read " + path.string());
    }
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// A `/bin/sh -c script` child with stdin from a buffer and stdout/stderr into temp files. The
/// child leads its own process group, so a timeout kills everything it started.
class ShellChild {
  public:
    explicit ShellChild(const std::string& script, std::string_view stdin_data = {})
        : io_("qa-skill-io") {
        const auto in_path = io_.path() / "stdin";
        write_file(in_path, stdin_data);
        const std::string in_s = in_path.string();
        const std::string out_s = (io_.path() / "stdout").string();
        const std::string err_s = (io_.path() / "stderr").string();
        pid_ = ::fork();
        if (pid_ < 0) {
            throw std::system_error(errno, std::generic_category(), "fork");
        }
        if (pid_ == 0) {
            ::setpgid(0, 0);
            const int in = ::open(in_s.c_str(), O_RDONLY);
            const int out = ::open(out_s.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
            const int err = ::open(err_s.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
            if (in < 0 || out < 0 || err < 0) {
                ::_exit(126);
            }
            ::dup2(in, 0);
            ::dup2(out, 1);
            ::dup2(err, 2);
            ::close(in);
            ::close(out);
            ::close(err);
            // The test runner ignores SIGPIPE; children get the default back.
            ::signal(SIGPIPE, SIG_DFL);
            ::execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ::setpgid(pid_, pid_);  // also from here, so a signal sent right away reaches the group
    }
    ~ShellChild() {
        if (!reaped_) {
            ::kill(-pid_, SIGKILL);
            int status = 0;
            ::waitpid(pid_, &status, 0);
        }
    }
    ShellChild(const ShellChild&) = delete;
    ShellChild& operator=(const ShellChild&) = delete;

    pid_t pid() const { return pid_; }

    /// True when the child has ended (it is then reaped and its status kept).
    bool finished() {
        if (reaped_) {
            return true;
        }
        int status = 0;
        const pid_t r = ::waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            reaped_ = true;
            status_ = status;
        }
        return reaped_;
    }

    /// Sends `sig` to the child process itself (not its group).
    void send(int sig) const { ::kill(pid_, sig); }

    /// Waits for the end (killing the group after `timeout`) and collects the output.
    ProcResult wait(std::chrono::milliseconds timeout = std::chrono::seconds(180)) {
        ProcResult result;
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        auto pause = std::chrono::microseconds(200);
        while (!finished()) {
            if (std::chrono::steady_clock::now() > deadline) {
                ::kill(-pid_, SIGKILL);
                int status = 0;
                ::waitpid(pid_, &status, 0);
                reaped_ = true;
                status_ = status;
                result.timed_out = true;
                break;
            }
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, std::chrono::microseconds(10000));
        }
        if (WIFEXITED(status_)) {
            result.exited = true;
            result.exit_code = WEXITSTATUS(status_);
        } else if (WIFSIGNALED(status_)) {
            result.signal = WTERMSIG(status_);
        }
        result.out = read_bytes(io_.path() / "stdout");
        result.err = read_bytes(io_.path() / "stderr");
        return result;
    }

  private:
    TempDir io_;
    pid_t pid_ = -1;
    bool reaped_ = false;
    int status_ = 0;
};

/// Runs `/bin/sh -c script` to its end.
inline ProcResult run_sh(const std::string& script, std::string_view stdin_data = {},
                         std::chrono::milliseconds timeout = std::chrono::seconds(180)) {
    ShellChild child(script, stdin_data);
    return child.wait(timeout);
}

/// A GitSandbox that also runs qa-skill, qa-skill-hook and any command line inside a repository,
/// always through the sandbox's pinned environment plus NO_COLOR=1. Commands are `exec`ed, so the
/// exit status seen is the program's own (a signal death stays visible as one).
class HookSandbox : public GitSandbox {
  public:
    /// The environment prefix of every command (GitSandbox's, plus NO_COLOR=1).
    std::string env() const { return env_prefix() + "NO_COLOR=1 "; }

    /// `cd dir && exec env ... <command_line>`; `command_line` is one simple command (shell text).
    ProcResult in(const std::filesystem::path& dir, const std::string& command_line,
                  std::string_view stdin_data = {}) const {
        return run_sh(script(dir, command_line), stdin_data);
    }

    /// The shell script in() runs; for ShellChild when the caller needs the process itself.
    std::string script(const std::filesystem::path& dir, const std::string& command_line) const {
        return "cd " + shell_quote(dir.string()) + " && exec " + env() + command_line;
    }

    /// git with stdout and stderr captured (GitSandbox::git lets stderr through).
    ProcResult git_in(const std::filesystem::path& dir, const std::string& args,
                      std::string_view stdin_data = {}) const {
        return in(dir, "git " + args, stdin_data);
    }

#ifdef QA_SKILL_BIN
    /// `qa-skill <args>` with the repository as working directory.
    ProcResult qa(const std::filesystem::path& dir, const std::string& args) const {
        return in(dir, shell_quote(QA_SKILL_BIN) + " " + args);
    }

    /// A new repository with one clean commit and the qa-skill hooks installed (`qa-skill
    /// install`); throws when the install fails, with what it printed.
    std::filesystem::path installed_repo(const std::string& name = "repo") const {
        auto repo = repo_with_commit(name);
        const ProcResult r = qa(repo, "install");
        if (r.exit_code != 0) {
            throw std::runtime_error("qa-skill install failed:\n" + r.describe());
        }
        return repo;
    }
#endif
#ifdef QA_SKILL_HOOK_BIN
    /// `qa-skill-hook <args>` with the repository as working directory.
    ProcResult hook(const std::filesystem::path& dir, const std::string& args,
                    std::string_view stdin_data = {}) const {
        return in(dir, shell_quote(QA_SKILL_HOOK_BIN) + " " + args, stdin_data);
    }
#endif

    /// A new repository with one clean commit (README.md), so HEAD exists.
    std::filesystem::path repo_with_commit(const std::string& name) const {
        auto repo = init(name);
        add_file(repo, "README.md", "# demo\n\nA small repository for the qa-skill tests.\n");
        commit(repo, "initial");
        return repo;
    }
};

/// The user-visible state of a repository that a hook must never change.
struct RepoState {
    std::map<std::string, std::string> files;  ///< working tree minus .git and .qa-skill
    std::string status;                        ///< git status --porcelain=v2
    std::string index;                         ///< .git/index bytes
    std::string stash;                         ///< git stash list
    std::string refs;                          ///< git for-each-ref

    friend bool operator==(const RepoState&, const RepoState&) = default;

    /// What differs, for test messages.
    std::string diff(const RepoState& other) const {
        std::string d;
        if (files != other.files) {
            for (const auto& [k, v] : files) {
                const auto it = other.files.find(k);
                if (it == other.files.end()) {
                    d += "file removed: " + k + "\n";
                } else if (it->second != v) {
                    d += "file changed: " + k + "\n";
                }
            }
            for (const auto& [k, v] : other.files) {
                if (files.count(k) == 0) {
                    d += "file added: " + k + "\n";
                }
            }
        }
        if (status != other.status) {
            d += "status:\n" + status + "-> now:\n" + other.status;
        }
        if (index != other.index) {
            d += ".git/index bytes changed\n";
        }
        if (stash != other.stash) {
            d += "stash:\n" + stash + "-> now:\n" + other.stash;
        }
        if (refs != other.refs) {
            d += "refs:\n" + refs + "-> now:\n" + other.refs;
        }
        return d;
    }
};

/// Snapshot of `repo` (a non-bare repository whose git dir is repo/.git).
inline RepoState capture_state(const HookSandbox& sandbox, const std::filesystem::path& repo) {
    namespace fs = std::filesystem;
    RepoState state;
    for (auto it = fs::recursive_directory_iterator(repo); it != fs::recursive_directory_iterator();
         ++it) {
        const fs::path rel = fs::relative(it->path(), repo);
        const std::string first = rel.begin()->string();
        if (first == ".git" || first == ".qa-skill") {
            if (it->is_directory()) {
                it.disable_recursion_pending();
            }
            continue;
        }
        const auto st = it->symlink_status();
        const auto perms = static_cast<unsigned>(st.permissions());
        if (fs::is_symlink(st)) {
            state.files[rel.string()] = "link:" + fs::read_symlink(it->path()).string();
        } else if (fs::is_regular_file(st)) {
            state.files[rel.string()] =
                "file:" + std::to_string(perms) + ":" + read_bytes(it->path());
        } else if (fs::is_directory(st)) {
            state.files[rel.string() + "/"] = "dir:" + std::to_string(perms);
        }
    }
    state.status = sandbox.git_ok(repo, "status --porcelain=v2 --branch --untracked-files=all");
    state.index = read_bytes(repo / ".git" / "index");
    state.stash = sandbox.git_ok(repo, "stash list");
    state.refs = sandbox.git_ok(repo, "for-each-ref");
    return state;
}

/// Sets every working-tree file's mtime to 2020-01-01, refreshes the index and completes its cache
/// tree, so that git itself (racy timestamps, cache tree) never rewrites .git/index between two
/// snapshots and any change there is the hook's.
inline void settle_index(const HookSandbox& sandbox, const std::filesystem::path& repo) {
    const ProcResult r = run_sh("cd " + shell_quote(repo.string()) +
                                " && find . -path ./.git -prune -o -exec touch -h -d "
                                "'2020-01-01 00:00:00' {} +");
    if (!r.exited || r.exit_code != 0) {
        throw std::runtime_error("touch failed: " + r.describe());
    }
    sandbox.git(repo, "update-index -q --refresh >/dev/null");
    // A complete cache tree: `git commit` rewrites .git/index itself before running the hook
    // when the cache tree is not fully valid (builtin/commit.c, as-is commit).
    sandbox.git_ok(repo, "write-tree >/dev/null");
    sandbox.git_ok(repo, "status --porcelain >/dev/null");
}

/// `runs/*` folders under an artifact root, sorted by name.
inline std::vector<std::filesystem::path> run_dirs(const std::filesystem::path& artifact_root) {
    std::vector<std::filesystem::path> dirs;
    std::error_code ec;
    const auto runs = artifact_root / "runs";
    if (!std::filesystem::is_directory(runs, ec)) {
        return dirs;
    }
    for (const auto& e : std::filesystem::directory_iterator(runs)) {
        if (e.is_directory()) {
            dirs.push_back(e.path());
        }
    }
    std::sort(dirs.begin(), dirs.end());
    return dirs;
}

/// True for 64 lowercase hex digits (a SHA-256).
inline bool is_sha256_hex(std::string_view s) {
    return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

/// SHA-256 of a file by `sha256sum` (coreutils), independent of the product's own hashing.
inline std::string sha256sum_of(const std::filesystem::path& file) {
    const ProcResult r = run_sh("sha256sum -b " + shell_quote(file.string()));
    if (!r.exited || r.exit_code != 0 || r.out.size() < 64) {
        throw std::runtime_error("sha256sum failed: " + r.describe());
    }
    return r.out.substr(0, 64);
}

/// The five hashed artifact files of a run, in the order the README lists them.
inline const std::vector<std::string>& hashed_artifact_names() {
    static const std::vector<std::string> names = {"skill-input.json", "lens-plans.json",
                                                   "lens-results.json", "final-verdict.json",
                                                   "skill-result.json"};
    return names;
}

/// A line of `n` times `c` (conflict markers are built at run time, so this source file carries
/// none that a conflict-marker rule could flag).
inline std::string repeat(char c, std::size_t n) {
    return std::string(n, c);
}

/// A Python file whose line 2 opens a merge-conflict block (marker lines 2, 4 and 6).
inline std::string conflicted_python() {
    return "value_a = 1\n" + repeat('<', 7) + " HEAD\nvalue_b = 2\n" + repeat('=', 7) +
           "\nvalue_b = 3\n" + repeat('>', 7) + " feature\nvalue_c = 4\n";
}
constexpr int kConflictMarkerLine = 2;

/// A fake PEM private key: the armour lines are assembled here and the body (8 lines of 64
/// base64-looking characters) is generated, so no key-like literal sits in this source file.
struct FakeKey {
    std::vector<std::string> body_lines;
    std::string pem;
};

inline FakeKey make_fake_key(std::uint32_t seed = 12345) {
    static const char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    FakeKey key;
    std::uint32_t x = seed;
    const std::string kind = std::string("RSA ") + "PRIV" + "ATE KEY";
    key.pem = repeat('-', 5) + "BEGIN " + kind + repeat('-', 5) + "\n";
    for (int line = 0; line < 8; ++line) {
        std::string text;
        for (int i = 0; i < 64; ++i) {
            x = x * 1664525u + 1013904223u;
            // Every 8th character is upper case, so no window of the body looks like lower hex.
            text += (i % 8 == 0) ? kAlphabet[(x >> 24) % 26] : kAlphabet[(x >> 24) % 64];
        }
        key.body_lines.push_back(text);
        key.pem += text + "\n";
    }
    key.pem += repeat('-', 5) + "END " + kind + repeat('-', 5) + "\n";
    return key;
}

/// Every file under `dir` (recursively) with its bytes.
inline std::map<std::string, std::string> read_tree(const std::filesystem::path& dir) {
    std::map<std::string, std::string> files;
    std::error_code ec;
    if (!std::filesystem::exists(dir, ec)) {
        return files;
    }
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
        if (e.is_regular_file()) {
            files[std::filesystem::relative(e.path(), dir).string()] = read_bytes(e.path());
        }
    }
    return files;
}

/// The number of lines of `text` (a last line without newline counts).
inline std::size_t count_lines(std::string_view text) {
    std::size_t n = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
    if (!text.empty() && text.back() != '\n') {
        ++n;
    }
    return n;
}

/// True when python3 can import `module`.
inline bool python_has(const std::string& module) {
    const ProcResult r = run_sh("python3 -c " + shell_quote("import " + module) + " 2>/dev/null");
    return r.exited && r.exit_code == 0;
}

}  // namespace qa::test

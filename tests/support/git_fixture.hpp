#pragma once

/// Test helpers for building real git repositories in temp folders with the real `git` command.
/// Header-only on purpose: tests/support/*.cpp is not globbed into the test executables.
///
/// Every git command runs with a pinned environment: HOME is a private temp folder holding the
/// only config git reads (GIT_CONFIG_NOSYSTEM=1), and the variables a surrounding hook may have
/// set (GIT_DIR, GIT_INDEX_FILE, GIT_WORK_TREE, ...) are removed, so the tests behave the same when
/// run from inside a git hook.

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace qa::test {

/// A fresh directory under the system temp folder, removed with everything in it at destruction.
class TempDir {
  public:
    explicit TempDir(std::string_view prefix = "qa-skill-test") {
        std::string pattern =
            (std::filesystem::temp_directory_path() / (std::string(prefix) + "-XXXXXX")).string();
        if (::mkdtemp(pattern.data()) == nullptr) {
            throw std::system_error(errno, std::generic_category(), "mkdtemp " + pattern);
        }
        // Canonical: /tmp may be a symlink, and libgit2 reports resolved paths.
        path_ = std::filesystem::canonical(pattern);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

struct CommandResult {
    int exit_code = -1;  ///< the shell's exit status; 128 + n when killed by signal n
    std::string out;     ///< stdout, byte for byte (stderr goes to the test's stderr)
};

/// `text` as one single-quoted POSIX shell word.
inline std::string shell_quote(std::string_view text) {
    std::string out = "'";
    for (const char c : text) {
        if (c == '\'') {
            out += "'\\''";
        } else {
            out += c;
        }
    }
    out += "'";
    return out;
}

/// Runs `command` through /bin/sh and captures its stdout.
inline CommandResult run(const std::string& command) {
    CommandResult result;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) {
        throw std::system_error(errno, std::generic_category(), "popen " + command);
    }
    std::array<char, 65536> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) {
        result.out.append(buffer.data(), n);
    }
    const int status = ::pclose(pipe);
    if (status == -1) {
        result.exit_code = -1;
    } else if (WIFEXITED(status)) {
        result.exit_code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        result.exit_code = 128 + WTERMSIG(status);
    }
    return result;
}

/// Writes `content` to `path` (binary, truncating), creating parent folders.
inline void write_file(const std::filesystem::path& path, std::string_view content) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    if (!out) {
        throw std::runtime_error("cannot write " + path.string());
    }
}

/// A sandbox for git: a temp folder with a private HOME and config, in which tests create
/// repositories. Commits get fixed dates, so equal histories give equal shas.
class GitSandbox {
  public:
    GitSandbox() : dir_("qa-skill-git") {
        std::filesystem::create_directories(home());
        write_file(home() / ".gitconfig",
                   "[user]\n\tname = QA Test\n\temail = qa@example.invalid\n"
                   "[commit]\n\tgpgsign = false\n[tag]\n\tgpgsign = false\n"
                   "[init]\n\tdefaultBranch = main\n"
                   "[advice]\n\tdetachedHead = false\n"
                   // `git submodule add` of a local path needs the file transport (git >= 2.38.1).
                   "[protocol \"file\"]\n\tallow = always\n"
                   "[core]\n\tautocrlf = false\n");
    }

    /// The sandbox folder; repositories go in subfolders of it.
    const std::filesystem::path& root() const { return dir_.path(); }
    std::filesystem::path home() const { return dir_.path() / "home"; }

    /// The environment prefix put in front of every git command.
    std::string env_prefix() const {
        return "env -u GIT_DIR -u GIT_WORK_TREE -u GIT_INDEX_FILE -u GIT_OBJECT_DIRECTORY "
               "-u GIT_ALTERNATE_OBJECT_DIRECTORIES -u GIT_CEILING_DIRECTORIES -u GIT_NAMESPACE "
               "-u GIT_COMMON_DIR -u GIT_PREFIX -u GIT_CONFIG -u GIT_CONFIG_PARAMETERS "
               "-u GIT_CONFIG_COUNT -u XDG_CONFIG_HOME "
               "HOME=" +
               shell_quote(home().string()) +
               " GIT_CONFIG_NOSYSTEM=1 LC_ALL=C TZ=UTC "
               "GIT_AUTHOR_DATE='2024-01-01T00:00:00Z' GIT_COMMITTER_DATE='2024-01-01T00:00:00Z' ";
    }

    /// `git -C dir <args>`; `args` is shell text (quote paths with shell_quote).
    CommandResult git(const std::filesystem::path& dir, const std::string& args) const {
        return run(env_prefix() + "git -C " + shell_quote(dir.string()) + " " + args);
    }

    /// Like git(), but throws when git fails; returns stdout.
    std::string git_ok(const std::filesystem::path& dir, const std::string& args) const {
        CommandResult result = git(dir, args);
        if (result.exit_code != 0) {
            throw std::runtime_error("git -C " + dir.string() + " " + args + " exited with " +
                                     std::to_string(result.exit_code));
        }
        return std::move(result.out);
    }

    /// `git init` of a new repository root()/name (bare when asked); returns its path.
    std::filesystem::path init(const std::string& name, bool bare = false) const {
        auto path = root() / name;
        std::filesystem::create_directories(path);
        git_ok(path, bare ? "init -q --bare" : "init -q");
        return path;
    }

    /// Writes `content` to `repo/relative` and stages it.
    void add_file(const std::filesystem::path& repo, const std::string& relative,
                  std::string_view content) const {
        write_file(repo / relative, content);
        git_ok(repo, "add -- " + shell_quote(relative));
    }

    /// Commits everything staged (allowing an empty commit); returns the new HEAD sha.
    std::string commit(const std::filesystem::path& repo, const std::string& message) const {
        git_ok(repo, "commit -q --allow-empty -m " + shell_quote(message));
        return rev_parse(repo, "HEAD");
    }

    std::string rev_parse(const std::filesystem::path& repo, const std::string& rev) const {
        std::string out = git_ok(repo, "rev-parse --verify -q " + shell_quote(rev));
        while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) {
            out.pop_back();
        }
        return out;
    }

  private:
    TempDir dir_;
};

}  // namespace qa::test

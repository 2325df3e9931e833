#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "git/libgit2.hpp"

struct git_repository;  // libgit2's opaque type; <git2.h> stays out of public headers

namespace qa::git {

/// The git environment variables that change which repository (and which index) a command works
/// on. Hooks run with them set: `git commit -a` / `git commit <paths>` point GIT_INDEX_FILE at a
/// temporary index, which is the one being committed, so the staged diff must read it.
/// It is passed explicitly so that library code never reads the process environment by itself.
struct GitEnv {
    std::optional<std::string> git_dir;              ///< GIT_DIR
    std::optional<std::string> work_tree;            ///< GIT_WORK_TREE
    std::optional<std::string> index_file;           ///< GIT_INDEX_FILE
    std::optional<std::string> ceiling_directories;  ///< GIT_CEILING_DIRECTORIES (':'-separated)
    /// GIT_QUARANTINE_PATH: in a pre-receive hook, the objects being pushed wait there until
    /// the hook accepts them; they are read from it as an alternate object directory.
    std::optional<std::string> quarantine_path;

    /// None of them: discovery from the given path only (tests, tools that were given a path).
    static GitEnv none() { return {}; }
    /// The values of this process's environment (hook entry points).
    static GitEnv from_process();
};

/// repo_id() of a repository whose HEAD has no commit yet.
inline constexpr const char* kUnbornRepoId = "unborn";

/// An open repository. Opening never writes anything; nothing in this module writes to a
/// repository (no index writes, ref updates or config changes).
class Repository {
  public:
    /// Opens the repository that contains `start`, searching upwards like git does (a
    /// subdirectory, a linked worktree whose `.git` is a file, a bare repository).
    /// With env.git_dir set, `start` is ignored and that directory is opened as is (with
    /// env.work_tree, if set, as its working tree); env.index_file replaces the index.
    /// Throws GitError when there is no repository.
    static Repository open(const LibGit2& lib, const std::filesystem::path& start,
                           const GitEnv& env);

    Repository(Repository&&) noexcept;
    Repository& operator=(Repository&&) noexcept;
    ~Repository();

    /// The working tree root without a trailing slash; for a bare repository, the git directory.
    std::filesystem::path root() const;
    /// The git directory (for a linked worktree, its private one under .git/worktrees/).
    std::filesystem::path git_dir() const;
    bool is_bare() const;
    /// True when HEAD names a branch without commits (a fresh `git init`).
    bool head_unborn() const;
    /// The commit HEAD points at (peeled), or nullopt when HEAD is unborn.
    std::optional<std::string> head_sha() const;

    /// A repository identity that is the same in every clone: the 40-digit sha of the root commit
    /// reached by following first parents from HEAD. kUnbornRepoId ("unborn") when HEAD has no
    /// commit. Computed once and cached in the git directory (`qa-skill-repo-id`, checked in
    /// O(1)), so a commit in a long history costs no walk. In a shallow clone the chain ends at a
    /// commit whose parent is missing: the result is "shallow:" + that commit, visibly not a
    /// clone-stable id, never cached (configure repo_id for shallow CI checkouts).
    std::string repo_id() const;

    /// The libgit2 handle, for the other parts of this module.
    git_repository* raw() const { return repo_.get(); }

  private:
    struct Free {
        void operator()(git_repository* repo) const;
    };
    explicit Repository(git_repository* repo);
    std::unique_ptr<git_repository, Free> repo_;
};

}  // namespace qa::git

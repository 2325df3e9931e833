#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "git/repository.hpp"

namespace qa::exec {

/// `<root>/.worktrees/qa-skill/<executionKey>/<planOrdinal>`: where a plan's commands run.
std::filesystem::path execution_dir(const std::filesystem::path& repo_root,
                                    const std::string& execution_key, std::int64_t plan_ordinal);

/// The same path relative to the repository root, as the audit records it (no absolute path
/// in a hashed artifact).
std::string execution_dir_relative(const std::string& execution_key, std::int64_t plan_ordinal);

/// Writes the files of the index (the tree a commit would record) into `target`, an empty
/// directory. git's own checkout with a target directory: the repository's index, refs, HEAD
/// and working tree are not touched and nothing is registered (no branch, no worktree).
void checkout_index(const git::Repository& repo, const std::filesystem::path& target);

/// Writes the tree of the commit `rev` names (the pushed commit) into `target`, likewise.
void checkout_commit(const git::Repository& repo, const std::string& rev,
                     const std::filesystem::path& target);

/// Writes `paths` (repository-relative) of the index (`rev` empty) or of the tree of the
/// commit `rev` back into the checkout `target`: a file a check-mode tool changed or removed.
void restore_files(const git::Repository& repo, const std::string& rev,
                   const std::filesystem::path& target, const std::vector<std::string>& paths);

/// The paths of the regular files (and symlinks) of the index, or of the tree of the commit
/// `rev` names: what language detection and the reading of a tool's output know about the tree
/// before anything is checked out.
std::set<std::string> index_files(const git::Repository& repo);
std::set<std::string> commit_files(const git::Repository& repo, const std::string& rev);

/// Copies the working tree as it is on disk, tracked and untracked files but not ignored ones,
/// into `target` (phase validation checks uncommitted work). Reads only.
void snapshot_worktree(const git::Repository& repo, const std::filesystem::path& target);

/// A directory that exists for one scope: created empty (an earlier crashed run's leftover is
/// removed first), or `adopt` (a directory on the same filesystem) moved there by a rename when
/// it exists; removed with its content at the end of the scope, as are the parents up to
/// `keep_root` that it leaves empty. An owner file beside it names this process (written before
/// the directory appears), so that sweep_stale_execution_dirs() can remove it after a crash or a
/// kill.
class ScratchDir {
  public:
    ScratchDir(std::filesystem::path dir, std::filesystem::path keep_root,
               const std::filesystem::path& adopt = {});
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::filesystem::path& path() const { return dir_; }
    /// Whether `adopt` was moved here (else the directory was created empty).
    bool adopted() const { return adopted_; }
    /// The owner file beside the directory, on its filesystem.
    std::filesystem::path owner_file() const { return dir_.string() + ".owner"; }

  private:
    std::filesystem::path dir_;
    std::filesystem::path keep_root_;
    bool adopted_ = false;
};

/// Throws ExecError(EXECUTION_DENIED) naming the first component of `relative` under
/// `repo_root` that exists and is a symbolic link or not a directory (a tracked `.worktrees`
/// link): a checkout never passes through one, so its files land where the audit says.
void refuse_linked_path(const std::filesystem::path& repo_root, const std::string& relative);

/// Removes execution directories under `<repo_root>/.worktrees/qa-skill/` whose owning process
/// is gone (a run killed by SIGKILL cannot clean up after itself). Returns how many.
std::size_t sweep_stale_execution_dirs(const std::filesystem::path& repo_root);

}  // namespace qa::exec

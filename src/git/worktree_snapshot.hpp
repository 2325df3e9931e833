#pragma once

#include <filesystem>
#include <span>
#include <string>

#include "git/repository.hpp"

namespace qa::git {

/// The working directory's version of some paths as an index git itself never sees: a temporary
/// folder holding a copy of the repository's index in which those paths' entries are the
/// working-tree files (their blobs written, through the clean filters `git add` applies, to the
/// folder's own object directory) and a path gone from the working tree is removed. Opened with
/// env(), a repository's index is that copy and its objects include the folder's, so a staged or
/// all-files run judges the working directory, untracked files included, while the repository's
/// index and objects stay as they were. The folder is removed with the value.
class WorktreeSnapshot {
  public:
    /// `paths` are repository-relative. Throws GitError when the index cannot be read or an
    /// object cannot be written; a path that is a directory is left as the index has it.
    static WorktreeSnapshot take(const Repository& repo, std::span<const std::string> paths);

    WorktreeSnapshot(WorktreeSnapshot&& other) noexcept;
    WorktreeSnapshot& operator=(WorktreeSnapshot&&) = delete;
    WorktreeSnapshot(const WorktreeSnapshot&) = delete;
    WorktreeSnapshot& operator=(const WorktreeSnapshot&) = delete;
    ~WorktreeSnapshot();

    /// `base` (the repository's own environment) with the snapshot's index and objects.
    GitEnv env(GitEnv base) const;

  private:
    explicit WorktreeSnapshot(std::filesystem::path dir) : dir_(std::move(dir)) {}
    std::filesystem::path dir_;
};

}  // namespace qa::git

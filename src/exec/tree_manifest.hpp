#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace qa::exec {

/// Repository-relative path -> sha256 of every file (and symlink target) under a directory.
using TreeManifest = std::map<std::string, std::string>;

TreeManifest tree_manifest(const std::filesystem::path& dir);

/// Paths of `before` whose content differs in `dir` now, or that are gone: what a formatter or
/// linter changed in the checkout. New files (build output) do not count.
std::vector<std::string> changed_paths(const TreeManifest& before,
                                       const std::filesystem::path& dir);

/// Copies `from` into `to` recursively, leaving out `.git` and `.worktrees` (a directory that is
/// not a git repository, for phase validation).
void copy_directory(const std::filesystem::path& from, const std::filesystem::path& to);

}  // namespace qa::exec

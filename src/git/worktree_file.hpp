#pragma once

#include <optional>
#include <string>

#include "git/repository.hpp"

namespace qa::git {

/// The blob id (40 hex digits) the working-tree file `path` (repository-relative) would get from
/// `git add`, its clean filters and line-ending conversion applied; nullopt when the file does
/// not exist, is not a regular file, or the repository is bare. Nothing is written.
std::optional<std::string> worktree_blob_id(const Repository& repo, const std::string& path);

}  // namespace qa::git

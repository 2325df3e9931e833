#include "git/worktree_file.hpp"

#include <git2.h>

#include <filesystem>
#include <system_error>

#include "git/handle.hpp"

namespace qa::git {

std::optional<std::string> worktree_blob_id(const Repository& repo, const std::string& path) {
    if (repo.is_bare()) {
        return std::nullopt;
    }
    const std::filesystem::path file = repo.root() / path;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(std::filesystem::symlink_status(file, ec))) {
        return std::nullopt;
    }
    git_oid oid;
    // as_path = path: the filters .gitattributes names for it, as `git add` applies them.
    if (git_repository_hashfile(&oid, repo.raw(), file.c_str(), GIT_OBJECT_BLOB, path.c_str()) !=
        0) {
        git_error_clear();
        return std::nullopt;
    }
    return to_hex(oid);
}

}  // namespace qa::git

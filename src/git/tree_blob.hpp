#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "git/repository.hpp"

namespace qa::git {

/// The blob id (40 hex digits) of `path` in the tree of `revision` (a commit or tree sha, or any
/// revision git accepts), or nullopt when the revision is unknown, the path is absent there, or
/// it names no blob (a folder, a submodule). Reads the object database only, never the working
/// tree, so it sees exactly the tree under test.
std::optional<std::string> blob_id_at(const Repository& repo, std::string_view revision,
                                      std::string_view path);

/// The blob id of `path` as staged in the index (stage 0; GIT_INDEX_FILE's index when the
/// repository was opened with it), or nullopt when the index has no such entry or it is not a
/// file (a submodule). In a bare repository: blob_id_at(repo, "HEAD", path).
std::optional<std::string> index_blob_id(const Repository& repo, std::string_view path);

}  // namespace qa::git

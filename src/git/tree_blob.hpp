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

}  // namespace qa::git

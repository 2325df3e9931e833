#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "git/repository.hpp"

namespace qa::git {

/// The content of the blob `oid_hex` (40 hex digits), or nullopt when the object is missing or
/// not a blob (a submodule's commit, a deleted file's empty id). Reads the object database only:
/// the tree under test, never the working tree.
std::optional<std::string> read_blob(const Repository& repo, std::string_view oid_hex);

/// The size in bytes of the blob `oid_hex` from the object header (no content is read), or 0 when
/// it is missing.
std::size_t blob_size(const Repository& repo, std::string_view oid_hex);

}  // namespace qa::git

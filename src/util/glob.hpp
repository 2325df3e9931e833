#pragma once

#include <string_view>

namespace qa::util {

/// Matches a repository-relative path against a gitignore-style glob: `*` and `?` stay within
/// one path segment, `**` spans segments (`src/**/*.c`, `**/test/**`), `[abc]`/`[!a-z]` are
/// classes. A pattern without '/' matches the file name at any depth, as in .gitignore.
/// Iterative with bounded backtracking: linear in practice, never exponential.
bool glob_match(std::string_view pattern, std::string_view path);

}  // namespace qa::util

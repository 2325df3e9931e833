#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace qa::config {

/// Where a configuration names a repository file (`baseline`, `rules_files`): the source file,
/// the position of the entry (0 when unknown) and the key, for the error.
struct RepoFileRef {
    std::string source;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::string key;
};

/// `repo_root / relative`, once it is sure that reading or writing it stays in the working tree:
/// the path is relative, has no "..", "." or ".git" part, and no part of it (the last included)
/// is a symbolic link, so a committed link (`cfg -> $HOME`) can never make `baseline create`
/// write, or a rules file read, outside the repository. Throws ConfigError (exit 2) naming the
/// source, the key and the offending part. A path that does not exist yet is fine.
std::filesystem::path resolve_repo_file(const std::filesystem::path& repo_root,
                                        const std::string& relative, const RepoFileRef& ref);

/// Why `path` is not a plain repository-relative file path ("a/b.json"), or nullopt when it is:
/// files named in a configuration are read from git trees, which know no absolute paths, "."
/// or "..".
std::optional<std::string> repo_path_problem(std::string_view path);

}  // namespace qa::config

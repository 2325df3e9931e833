#pragma once

#include <filesystem>
#include <string>

#include "git/repository.hpp"

namespace qa::artifacts {

/// Where a run's artifacts go: `artifact_root` of the config, which must stay the repository's
/// own business and never touch the user's files. It must be a relative path without `..`,
/// inside the working tree (or the git directory, as `.git/<x>`), not under `.git/hooks`, through
/// no symbolic link, and hold nothing git tracks (a source folder would get a `.gitignore` of `*`
/// and silently ignore new files). Throws settings::ConfigError (exit 2) naming artifact_root
/// otherwise; returns the absolute path.
std::filesystem::path resolve_root(const git::Repository& repo, const std::string& configured,
                                   const std::string& config_source);

}  // namespace qa::artifacts

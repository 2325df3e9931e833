#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "config/config.hpp"

namespace qa::config {

/// The key every error about the consistency rubric names.
inline constexpr std::string_view kRubricVersionKey = "lenses.consistency.rubric_version";

/// The repository path of the frozen rubric the enabled consistency lens enforces
/// (`<rubric_dir>/v<N>.json`); nullopt when the lens is disabled. Throws ConfigError when it is
/// enabled without `rubric_version`: there is no implicit latest.
std::optional<std::string> rubric_path(const Config& config);

/// A ConfigError about the named rubric, at `rubric_version` (or the lens's table).
settings::ConfigError rubric_error(const Config& config, const std::string& problem);

/// Why the rubric `path` is not there: when `<repo_root>/<artifact_root>/rubric/v<N>.draft.json`
/// exists, that the version is a draft not yet approved.
std::string missing_rubric_problem(const Config& config, const std::filesystem::path& repo_root,
                                   const std::string& path);

/// Fills config.rubric from the working tree at `repo_root` (load_config's sources). Throws
/// ConfigError when the named file is missing.
void load_rubric_file(Config& config, const std::filesystem::path& repo_root);

}  // namespace qa::config

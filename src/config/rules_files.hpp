#pragma once

#include <filesystem>

#include "config/config.hpp"

namespace qa::config {

/// Reads the text of each `rules_files` entry of `config` from under `repo_root` and records its
/// sha256 (so that configHash, and with it the execution key, changes with the rules). Throws
/// ConfigError naming the entry's position in the configuration when a file cannot be read.
void load_rules_files(Config& config, const std::filesystem::path& repo_root);

}  // namespace qa::config

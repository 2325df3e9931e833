#pragma once

#include <cstdint>
#include <string>

namespace qa::settings {

/// A repository's own rules file (`rules_files`), in the format of lenses/*/rules.toml; its
/// rules join the security lens.
struct RulesFile {
    std::string path;        ///< repository-relative, as written
    std::uint32_t line = 0;  ///< of its entry in the configuration, for errors
    std::uint32_t column = 0;
    std::string text;    ///< filled by load_rules_files (config/rules_files.hpp)
    std::string sha256;  ///< of text; part of the normalized configuration and configHash
};

}  // namespace qa::settings

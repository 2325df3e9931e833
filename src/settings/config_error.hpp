#pragma once

#include <cstdint>
#include <string>

#include "util/source_error.hpp"

namespace qa::settings {

/// A configuration that cannot be used: "file:line:col: key: problem".
/// Exit 2, printed as "config error: ...".
class ConfigError : public util::SourceError {
  public:
    ConfigError(std::string file, std::uint32_t line, std::uint32_t column, std::string key,
                const std::string& problem)
        : SourceError(util::kExitUsage, "config error", std::move(file), line, column,
                      std::move(key), problem) {}
};

}  // namespace qa::settings

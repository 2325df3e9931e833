#pragma once

#include <string_view>

namespace qa::settings {

/// The file name looked up at the repository root.
inline constexpr std::string_view kConfigFileName = ".qa-skill.toml";

}  // namespace qa::settings

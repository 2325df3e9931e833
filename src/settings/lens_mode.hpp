#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace qa::settings {

/// Which lines a lens reports on (`[lenses.<id>] mode`). The lenses read it as
/// input::LensMode (input::LensInput::mode).
enum class LensMode { added, diff_context, file, all };

/// Every mode, in declaration order.
inline constexpr std::array<LensMode, 4> kLensModes = {LensMode::added, LensMode::diff_context,
                                                       LensMode::file, LensMode::all};

/// The configuration's spelling: "added", "diff_context", "file", "all".
std::string_view to_string(LensMode mode);
std::optional<LensMode> lens_mode_from(std::string_view text);

}  // namespace qa::settings

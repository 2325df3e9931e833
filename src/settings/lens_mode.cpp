#include "settings/lens_mode.hpp"

namespace qa::settings {

std::string_view to_string(LensMode mode) {
    switch (mode) {
        case LensMode::added:
            return "added";
        case LensMode::diff_context:
            return "diff_context";
        case LensMode::file:
            return "file";
        case LensMode::all:
            return "all";
    }
    return {};
}

std::optional<LensMode> lens_mode_from(std::string_view text) {
    for (const LensMode mode : kLensModes) {
        if (to_string(mode) == text) {
            return mode;
        }
    }
    return std::nullopt;
}

}  // namespace qa::settings

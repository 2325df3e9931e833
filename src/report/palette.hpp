#pragma once

namespace qa::report {

/// The escape sequences of a coloured report; all empty when colour is off.
struct Palette {
    const char* red = "";
    const char* green = "";
    const char* yellow = "";
    const char* bold = "";
    const char* dim = "";
    const char* reset = "";
};

inline Palette palette(bool colour) {
    if (!colour) {
        return {};
    }
    return {"\033[31m", "\033[32m", "\033[33m", "\033[1m", "\033[2m", "\033[0m"};
}

}  // namespace qa::report

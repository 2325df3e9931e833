#include "consistency/name_style.hpp"

#include <re2/re2.h>

namespace qa::consistency {

std::string_view to_string(NameStyle style) {
    switch (style) {
        case NameStyle::snake_case:
            return "snake_case";
        case NameStyle::camel_case:
            return "camelCase";
        case NameStyle::pascal_case:
            return "PascalCase";
        case NameStyle::kebab_case:
            return "kebab-case";
        case NameStyle::upper_snake_case:
            return "UPPER_SNAKE_CASE";
        case NameStyle::mixed_caps:
            return "mixedCaps";
    }
    return "snake_case";
}

std::string_view name_pattern(NameStyle style) {
    switch (style) {
        case NameStyle::snake_case:
            return "^_*[a-z0-9][a-z0-9]*(?:_[a-z0-9]+)*_*$";
        case NameStyle::camel_case:
            return "^_*[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*_*$";
        case NameStyle::pascal_case:
            return "^_*[A-Z][a-z0-9]*(?:[A-Z][a-z0-9]*)*_*$";
        case NameStyle::kebab_case:
            return "^[a-z0-9][a-z0-9]*(?:-[a-z0-9]+)*$";
        case NameStyle::upper_snake_case:
            return "^_*[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_*$";
        case NameStyle::mixed_caps:
            return "^_*[A-Za-z][A-Za-z0-9]*_*$";
    }
    return "^$";
}

bool fits(NameStyle style, std::string_view name) {
    // One compiled pattern per style, built once per process and never changed after.
    static const std::array<RE2, kNameStyles.size()> kCompiled = {
        RE2(name_pattern(kNameStyles[0])), RE2(name_pattern(kNameStyles[1])),
        RE2(name_pattern(kNameStyles[2])), RE2(name_pattern(kNameStyles[3])),
        RE2(name_pattern(kNameStyles[4])), RE2(name_pattern(kNameStyles[5]))};
    return RE2::FullMatch(name, kCompiled[static_cast<std::size_t>(style)]);
}

}  // namespace qa::consistency

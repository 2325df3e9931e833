#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace qa::consistency {

/// A way of writing names. A name may fit several ("parse" is snake_case and camelCase alike).
enum class NameStyle {
    snake_case,
    camel_case,
    pascal_case,
    kebab_case,
    upper_snake_case,
    mixed_caps
};

/// Every style, in the order that breaks ties between equally common ones.
inline constexpr std::array<NameStyle, 6> kNameStyles = {
    NameStyle::snake_case, NameStyle::camel_case,       NameStyle::pascal_case,
    NameStyle::kebab_case, NameStyle::upper_snake_case, NameStyle::mixed_caps};

/// "snake_case", "camelCase", "PascalCase", "kebab-case", "UPPER_SNAKE_CASE", "mixedCaps".
std::string_view to_string(NameStyle style);

/// The RE2 pattern of whole names in `style` (leading and trailing '_' allowed, as in `_private`
/// and `__init__`).
std::string_view name_pattern(NameStyle style);

/// Whether `name` is written in `style`.
bool fits(NameStyle style, std::string_view name);

}  // namespace qa::consistency

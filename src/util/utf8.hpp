#pragma once

#include <cstddef>
#include <string_view>

namespace qa::util {

/// The length (1 to 4) of the well-formed UTF-8 sequence that starts at byte `at` of `text`
/// (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF), or 0 when the byte there
/// starts none: a stray continuation byte, a truncated sequence, a Latin-1 `\xE9`.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at);

}  // namespace qa::util

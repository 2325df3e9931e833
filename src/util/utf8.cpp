#include "util/utf8.hpp"

namespace qa::util {

namespace {

bool continuation(unsigned c) {
    return c >= 0x80 && c <= 0xbf;
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
    const auto b = [&](std::size_t i) -> unsigned {
        return at + i < text.size() ? static_cast<unsigned char>(text[at + i]) : 0U;
    };
    const unsigned c = b(0);
    if (c < 0x80) {
        return 1;
    }
    if (c >= 0xc2 && c <= 0xdf) {
        return continuation(b(1)) ? 2 : 0;
    }
    if (c >= 0xe0 && c <= 0xef) {
        const unsigned lo = c == 0xe0 ? 0xa0U : 0x80U;
        const unsigned hi = c == 0xed ? 0x9fU : 0xbfU;
        return b(1) >= lo && b(1) <= hi && continuation(b(2)) ? 3 : 0;
    }
    if (c >= 0xf0 && c <= 0xf4) {
        const unsigned lo = c == 0xf0 ? 0x90U : 0x80U;
        const unsigned hi = c == 0xf4 ? 0x8fU : 0xbfU;
        return b(1) >= lo && b(1) <= hi && continuation(b(2)) && continuation(b(3)) ? 4 : 0;
    }
    return 0;
}

}  // namespace qa::util

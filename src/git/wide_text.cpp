#include "git/wide_text.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace qa::git {
namespace {

/// The bytes the pattern is judged on: git's binary probe window.
constexpr std::size_t kProbeBytes = 8000;
/// Code units (of the probe) that must look like ASCII text for UTF-16 without a BOM: 95%.
constexpr std::size_t kTextPerMille = 950;

bool ascii_text_byte(unsigned char b) {
    return b == '\t' || b == '\n' || b == '\r' || (b >= 0x20 && b < 0x7F);
}

/// Whether `c` reads as UTF-16 of mostly ASCII text with the NUL byte of each code unit at
/// `zero` (1: little-endian, 0: big-endian).
bool looks_utf16(std::string_view c, std::size_t zero) {
    const std::size_t units = std::min(c.size(), kProbeBytes) / 2;
    if (units < 2) {
        return false;
    }
    std::size_t text = 0;
    for (std::size_t u = 0; u < units; ++u) {
        const auto z = static_cast<unsigned char>(c[2 * u + zero]);
        const auto b = static_cast<unsigned char>(c[2 * u + 1 - zero]);
        if (z == 0 && ascii_text_byte(b)) {
            ++text;
        }
    }
    return text * 1000 >= units * kTextPerMille;
}

}  // namespace

std::optional<WideEncoding> wide_encoding(std::string_view c) {
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(c[i]); };
    if (c.size() >= 4 && b(0) == 0xFF && b(1) == 0xFE && b(2) == 0 && b(3) == 0) {
        return WideEncoding::utf32le;
    }
    if (c.size() >= 4 && b(0) == 0 && b(1) == 0 && b(2) == 0xFE && b(3) == 0xFF) {
        return WideEncoding::utf32be;
    }
    if (c.size() >= 2 && b(0) == 0xFF && b(1) == 0xFE) {
        return WideEncoding::utf16le;
    }
    if (c.size() >= 2 && b(0) == 0xFE && b(1) == 0xFF) {
        return WideEncoding::utf16be;
    }
    if (looks_utf16(c, 1)) {
        return WideEncoding::utf16le;
    }
    if (looks_utf16(c, 0)) {
        return WideEncoding::utf16be;
    }
    return std::nullopt;
}

const char* to_string(WideEncoding e) {
    switch (e) {
        case WideEncoding::utf16le:
            return "utf-16le";
        case WideEncoding::utf16be:
            return "utf-16be";
        case WideEncoding::utf32le:
            return "utf-32le";
        case WideEncoding::utf32be:
            return "utf-32be";
    }
    return "utf-16le";
}

std::optional<WideEncoding> wide_encoding_named(std::string_view name) {
    for (const auto e : {WideEncoding::utf16le, WideEncoding::utf16be, WideEncoding::utf32le,
                         WideEncoding::utf32be}) {
        if (name == to_string(e)) {
            return e;
        }
    }
    return std::nullopt;
}

std::string to_utf8(std::string_view content, WideEncoding e) {
    const bool wide32 = e == WideEncoding::utf32le || e == WideEncoding::utf32be;
    const bool little = e == WideEncoding::utf16le || e == WideEncoding::utf32le;
    const std::size_t unit = wide32 ? 4 : 2;
    const auto read = [&](std::size_t at) {
        std::uint32_t v = 0;
        for (std::size_t k = 0; k < unit; ++k) {
            const auto byte = static_cast<unsigned char>(content[at + (little ? unit - 1 - k : k)]);
            v = (v << 8) | byte;
        }
        return v;
    };
    std::string out;
    out.reserve(content.size() / unit);
    const auto put = [&out](std::uint32_t cp) {
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            cp = 0xFFFD;
        }
        if (cp < 0x80) {
            out.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
    };
    std::size_t at = 0;
    if (content.size() >= unit && read(0) == 0xFEFF) {
        at = unit;  // the byte-order mark is no character of the text
    }
    for (; at + unit <= content.size(); at += unit) {
        std::uint32_t cp = read(at);
        if (!wide32 && cp >= 0xD800 && cp <= 0xDBFF && at + 2 * unit <= content.size()) {
            const std::uint32_t low = read(at + unit);
            if (low >= 0xDC00 && low <= 0xDFFF) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                at += unit;
            }
        }
        put(cp);
    }
    return out;
}

}  // namespace qa::git

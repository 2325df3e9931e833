#pragma once

#include <git2.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace qa::git {

/// git's buffer_is_binary() window: a NUL byte in it makes the content binary.
inline constexpr std::size_t kBinaryProbeBytes = 8000;

/// Whether `content` is text as git judges it from the bytes alone (no NUL byte in the first
/// 8000): what the rule lenses must scan whatever .gitattributes says about how to show it.
inline bool is_text(std::string_view content) {
    return content.substr(0, kBinaryProbeBytes).find('\0') == std::string_view::npos;
}

/// The lines of `text` as git diff counts them: a last line without '\n' counts too.
inline std::size_t count_lines(std::string_view text) {
    std::size_t lines = 0;
    for (std::size_t at = 0; at < text.size();) {
        ++lines;
        const std::size_t nl = text.find('\n', at);
        if (nl == std::string_view::npos) {
            break;
        }
        at = nl + 1;
    }
    return lines;
}

/// Text in UTF-16 or UTF-32 with a byte-order mark: NUL bytes everywhere, yet text that the rule
/// lenses must read (decoded to UTF-8).
enum class WideEncoding { utf16le, utf16be, utf32le, utf32be };

inline std::optional<WideEncoding> wide_encoding(std::string_view c) {
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
    return std::nullopt;
}

inline const char* to_string(WideEncoding e) {
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

/// `content` (with its BOM) as UTF-8; unpaired surrogates and invalid code points become U+FFFD.
inline std::string to_utf8(std::string_view content, WideEncoding e) {
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
    for (std::size_t at = unit; at + unit <= content.size(); at += unit) {
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

/// The encoding named by to_string(), for a FileChange's text_encoding.
inline std::optional<WideEncoding> wide_encoding_named(std::string_view name) {
    for (const auto e : {WideEncoding::utf16le, WideEncoding::utf16be, WideEncoding::utf32le,
                         WideEncoding::utf32be}) {
        if (name == to_string(e)) {
            return e;
        }
    }
    return std::nullopt;
}

/// The bytes of a blob, valid while the blob lives.
inline std::string_view blob_view(git_blob* blob) {
    return {static_cast<const char*>(git_blob_rawcontent(blob)),
            static_cast<std::size_t>(git_blob_rawsize(blob))};
}

}  // namespace qa::git

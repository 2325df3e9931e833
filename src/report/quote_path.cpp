#include "report/quote_path.hpp"

#include <algorithm>

#include "util/utf8.hpp"

namespace qa::report {
namespace {

void append_octal(std::string& out, unsigned char c) {
    out += '\\';
    out += static_cast<char>('0' + ((c >> 6) & 7));
    out += static_cast<char>('0' + ((c >> 3) & 7));
    out += static_cast<char>('0' + (c & 7));
}

/// Whether the well-formed UTF-8 sequence `seq` is a character that moves, recolours or
/// reorders what a terminal shows: C0, DEL, the C1 controls (U+0080..U+009F: an 8-bit CSI or OSC
/// for some terminals) and the bidirectional embeddings, overrides and isolates (U+202A..U+202E,
/// U+2066..U+2069), with which a line can read in another order than it is written.
bool control_sequence(std::string_view seq) {
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(seq[i]); };
    if (seq.size() == 1) {
        return b(0) < 0x20 || b(0) == 0x7f;
    }
    if (seq.size() == 2) {
        return b(0) == 0xc2 && b(1) <= 0x9f;
    }
    if (seq.size() == 3 && b(0) == 0xe2) {
        return (b(1) == 0x80 && b(2) >= 0xaa && b(2) <= 0xae) ||
               (b(1) == 0x81 && b(2) >= 0xa6 && b(2) <= 0xa9);
    }
    return false;
}

bool needs_quoting(unsigned char c) {
    return c < 0x20 || c >= 0x7f || c == '"' || c == '\\';
}

}  // namespace

std::string quote_path(std::string_view path) {
    // A name that is not UTF-8 reaches the report already in this form (git/path_text.hpp).
    const bool quoted =
        path.size() >= 2 && path.front() == '"' && path.back() == '"' &&
        std::all_of(path.begin(), path.end(), [](char ch) { return ch >= 0x20 && ch < 0x7f; });
    if (quoted) {
        return std::string(path);
    }
    bool plain = true;
    for (const char ch : path) {
        plain = plain && !needs_quoting(static_cast<unsigned char>(ch));
    }
    if (plain) {
        return std::string(path);
    }
    std::string out = "\"";
    for (const char ch : path) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
            case '\a':
                out += "\\a";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\v':
                out += "\\v";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\r':
                out += "\\r";
                break;
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            default:
                if (needs_quoting(c)) {
                    append_octal(out, c);
                } else {
                    out += ch;
                }
        }
    }
    return out + "\"";
}

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t n = util::utf8_sequence_length(text, at);
        const std::string_view seq = text.substr(at, std::max<std::size_t>(n, 1));
        if (n == 0 || control_sequence(seq)) {
            for (const char ch : seq) {
                append_octal(out, static_cast<unsigned char>(ch));
            }
        } else {
            out.append(seq);
        }
        at += seq.size();
    }
    return out;
}

}  // namespace qa::report

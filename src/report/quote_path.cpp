#include "report/quote_path.hpp"

#include <algorithm>

namespace qa::report {
namespace {

void append_octal(std::string& out, unsigned char c) {
    out += '\\';
    out += static_cast<char>('0' + ((c >> 6) & 7));
    out += static_cast<char>('0' + ((c >> 3) & 7));
    out += static_cast<char>('0' + (c & 7));
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
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7f) {
            append_octal(out, c);
        } else {
            out += ch;
        }
    }
    return out;
}

}  // namespace qa::report

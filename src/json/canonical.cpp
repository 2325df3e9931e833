#include "json/canonical.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <system_error>

#include "json/error.hpp"

namespace qa::json {
namespace {

// Largest integer a double holds exactly; RFC 8785 numbers are IEEE-754 doubles.
constexpr std::int64_t kMaxExactInteger = (std::int64_t{1} << 53);

// Decodes the code point starting at text[i]; returns its length in bytes, or 0 when the bytes
// there are not well-formed UTF-8.
std::size_t decode_utf8(std::string_view text, std::size_t i, char32_t& cp) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t len = 0;
    char32_t min = 0;
    if (lead < 0x80) {
        cp = lead;
        return 1;
    } else if ((lead & 0xE0) == 0xC0) {
        len = 2;
        cp = lead & 0x1F;
        min = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
        len = 3;
        cp = lead & 0x0F;
        min = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
        len = 4;
        cp = lead & 0x07;
        min = 0x10000;
    } else {
        return 0;
    }
    if (i + len > text.size()) {
        return 0;
    }
    for (std::size_t k = 1; k < len; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return 0;
    }
    return len;
}

void append_utf16_units(char32_t cp, std::u16string& out) {
    if (cp < 0x10000) {
        out.push_back(static_cast<char16_t>(cp));
    } else {
        cp -= 0x10000;
        out.push_back(static_cast<char16_t>(0xD800 + (cp >> 10)));
        out.push_back(static_cast<char16_t>(0xDC00 + (cp & 0x3FF)));
    }
}

std::u16string to_utf16(std::string_view text) {
    std::u16string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        char32_t cp = 0;
        const std::size_t len = decode_utf8(text, i, cp);
        if (len == 0) {
            cp = 0xFFFD;  // only reached for keys already rejected by write_string
            i += 1;
        } else {
            i += len;
        }
        append_utf16_units(cp, out);
    }
    return out;
}

/// Where the writer is in the document: built into a JSON pointer only when an error names it,
/// so that serializing does not allocate a pointer string per element.
struct Path {
    const Path* parent = nullptr;
    std::string_view key;  ///< member name, or empty for an array element or the root
    std::size_t index = 0;
    bool isIndex = false;

    std::string pointer() const {
        if (parent == nullptr) {
            return "";
        }
        return isIndex ? pointer_append(parent->pointer(), index)
                       : pointer_append(parent->pointer(), key);
    }
};

void write_string(std::string_view s, const Path& path, std::string& out) {
    static constexpr char kHex[] = "0123456789abcdef";
    out.push_back('"');
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            char32_t cp = 0;
            const std::size_t len = decode_utf8(s, i, cp);
            if (len == 0) {
                throw Error(path.pointer(),
                            "string is not valid UTF-8 (byte offset " + std::to_string(i) + ")");
            }
            out.append(s.substr(i, len));
            i += len;
            continue;
        }
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (c < 0x20) {
                    out += "\\u00";
                    out.push_back(kHex[c >> 4]);
                    out.push_back(kHex[c & 0xF]);
                } else {
                    out.push_back(static_cast<char>(c));
                }
        }
        ++i;
    }
    out.push_back('"');
}

void write_value(const Value& value, const Path& path, std::string& out) {
    switch (value.kind()) {
        case Value::Kind::Null:
            out += "null";
            return;
        case Value::Kind::Bool:
            out += value.as_bool() ? "true" : "false";
            return;
        case Value::Kind::Integer: {
            const std::int64_t i = value.as_integer();
            if (i > kMaxExactInteger || i < -kMaxExactInteger) {
                throw Error(path.pointer(),
                            "integer " + std::to_string(i) +
                                " is outside the exactly representable range (+-2^53)");
            }
            out += std::to_string(i);
            return;
        }
        case Value::Kind::Number:
            if (!std::isfinite(value.as_double())) {
                throw Error(path.pointer(), "number is not finite");
            }
            out += format_number(value.as_double());
            return;
        case Value::Kind::String:
            write_string(value.as_string(), path, out);
            return;
        case Value::Kind::Array: {
            out.push_back('[');
            const Array& items = value.as_array();
            for (std::size_t i = 0; i < items.size(); ++i) {
                if (i > 0) {
                    out.push_back(',');
                }
                write_value(items[i], Path{&path, {}, i, true}, out);
            }
            out.push_back(']');
            return;
        }
        case Value::Kind::Object: {
            struct Entry {
                std::u16string order;
                const std::string* key;
                const Value* value;
            };
            std::vector<Entry> entries;
            entries.reserve(value.as_object().size());
            for (const auto& [k, v] : value.as_object()) {
                if (!is_valid_utf8(k)) {
                    throw Error(path.pointer(), "member name is not valid UTF-8");
                }
                entries.push_back({to_utf16(k), &k, &v});
            }
            std::sort(entries.begin(), entries.end(),
                      [](const Entry& a, const Entry& b) { return a.order < b.order; });
            out.push_back('{');
            for (std::size_t i = 0; i < entries.size(); ++i) {
                if (i > 0) {
                    if (entries[i].order == entries[i - 1].order) {
                        throw Error(path.pointer(),
                                    "duplicate member name \"" + *entries[i].key + "\"");
                    }
                    out.push_back(',');
                }
                write_string(*entries[i].key, path, out);
                out.push_back(':');
                write_value(*entries[i].value, Path{&path, *entries[i].key, 0, false}, out);
            }
            out.push_back('}');
            return;
        }
    }
}

}  // namespace

std::string pointer_append(const std::string& pointer, std::string_view token) {
    std::string out = pointer;
    out.push_back('/');
    for (char c : token) {
        if (c == '~') {
            out += "~0";
        } else if (c == '/') {
            out += "~1";
        } else {
            out.push_back(c);
        }
    }
    return out;
}

std::string pointer_append(const std::string& pointer, std::size_t index) {
    return pointer + "/" + std::to_string(index);
}

std::string format_number(double d) {
    if (d == 0) {
        return "0";  // also -0, as ECMAScript prints it
    }
    std::string sign;
    if (d < 0) {
        sign = "-";
        d = -d;
    }
    // Shortest round-trip digits, then laid out by ECMAScript's Number::toString rules.
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    const std::string_view sci(buf, static_cast<std::size_t>(res.ptr - buf));
    const std::size_t e_pos = sci.find('e');
    std::string digits;
    for (char c : sci.substr(0, e_pos)) {
        if (c != '.') {
            digits.push_back(c);
        }
    }
    int exp10 = 0;
    const std::string_view exp_text = sci.substr(e_pos + 1);
    std::from_chars(exp_text.data() + (exp_text[0] == '+' ? 1 : 0),
                    exp_text.data() + exp_text.size(), exp10);
    const int k = static_cast<int>(digits.size());
    const int n = exp10 + 1;  // value = 0.digits * 10^n
    std::string out = sign;
    if (k <= n && n <= 21) {
        out += digits;
        out.append(static_cast<std::size_t>(n - k), '0');
    } else if (0 < n && n <= 21) {
        out += digits.substr(0, static_cast<std::size_t>(n));
        out.push_back('.');
        out += digits.substr(static_cast<std::size_t>(n));
    } else if (-6 < n && n <= 0) {
        out += "0.";
        out.append(static_cast<std::size_t>(-n), '0');
        out += digits;
    } else {
        out.push_back(digits[0]);
        if (k > 1) {
            out.push_back('.');
            out += digits.substr(1);
        }
        out.push_back('e');
        out += (n - 1 >= 0) ? "+" : "-";
        out += std::to_string(std::abs(n - 1));
    }
    return out;
}

bool is_valid_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        char32_t cp = 0;
        const std::size_t len = decode_utf8(text, i, cp);
        if (len == 0) {
            return false;
        }
        i += len;
    }
    return true;
}

bool utf16_less(std::string_view a, std::string_view b) {
    return to_utf16(a) < to_utf16(b);
}

std::string canonical(const Value& value) {
    std::string out;
    write_value(value, Path{}, out);
    return out;
}

void append_canonical(const Value& value, std::string& out) {
    write_value(value, Path{}, out);
}

void append_canonical_string(std::string_view text, std::string& out) {
    write_string(text, Path{}, out);
}

std::string canonical_object(std::vector<std::pair<std::string, std::string>> members) {
    struct Entry {
        std::u16string order;
        std::pair<std::string, std::string>* member;
    };
    std::vector<Entry> entries;
    std::size_t size = 2;
    for (auto& m : members) {
        if (!is_valid_utf8(m.first)) {
            throw Error("", "member name is not valid UTF-8");
        }
        entries.push_back({to_utf16(m.first), &m});
        size += m.first.size() + m.second.size() + 4;
    }
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return a.order < b.order; });
    std::string out;
    out.reserve(size);
    out.push_back('{');
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (i > 0) {
            if (entries[i].order == entries[i - 1].order) {
                throw Error("", "duplicate member name \"" + entries[i].member->first + "\"");
            }
            out.push_back(',');
        }
        write_string(entries[i].member->first, Path{}, out);
        out.push_back(':');
        out += entries[i].member->second;
    }
    out.push_back('}');
    return out;
}

}  // namespace qa::json

#include "json/ecma_regex.hpp"

#include <array>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <utility>

namespace qa::json {
namespace {

/// ECMA-262's WhiteSpace and LineTerminator code points, as the inside of an RE2 class.
constexpr std::string_view kWhitespace =
    "\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}"
    "\\x{205F}\\x{3000}\\x{FEFF}";
/// What ECMA's `.` matches: anything but a line terminator.
constexpr std::string_view kDot = "[^\\n\\r\\x{2028}\\x{2029}]";

/// General_Category long names and ECMA's aliases -> the short names RE2 knows.
constexpr std::array<std::pair<std::string_view, std::string_view>, 40> kCategoryNames = {{
    {"Letter", "L"},
    {"Uppercase_Letter", "Lu"},
    {"Lowercase_Letter", "Ll"},
    {"Titlecase_Letter", "Lt"},
    {"Modifier_Letter", "Lm"},
    {"Other_Letter", "Lo"},
    {"Mark", "M"},
    {"Combining_Mark", "M"},
    {"Nonspacing_Mark", "Mn"},
    {"Spacing_Mark", "Mc"},
    {"Enclosing_Mark", "Me"},
    {"Number", "N"},
    {"Decimal_Number", "Nd"},
    {"digit", "Nd"},
    {"Letter_Number", "Nl"},
    {"Other_Number", "No"},
    {"Punctuation", "P"},
    {"punct", "P"},
    {"Connector_Punctuation", "Pc"},
    {"Dash_Punctuation", "Pd"},
    {"Open_Punctuation", "Ps"},
    {"Close_Punctuation", "Pe"},
    {"Initial_Punctuation", "Pi"},
    {"Final_Punctuation", "Pf"},
    {"Other_Punctuation", "Po"},
    {"Symbol", "S"},
    {"Math_Symbol", "Sm"},
    {"Currency_Symbol", "Sc"},
    {"Modifier_Symbol", "Sk"},
    {"Other_Symbol", "So"},
    {"Separator", "Z"},
    {"Space_Separator", "Zs"},
    {"Line_Separator", "Zl"},
    {"Paragraph_Separator", "Zp"},
    {"Other", "C"},
    {"Control", "Cc"},
    {"cntrl", "Cc"},
    {"Format", "Cf"},
    {"Private_Use", "Co"},
    {"Surrogate", "Cs"},
}};

std::string code_point(std::uint32_t cp) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "\\x{%X}", static_cast<unsigned>(cp));
    return buf;
}

std::optional<std::uint32_t> hex4(std::string_view s, std::size_t at) {
    if (at + 4 > s.size()) {
        return std::nullopt;
    }
    std::uint32_t v = 0;
    for (std::size_t i = at; i < at + 4; ++i) {
        const char c = s[i];
        if (!std::isxdigit(static_cast<unsigned char>(c))) {
            return std::nullopt;
        }
        v = v * 16 + static_cast<std::uint32_t>(std::isdigit(static_cast<unsigned char>(c))
                                                    ? c - '0'
                                                    : (std::tolower(c) - 'a' + 10));
    }
    return v;
}

/// `\p{...}`'s name for RE2: `Script=X`/`sc=X` -> X, `General_Category=X`/`gc=X` -> X, long
/// category names -> short ones; other names (scripts, short categories) unchanged.
std::string property_name(std::string_view name) {
    if (const auto eq = name.find('='); eq != std::string_view::npos) {
        name = name.substr(eq + 1);
    }
    for (const auto& [long_name, short_name] : kCategoryNames) {
        if (name == long_name) {
            return std::string(short_name);
        }
    }
    return std::string(name);
}

}  // namespace

std::string ecma_to_re2(std::string_view p) {
    std::string out;
    out.reserve(p.size() + 16);
    bool in_class = false;
    for (std::size_t i = 0; i < p.size();) {
        const char c = p[i];
        if (c == '\\' && i + 1 < p.size()) {
            const char d = p[i + 1];
            if (d == 's') {
                out += in_class ? std::string(kWhitespace) : "[" + std::string(kWhitespace) + "]";
                i += 2;
            } else if (d == 'S' && !in_class) {
                out += "[^" + std::string(kWhitespace) + "]";
                i += 2;
            } else if (d == 'c' && i + 2 < p.size() &&
                       std::isalpha(static_cast<unsigned char>(p[i + 2]))) {
                out += code_point(static_cast<std::uint32_t>(p[i + 2]) % 32);
                i += 3;
            } else if (d == 'u' && hex4(p, i + 2)) {
                std::uint32_t cp = *hex4(p, i + 2);
                i += 6;
                // A UTF-16 surrogate pair written as two escapes is one code point.
                if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 <= p.size() && p[i] == '\\' &&
                    p[i + 1] == 'u') {
                    if (const auto low = hex4(p, i + 2); low && *low >= 0xDC00 && *low <= 0xDFFF) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (*low - 0xDC00);
                        i += 6;
                    }
                }
                out += code_point(cp);
            } else if ((d == 'p' || d == 'P') && i + 2 < p.size() && p[i + 2] == '{') {
                const auto close = p.find('}', i + 3);
                if (close == std::string_view::npos) {
                    out += p.substr(i);  // RE2 reports the malformed escape
                    break;
                }
                out += std::string("\\") + d + "{" + property_name(p.substr(i + 3, close - i - 3)) +
                       "}";
                i = close + 1;
            } else if (d == '0' &&
                       (i + 2 >= p.size() || !std::isdigit(static_cast<unsigned char>(p[i + 2])))) {
                out += "\\x{0}";
                i += 2;
            } else if (d == 'b' && in_class) {
                out += "\\x{8}";  // inside a class, ECMA's \b is a backspace
                i += 2;
            } else {
                out += p.substr(i, 2);
                i += 2;
            }
            continue;
        }
        if (!in_class && c == '[') {
            // ECMA's "[]" matches nothing and "[^]" any character; RE2 has neither spelling.
            if (p.substr(i, 2) == "[]") {
                out += "[^\\x{0}-\\x{10FFFF}]";
                i += 2;
                continue;
            }
            if (p.substr(i, 3) == "[^]") {
                out += "[\\x{0}-\\x{10FFFF}]";
                i += 3;
                continue;
            }
            in_class = true;
            out += c;
            ++i;
            if (i < p.size() && p[i] == '^') {
                out += '^';
                ++i;
            }
            continue;
        }
        if (in_class && c == ']') {
            in_class = false;
        } else if (!in_class && c == '.') {
            out += kDot;
            ++i;
            continue;
        }
        out += c;
        ++i;
    }
    return out;
}

}  // namespace qa::json

#include "json/big_integers.hpp"

#include <cstddef>

namespace qa::json {
namespace {

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

/// Whether the digits of an integer literal (no sign, no leading zero) lie outside simdjson's
/// range: above 18446744073709551615, or, negative, below -9223372036854775808.
bool out_of_range(std::string_view digits, bool negative) {
    const std::string_view limit = negative ? "9223372036854775808" : "18446744073709551615";
    return digits.size() > limit.size() || (digits.size() == limit.size() && digits > limit);
}

}  // namespace

std::optional<std::string> widen_big_integers(std::string_view text) {
    std::string out;
    bool changed = false;
    std::size_t copied = 0;  // text[0, copied) is in `out`
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '"') {  // skip the string, escapes included
            for (++i; i < text.size() && text[i] != '"'; ++i) {
                if (text[i] == '\\') {
                    ++i;
                }
            }
            ++i;
            continue;
        }
        if (c != '-' && !is_digit(c)) {
            ++i;
            continue;
        }
        const bool negative = c == '-';
        const std::size_t digits_at = negative ? i + 1 : i;
        std::size_t end = digits_at;
        while (end < text.size() && is_digit(text[end])) {
            ++end;
        }
        const bool integer =
            end == text.size() || (text[end] != '.' && text[end] != 'e' && text[end] != 'E');
        if (integer && end > digits_at &&
            out_of_range(text.substr(digits_at, end - digits_at), negative)) {
            out.append(text.substr(copied, end - copied));
            out += ".0";
            copied = end;
            changed = true;
        }
        // Skip the rest of the number (fraction, exponent) so no part of it is read again.
        while (end < text.size() && (is_digit(text[end]) || text[end] == '.' || text[end] == 'e' ||
                                     text[end] == 'E' || text[end] == '+' || text[end] == '-')) {
            ++end;
        }
        i = end > i ? end : i + 1;
    }
    if (!changed) {
        return std::nullopt;
    }
    out.append(text.substr(copied));
    return out;
}

}  // namespace qa::json

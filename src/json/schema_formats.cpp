// The draft-07 `format` checks qa-skill enforces. Checked for strings only; any other value
// passes, as draft 7 says.
#include "json/schema_formats.hpp"

#include <arpa/inet.h>

#include <cctype>
#include <regex>
#include <string>

namespace qa::json {
namespace {
bool digits(std::string_view s, std::size_t pos, std::size_t n, int& value) {
    if (pos + n > s.size()) {
        return false;
    }
    value = 0;
    for (std::size_t i = pos; i < pos + n; ++i) {
        if (s[i] < '0' || s[i] > '9') {
            return false;
        }
        value = value * 10 + (s[i] - '0');
    }
    return true;
}

bool is_date(std::string_view s) {
    int y = 0;
    int m = 0;
    int d = 0;
    if (s.size() != 10 || !digits(s, 0, 4, y) || s[4] != '-' || !digits(s, 5, 2, m) ||
        s[7] != '-' || !digits(s, 8, 2, d) || m < 1 || m > 12 || d < 1) {
        return false;
    }
    static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= (m == 2 && !leap ? 28 : kDays[m - 1]);
}

bool is_time(std::string_view s) {
    int h = 0;
    int m = 0;
    int sec = 0;
    if (!digits(s, 0, 2, h) || s.size() < 9 || s[2] != ':' || !digits(s, 3, 2, m) || s[5] != ':' ||
        !digits(s, 6, 2, sec) || h > 23 || m > 59 || sec > 60) {
        return false;
    }
    std::size_t i = 8;
    if (i < s.size() && s[i] == '.') {
        const std::size_t start = ++i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            ++i;
        }
        if (i == start) {
            return false;
        }
    }
    int offset = 0;
    if (i < s.size() && (s[i] == 'Z' || s[i] == 'z')) {
        ++i;
    } else if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
        int oh = 0;
        int om = 0;
        if (!digits(s, i + 1, 2, oh) || i + 3 >= s.size() || s[i + 3] != ':' ||
            !digits(s, i + 4, 2, om) || oh > 23 || om > 59) {
            return false;
        }
        offset = (s[i] == '+' ? 1 : -1) * (oh * 60 + om);
        i += 6;
    } else {
        return false;
    }
    if (i != s.size()) {
        return false;
    }
    // A leap second is 23:59:60 in UTC only.
    const int utc_minutes = ((h * 60 + m - offset) % 1440 + 1440) % 1440;
    return sec != 60 || utc_minutes == 23 * 60 + 59;
}

bool is_date_time(std::string_view s) {
    return s.size() > 11 && (s[10] == 'T' || s[10] == 't') && is_date(s.substr(0, 10)) &&
           is_time(s.substr(11));
}

bool is_ipv4(std::string_view s) {
    int parts = 0;
    std::size_t i = 0;
    while (true) {
        const std::size_t start = i;
        int value = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9' && i - start < 3) {
            value = value * 10 + (s[i++] - '0');
        }
        const std::size_t len = i - start;
        if (len == 0 || value > 255 || (len > 1 && s[start] == '0')) {
            return false;
        }
        if (++parts == 4) {
            return i == s.size();
        }
        if (i >= s.size() || s[i] != '.') {
            return false;
        }
        ++i;
    }
}

bool is_ipv6(std::string_view s) {
    if (s.size() > 45) {
        return false;
    }
    const std::string copy(s);
    in6_addr addr{};
    return inet_pton(AF_INET6, copy.c_str(), &addr) == 1;
}

bool is_hostname(std::string_view s) {
    if (s.empty() || s.size() > 253) {
        return false;
    }
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = std::min(s.find('.', start), s.size());
        const std::string_view label = s.substr(start, dot - start);
        if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') {
            return false;
        }
        for (const char c : label) {
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') {
                return false;
            }
        }
        if (dot == s.size()) {
            return true;
        }
        start = dot + 1;
    }
}

bool is_email(std::string_view s) {
    const auto at = s.rfind('@');
    if (at == std::string_view::npos || at == 0 || at + 1 == s.size()) {
        return false;
    }
    const std::string_view local = s.substr(0, at);
    if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string_view::npos ||
        local.find('@') != std::string_view::npos) {
        return false;
    }
    const std::string_view domain = s.substr(at + 1);
    if (domain.front() == '[' && domain.back() == ']') {
        const std::string_view literal = domain.substr(1, domain.size() - 2);
        return literal.starts_with("IPv6:") ? is_ipv6(literal.substr(5)) : is_ipv4(literal);
    }
    return is_hostname(domain);
}

bool is_json_pointer(std::string_view s) {
    if (!s.empty() && s.front() != '/') {
        return false;
    }
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '~' && (i + 1 == s.size() || (s[i + 1] != '0' && s[i + 1] != '1'))) {
            return false;
        }
    }
    return true;
}

bool is_relative_json_pointer(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
        ++i;
    }
    if (i == 0 || (i > 1 && s[0] == '0')) {
        return false;
    }
    const std::string_view rest = s.substr(i);
    return rest == "#" || is_json_pointer(rest);
}

bool is_regex(std::string_view s) {
    try {
        const std::regex re{std::string(s), std::regex::ECMAScript};
        return true;
    } catch (const std::regex_error&) {
        return false;
    }
}

}  // namespace

/// True when `s` is valid for `format`; formats not known here are annotations only.
bool format_matches(std::string_view format, std::string_view s) {
    if (format == "date-time") {
        return is_date_time(s);
    }
    if (format == "date") {
        return is_date(s);
    }
    if (format == "time") {
        return is_time(s);
    }
    if (format == "ipv4") {
        return is_ipv4(s);
    }
    if (format == "ipv6") {
        return is_ipv6(s);
    }
    if (format == "hostname") {
        return is_hostname(s);
    }
    if (format == "email") {
        return is_email(s);
    }
    if (format == "json-pointer") {
        return is_json_pointer(s);
    }
    if (format == "relative-json-pointer") {
        return is_relative_json_pointer(s);
    }
    if (format == "regex") {
        return is_regex(s);
    }
    return true;
}

}  // namespace qa::json

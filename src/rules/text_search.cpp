#include "rules/text_search.hpp"

#include <algorithm>
#include <cstring>

namespace qa::rules {
namespace {

char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

char upper(char c) {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

/// The first occurrence of `c` or `c_upper` in [from, end), or nullptr. memchr, not a byte loop:
/// keyword checks run over whole files.
const char* find_either(const char* from, const char* end, char c, char c_upper) {
    const auto n = static_cast<std::size_t>(end - from);
    const auto* a = static_cast<const char*>(std::memchr(from, c, n));
    if (c_upper == c) {
        return a;
    }
    const char* limit = a != nullptr ? a : end;
    const auto* b = static_cast<const char*>(
        std::memchr(from, c_upper, static_cast<std::size_t>(limit - from)));
    return b != nullptr ? b : a;
}

}  // namespace

std::string lowercase(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) {
        return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    });
    return out;
}

std::size_t find_lowercase(std::string_view haystack, std::string_view needle, std::size_t from) {
    if (from > haystack.size() || haystack.size() - from < needle.size()) {
        return std::string_view::npos;
    }
    if (needle.empty()) {
        return from;
    }
    const char* at = haystack.data() + from;
    const char* const last = haystack.data() + (haystack.size() - needle.size()) + 1;
    while (at < last) {
        const char* hit = find_either(at, last, needle[0], upper(needle[0]));
        if (hit == nullptr) {
            return std::string_view::npos;
        }
        std::size_t i = 1;
        while (i < needle.size() && lower(hit[i]) == needle[i]) {
            ++i;
        }
        if (i == needle.size()) {
            return static_cast<std::size_t>(hit - haystack.data());
        }
        at = hit + 1;
    }
    return std::string_view::npos;
}

bool contains_lowercase(std::string_view haystack, std::string_view needle) {
    return find_lowercase(haystack, needle) != std::string_view::npos;
}

bool contains_any(std::string_view haystack, const std::vector<std::string>& needles) {
    return std::any_of(needles.begin(), needles.end(),
                       [&](const std::string& n) { return contains_lowercase(haystack, n); });
}

}  // namespace qa::rules

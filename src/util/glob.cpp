#include "util/glob.hpp"

#include <vector>

namespace qa::util {
namespace {

// Matches one segment (no '/') against a segment pattern containing * ? [..].
bool match_segment(std::string_view p, std::string_view s) {
    std::size_t pi = 0, si = 0, star_p = std::string_view::npos, star_s = 0;
    while (si < s.size()) {
        if (pi < p.size() && p[pi] == '*') {
            star_p = pi++;
            star_s = si;
            continue;
        }
        if (pi < p.size() && p[pi] == '[') {
            std::size_t end = pi + 1;
            const bool negate = end < p.size() && (p[end] == '!' || p[end] == '^');
            if (negate) {
                ++end;
            }
            bool matched = false;
            std::size_t k = end;
            for (; k < p.size() && (k == end || p[k] != ']'); ++k) {
                if (k + 2 < p.size() && p[k + 1] == '-' && p[k + 2] != ']') {
                    matched |= (s[si] >= p[k] && s[si] <= p[k + 2]);
                    k += 2;
                } else {
                    matched |= (s[si] == p[k]);
                }
            }
            if (k < p.size() && matched != negate) {
                pi = k + 1;
                ++si;
                continue;
            }
        } else if (pi < p.size() && (p[pi] == '?' || p[pi] == s[si])) {
            ++pi;
            ++si;
            continue;
        }
        if (star_p == std::string_view::npos) {
            return false;
        }
        pi = star_p + 1;
        si = ++star_s;
    }
    while (pi < p.size() && p[pi] == '*') {
        ++pi;
    }
    return pi == p.size();
}

std::vector<std::string_view> split(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
        if (i == s.size() || s[i] == '/') {
            out.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    return out;
}

}  // namespace

bool glob_match(std::string_view pattern, std::string_view path) {
    if (pattern.find('/') == std::string_view::npos) {
        const std::size_t slash = path.rfind('/');
        return match_segment(pattern,
                             slash == std::string_view::npos ? path : path.substr(slash + 1));
    }
    if (!pattern.empty() && pattern.front() == '/') {
        pattern.remove_prefix(1);
    }
    const auto ps = split(pattern);
    const auto ss = split(path);
    // Segment-level matching with one backtrack point for the last '**' seen.
    std::size_t pi = 0, si = 0, star_p = SIZE_MAX, star_s = 0;
    while (si < ss.size()) {
        if (pi < ps.size() && ps[pi] == "**") {
            star_p = pi++;
            star_s = si;
            continue;
        }
        if (pi < ps.size() && match_segment(ps[pi], ss[si])) {
            ++pi;
            ++si;
            continue;
        }
        if (star_p == SIZE_MAX) {
            return false;
        }
        pi = star_p + 1;
        si = ++star_s;
    }
    while (pi < ps.size() && ps[pi] == "**") {
        ++pi;
    }
    return pi == ps.size();
}

}  // namespace qa::util

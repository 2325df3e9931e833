#include "rules/relaxed_repetition.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

namespace qa::rules {
namespace {

struct Count {
    std::size_t length = 0;  ///< of `{n}`, `{n,}` or `{n,m}`
    long least = 0;          ///< n
};

/// The counted repetition starting at `at` (a '{'), or nullopt when the brace is a literal, as
/// RE2 reads a '{' that does not start `{n}`, `{n,}` or `{n,m}`.
std::optional<Count> count_at(std::string_view p, std::size_t at) {
    std::size_t i = at + 1;
    const auto digits = [&] {
        const std::size_t from = i;
        while (i < p.size() && std::isdigit(static_cast<unsigned char>(p[i])) != 0) {
            ++i;
        }
        return p.substr(from, i - from);
    };
    const std::string_view least = digits();
    if (least.empty() || least.size() > 4) {
        return std::nullopt;  // RE2 allows at most 1000
    }
    if (i < p.size() && p[i] == ',') {
        ++i;
        if (digits().size() > 4) {
            return std::nullopt;
        }
    }
    if (i >= p.size() || p[i] != '}') {
        return std::nullopt;
    }
    return Count{i + 1 - at, std::stol(std::string(least))};
}

/// The end of the character class starting at `at` (a '['): one past its closing ']'.
std::size_t class_end(std::string_view p, std::size_t at) {
    std::size_t i = at + 1;
    if (i < p.size() && p[i] == '^') {
        ++i;
    }
    if (i < p.size() && p[i] == ']') {
        ++i;  // a ']' first is a member
    }
    while (i < p.size() && p[i] != ']') {
        if (p[i] == '\\') {
            ++i;
        } else if (p[i] == '[' && i + 1 < p.size() && p[i + 1] == ':') {
            const std::size_t close = p.find(":]", i + 2);
            i = close == std::string_view::npos ? i : close + 1;
        }
        ++i;
    }
    return std::min(i + 1, p.size());
}

}  // namespace

std::string relaxed_repetition(std::string_view p, int at_most) {
    std::string out;
    out.reserve(p.size());
    std::size_t i = 0;
    while (i < p.size()) {
        std::size_t next = i + 1;
        if (p[i] == '\\') {
            if (p.substr(i, 2) == "\\Q") {
                const std::size_t end = p.find("\\E", i + 2);
                next = end == std::string_view::npos ? p.size() : end + 2;
            } else {
                next = std::min(i + 2, p.size());
            }
        } else if (p[i] == '[') {
            next = class_end(p, i);
        } else if (p[i] == '{') {
            if (const auto count = count_at(p, i)) {
                out += '{' + std::to_string(std::min<long>(count->least, at_most)) + ",}";
                i += count->length;
                continue;
            }
        }
        out.append(p.substr(i, next - i));
        i = next;
    }
    return out;
}

}  // namespace qa::rules

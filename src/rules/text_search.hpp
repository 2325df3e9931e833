#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace qa::rules {

/// `s` with ASCII letters lowercased (keywords and stopwords are stored this way).
std::string lowercase(std::string_view s);

/// The offset of the first `needle` (already lowercase) at or after `from` in `haystack`,
/// ignoring ASCII case; std::string_view::npos when there is none.
std::size_t find_lowercase(std::string_view haystack, std::string_view needle,
                           std::size_t from = 0);

/// Whether `needle` (already lowercase) occurs in `haystack`, ignoring ASCII case.
bool contains_lowercase(std::string_view haystack, std::string_view needle);

/// Whether any of `needles` (already lowercase) occurs in `haystack`, ignoring ASCII case.
bool contains_any(std::string_view haystack, const std::vector<std::string>& needles);

}  // namespace qa::rules

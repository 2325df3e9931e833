#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace qa::lenses::model {

/// One quoted literal of a line: its content is line.substr(begin, end - begin).
struct StringLiteral {
    std::size_t open = 0;   ///< the opening quote
    std::size_t begin = 0;  ///< the content's first byte
    std::size_t end = 0;    ///< the closing quote (one past the content)
};

/// The quoted literals of one line of any language, left to right: from a quote (" ' `) to the
/// next same quote that no backslash escapes. A quote the line leaves open (an apostrophe in
/// prose, a Rust lifetime) starts none, and the search goes on after it. A triple quote reads as
/// an empty literal and a quote, which is enough to find the values in it.
std::vector<StringLiteral> string_literals(std::string_view line);

}  // namespace qa::lenses::model

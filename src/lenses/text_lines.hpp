#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

/// Lines and columns of a file's text as a finding reports them.
namespace qa::lenses {

/// The lines of `content`, without their '\n'; a final line without one is a line too.
std::vector<std::string_view> split_lines(std::string_view content);

/// The characters (Unicode code points) of UTF-8 `text`: its bytes but continuation bytes.
std::uint32_t code_points(std::string_view text);

/// The 1-based column in characters of the 1-based byte column `byte_column` of `line`: what
/// an editor shows, and SARIF's `unicodeCodePoints` column kind. 0 stays 0 (no column).
std::uint32_t code_point_column(std::string_view line, std::uint32_t byte_column);

}  // namespace qa::lenses

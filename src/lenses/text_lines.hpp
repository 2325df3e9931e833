#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

/// Lines and columns of a file's text as a finding reports them.
namespace qa::lenses {

/// The lines of `content`, without their '\n'; a final line without one is a line too.
std::vector<std::string_view> split_lines(std::string_view content);

/// The lines of a text by number, as split_lines() numbers them, without splitting it (a vector
/// of every line of a 100 MB file is larger than a third of the file): each call walks from the
/// line asked before, so lines asked in order cost one pass over the text in all.
class LineCursor {
  public:
    explicit LineCursor(std::string_view text) : text_(text) {}
    /// Line `number` (1-based) without its '\n'; nullopt for 0 or past the last line.
    std::optional<std::string_view> line(std::size_t number);

  private:
    std::string_view text_;
    std::size_t number_ = 1;  ///< the line that starts at start_
    std::size_t start_ = 0;
};

/// The characters (Unicode code points) of UTF-8 `text`: its bytes but continuation bytes.
std::uint32_t code_points(std::string_view text);

/// The 1-based column in characters of the 1-based byte column `byte_column` of `line`: what
/// an editor shows, and SARIF's `unicodeCodePoints` column kind. 0 stays 0 (no column).
std::uint32_t code_point_column(std::string_view line, std::uint32_t byte_column);

}  // namespace qa::lenses

#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace qa::rules {

/// Byte offsets of line starts, for mapping a match offset to its buffer line.
class LineIndex {
  public:
    explicit LineIndex(std::string_view text);

    /// The 0-based buffer line holding byte `offset`.
    std::size_t line_of(std::size_t offset) const;

    std::size_t start(std::size_t line) const { return starts_[line]; }
    /// The number of lines (a final line without '\n' counts; an empty buffer has one).
    std::size_t count() const { return starts_.size(); }

    /// The text of buffer line `line`, without its '\n' or a trailing '\r'.
    std::string_view text(std::size_t line) const;

  private:
    std::string_view text_;
    std::vector<std::size_t> starts_;
};

/// The file line (1-based) of buffer line `line` (0-based), given ScanInput::lineNumbers.
std::uint32_t file_line(std::span<const std::uint32_t> numbers, std::size_t line);

}  // namespace qa::rules

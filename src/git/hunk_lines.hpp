#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "git/change_set.hpp"

namespace qa::git {

/// Lines of a text by number, found by scanning forwards from the line asked for last: a diff's
/// hunks ask for ascending lines, so each text is scanned about once. Lines are split at '\n'
/// only, as git diff splits them (the "\r" of a CRLF line stays); a last line without '\n'
/// counts. Views point into the text, which the caller keeps alive.
class LineCursor {
  public:
    explicit LineCursor(std::string_view text = {}) : text_(text) {}

    /// Line `n` (1-based) without its '\n'; empty past the end.
    std::string_view line(std::uint32_t n);
    /// Whether line `n` is the text's last line and has no '\n' after it.
    bool no_newline_after(std::uint32_t n);

  private:
    void seek(std::uint32_t n);

    std::string_view text_;
    std::uint32_t line_ = 1;  ///< the line that starts at offset_
    std::size_t offset_ = 0;
};

/// One added or removed line of a hunk, read from its blob.
struct Line {
    char origin = '+';               ///< '+' added, '-' removed
    std::uint32_t old_line_no = 0;   ///< 1-based line in the old file; 0 for an added line
    std::uint32_t new_line_no = 0;   ///< 1-based line in the new file; 0 for a removed line
    std::string_view content;        ///< the line without its '\n' ("\r" of CRLF files is kept)
    bool no_newline_at_eof = false;  ///< the last line of its file, without a final '\n'
};

/// The lines of `hunk` in the order a diff with zero context shows them: the removed lines (of
/// `old_side`), then the added ones (of `new_side`). Views into the cursors' texts.
std::vector<Line> hunk_lines(const Hunk& hunk, LineCursor& old_side, LineCursor& new_side);

/// Reads a blob by its hex id; nullopt when it cannot be read.
using BlobLoader = std::function<std::optional<std::string>(const std::string& oid)>;

/// Calls `visit(line_no, text)` for each added line of `file` (a diff: lines_in_blobs()), in hunk
/// order, reading each blob the hunks name through `load` once per run of hunks that share it.
/// `visit` returns false to stop. A blob `load` cannot read is skipped (its lines are not seen).
void for_each_added_line(const FileChange& file, const BlobLoader& load,
                         const std::function<bool(std::uint32_t, std::string_view)>& visit);

}  // namespace qa::git

#pragma once

/// The lines of a change set's hunks, read back from the blobs the hunks are ranges of (the change
/// set holds no line), as owning copies a test can keep.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "git/blob.hpp"
#include "git/change_set.hpp"
#include "git/hunk_lines.hpp"

namespace qa::test {

struct TextLine {
    char origin = '+';
    std::uint32_t old_line_no = 0;
    std::uint32_t new_line_no = 0;
    std::string content;
    bool no_newline_at_eof = false;
};

inline std::size_t line_count(const std::string& text) {
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) +
           (!text.empty() && text.back() != '\n' ? 1 : 0);
}

/// Per hunk of `file` (a diff: lines_in_blobs()), its lines as git diff shows them. Checks that
/// every line a hunk names exists in its blob.
inline std::vector<std::vector<TextLine>> hunk_text(const git::Repository& repo,
                                                    const git::FileChange& file) {
    const std::string old_text = git::read_blob(repo, file.old_oid).value_or("");
    std::vector<std::vector<TextLine>> out;
    for (const auto& hunk : file.hunks) {
        const std::string new_text =
            git::read_blob(repo, hunk.blob.empty() ? file.new_oid : hunk.blob).value_or("");
        if (hunk.old_lines > 0) {
            CHECK(hunk.old_start + hunk.old_lines - 1 <= line_count(old_text));
        }
        if (hunk.new_lines > 0) {
            CHECK(hunk.new_start + hunk.new_lines - 1 <= line_count(new_text));
        }
        git::LineCursor old_side(old_text);
        git::LineCursor new_side(new_text);
        std::vector<TextLine> lines;
        for (const auto& l : git::hunk_lines(hunk, old_side, new_side)) {
            lines.push_back({l.origin, l.old_line_no, l.new_line_no, std::string(l.content),
                             l.no_newline_at_eof});
        }
        out.push_back(std::move(lines));
    }
    return out;
}

}  // namespace qa::test

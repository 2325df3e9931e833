#include "git/hunk_lines.hpp"

#include <cstring>

namespace qa::git {

void LineCursor::seek(std::uint32_t n) {
    if (n < line_) {
        line_ = 1;
        offset_ = 0;
    }
    while (line_ < n && offset_ < text_.size()) {
        const void* nl = std::memchr(text_.data() + offset_, '\n', text_.size() - offset_);
        offset_ = nl == nullptr
                      ? text_.size()
                      : static_cast<std::size_t>(static_cast<const char*>(nl) - text_.data()) + 1;
        ++line_;
    }
}

std::string_view LineCursor::line(std::uint32_t n) {
    seek(n);
    if (line_ != n || offset_ >= text_.size()) {
        return {};
    }
    const std::size_t nl = text_.find('\n', offset_);
    return text_.substr(offset_, (nl == std::string_view::npos ? text_.size() : nl) - offset_);
}

bool LineCursor::no_newline_after(std::uint32_t n) {
    seek(n);
    return line_ == n && offset_ < text_.size() &&
           text_.find('\n', offset_) == std::string_view::npos;
}

std::vector<Line> hunk_lines(const Hunk& hunk, LineCursor& old_side, LineCursor& new_side) {
    std::vector<Line> lines;
    lines.reserve(hunk.old_lines + hunk.new_lines);
    for (std::uint32_t n = hunk.old_start; n < hunk.old_start + hunk.old_lines; ++n) {
        lines.push_back({'-', n, 0, old_side.line(n), old_side.no_newline_after(n)});
    }
    for (std::uint32_t n = hunk.new_start; n < hunk.new_start + hunk.new_lines; ++n) {
        lines.push_back({'+', 0, n, new_side.line(n), new_side.no_newline_after(n)});
    }
    return lines;
}

void for_each_added_line(const FileChange& file, const BlobLoader& load,
                         const std::function<bool(std::uint32_t, std::string_view)>& visit) {
    std::optional<std::string> loaded_oid;
    std::optional<std::string> content;
    LineCursor cursor;
    for (const auto& hunk : file.hunks) {
        if (hunk.new_lines == 0) {
            continue;
        }
        const std::string& oid = hunk.blob.empty() ? file.new_oid : hunk.blob;
        if (oid != loaded_oid) {
            content = load(oid);
            loaded_oid = oid;
            cursor = LineCursor(content ? std::string_view(*content) : std::string_view());
        }
        if (!content) {
            continue;
        }
        for (std::uint32_t n = hunk.new_start; n < hunk.new_start + hunk.new_lines; ++n) {
            if (!visit(n, cursor.line(n))) {
                return;
            }
        }
    }
}

}  // namespace qa::git

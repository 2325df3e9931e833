#include "git/pem_blocks.hpp"

#include <algorithm>
#include <set>
#include <string_view>
#include <vector>

#include "git/handle.hpp"
#include "git/text_content.hpp"

namespace qa::git {

namespace {

constexpr std::string_view kBegin = "-----BEGIN ";
constexpr std::string_view kEnd = "-----END ";
/// Shorter runs of base64 are too common in code to make a file worth reading.
constexpr std::size_t kMinBodyRun = 16;

bool base64_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
           c == '/' || c == '=';
}

/// An armour line, or a line that could be a PEM body line (also inside a string literal).
bool looks_like_pem(std::string_view line) {
    if (line.find(kBegin) != std::string_view::npos || line.find(kEnd) != std::string_view::npos) {
        return true;
    }
    std::size_t run = 0, best = 0;
    for (const char c : line) {
        run = base64_char(c) ? run + 1 : 0;
        best = std::max(best, run);
    }
    return best >= kMinBodyRun;
}

}  // namespace

void widen_pem_blocks(git_repository* repo, FileChange& file) {
    if (file.binary || file.is_submodule || file.new_oid.empty() || file.hunks.empty()) {
        return;
    }
    std::set<std::uint32_t> added;
    bool candidate = false;
    for (const auto& hunk : file.hunks) {
        for (const auto& line : hunk.lines) {
            if (line.origin == '+') {
                added.insert(line.new_line_no);
                candidate = candidate || looks_like_pem(line.content);
            }
        }
    }
    if (!candidate) {
        return;
    }
    git_oid oid;
    BlobHandle blob;
    if (git_oid_fromstrn(&oid, file.new_oid.data(), file.new_oid.size()) != 0 ||
        git_blob_lookup(blob.out(), repo, &oid) != 0) {
        git_error_clear();  // unreadable: the lenses meet it when they read the file
        return;
    }
    const std::string_view content = blob_view(blob.get());
    std::vector<std::string_view> lines;
    for (std::size_t start = 0; start < content.size();) {
        const std::size_t nl = content.find('\n', start);
        const std::size_t end = nl == std::string_view::npos ? content.size() : nl;
        lines.push_back(content.substr(start, end - start));
        start = end + 1;
    }
    Hunk extra;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].find(kBegin) == std::string_view::npos) {
            continue;
        }
        std::size_t end = i + 1;
        while (end < lines.size() && lines[end].find(kEnd) == std::string_view::npos &&
               lines[end].find(kBegin) == std::string_view::npos) {
            ++end;
        }
        if (end == lines.size() || lines[end].find(kEnd) == std::string_view::npos) {
            continue;  // no END: not a block (the next BEGIN is looked at on its own)
        }
        const auto first = static_cast<std::uint32_t>(i + 1);
        const auto last = static_cast<std::uint32_t>(end + 1);
        const auto touched = added.lower_bound(first);
        if (touched != added.end() && *touched <= last) {
            for (std::uint32_t n = first; n <= last; ++n) {
                if (added.insert(n).second) {
                    Line line;
                    line.origin = '+';
                    line.new_line_no = n;
                    line.content = std::string(lines[n - 1]);
                    extra.lines.push_back(std::move(line));
                }
            }
        }
        i = end;
    }
    if (!extra.lines.empty()) {
        extra.new_start = extra.lines.front().new_line_no;
        extra.new_lines = static_cast<std::uint32_t>(extra.lines.size());
        file.hunks.push_back(std::move(extra));
    }
}

}  // namespace qa::git

#include "git/pem_blocks.hpp"

#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "git/handle.hpp"
#include "git/hunk_lines.hpp"
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

}  // namespace

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

namespace {

/// Appends to `extra` the lines of the PEM blocks of blob `oid` that hold one of the `added`
/// lines ([first, last] ranges of that blob, disjoint) and are not added yet, in ascending runs;
/// `tag` is their Hunk::blob.
void widen_blob(git_repository* repo, const std::string& oid_hex, const std::string& tag,
                std::vector<std::pair<std::uint32_t, std::uint32_t>> added,
                std::vector<Hunk>& extra) {
    std::sort(added.begin(), added.end());
    git_oid oid;
    BlobHandle blob;
    if (git_oid_fromstrn(&oid, oid_hex.data(), oid_hex.size()) != 0 ||
        git_blob_lookup(blob.out(), repo, &oid) != 0) {
        git_error_clear();  // unreadable: the lenses meet it when they read the file
        return;
    }
    const std::string_view content = blob_view(blob.get());
    LineCursor lines(content);
    // Lines first..last form a block: its lines no hunk adds become added, in runs.
    const auto widen = [&](std::uint32_t first, std::uint32_t last) {
        auto range = std::lower_bound(added.begin(), added.end(), first,
                                      [](const std::pair<std::uint32_t, std::uint32_t>& r,
                                         std::uint32_t n) { return r.second < n; });
        if (range == added.end() || range->first > last) {
            return;  // no added line in the block
        }
        bool in_run = false;
        for (std::uint32_t n = first; n <= last; ++n) {
            while (range != added.end() && range->second < n) {
                ++range;
            }
            if (range != added.end() && range->first <= n) {
                in_run = false;
                continue;
            }
            if (!in_run) {
                extra.emplace_back();
                extra.back().new_start = n;
                extra.back().blob = tag;
                in_run = true;
            }
            ++extra.back().new_lines;
            extra.back().bytes += lines.line(n).size() + 1;
        }
    };
    // A block runs from a BEGIN line to the next END line with no other BEGIN between them (a
    // BEGIN without END is no block; the next BEGIN is looked at on its own).
    std::uint32_t open = 0;  // the line of the BEGIN of the block being read; 0 for none
    std::uint32_t n = 0;
    for (std::size_t start = 0; start < content.size();) {
        const std::size_t nl = content.find('\n', start);
        const std::size_t end = nl == std::string_view::npos ? content.size() : nl;
        const std::string_view line = content.substr(start, end - start);
        start = end + 1;
        ++n;
        const bool begins = line.find(kBegin) != std::string_view::npos;
        if (open > 0 && line.find(kEnd) != std::string_view::npos) {
            widen(open, n);
            open = 0;
        } else if (begins) {
            open = n;
        }
    }
}

}  // namespace

void widen_pem_blocks(git_repository* repo, FileChange& file) {
    if (file.binary || file.is_submodule || file.new_oid.empty() || file.hunks.empty() ||
        !file.lines_in_blobs()) {
        return;
    }
    // Per blob the hunks are ranges of (one for a diff; the earlier commits of a push have
    // several), in order of first appearance: its added lines as ranges [first, last].
    std::vector<std::pair<const Hunk*, std::vector<std::pair<std::uint32_t, std::uint32_t>>>> blobs;
    for (const auto& hunk : file.hunks) {
        if (hunk.new_lines == 0) {
            continue;
        }
        auto it = std::find_if(blobs.begin(), blobs.end(),
                               [&](const auto& b) { return b.first->blob == hunk.blob; });
        if (it == blobs.end()) {
            blobs.emplace_back(&hunk, std::vector<std::pair<std::uint32_t, std::uint32_t>>{});
            it = std::prev(blobs.end());
        }
        it->second.emplace_back(hunk.new_start, hunk.new_start + hunk.new_lines - 1);
    }
    std::vector<Hunk> extra;
    for (auto& [first, added] : blobs) {
        const std::string& oid = first->blob.empty() ? file.new_oid : first->blob;
        widen_blob(repo, oid, first->blob, std::move(added), extra);
    }
    for (auto& hunk : extra) {
        file.hunks.push_back(std::move(hunk));
    }
}

}  // namespace qa::git

#include "git/diff_collector.hpp"

#include <algorithm>
#include <cstring>
#include <optional>

#include "git/diff_setup.hpp"
#include "git/error.hpp"
#include "git/handle.hpp"
#include "git/path_text.hpp"
#include "git/pem_blocks.hpp"
#include "git/text_content.hpp"
#include "git/unreadable.hpp"
#include "util/error.hpp"

namespace qa::git {

std::optional<FileStatus> file_status(git_delta_t status) {
    switch (status) {
        case GIT_DELTA_ADDED:
            return FileStatus::added;
        case GIT_DELTA_DELETED:
            return FileStatus::deleted;
        case GIT_DELTA_MODIFIED:
        case GIT_DELTA_CONFLICTED:  // an unmerged index entry: its content is still a change
            return FileStatus::modified;
        case GIT_DELTA_RENAMED:
            return FileStatus::renamed;
        case GIT_DELTA_COPIED:
            return FileStatus::copied;
        case GIT_DELTA_TYPECHANGE:
            return FileStatus::typechange;
        default:  // unmodified, ignored, untracked, unreadable: not produced by these diffs
            return std::nullopt;
    }
}

namespace {

struct Collector {
    git_repository* repo;
    std::vector<FileChange> files;
    /// Per file: an added line looks like part of a PEM block (widen_pem_blocks reads the blob).
    std::vector<bool> pem_candidate;
    bool skip_content = false;  // current file: binary or submodule, or a skipped status
};

int on_hunk(const git_diff_delta* delta, const git_diff_hunk* hunk, void* payload);
int on_line(const git_diff_delta* delta, const git_diff_hunk* hunk, const git_diff_line* line,
            void* payload);

/// Called for each half of a typechange: marks the file binary when that side is.
int on_typechange_side(const git_diff_delta* delta, float /*progress*/, void* payload) {
    auto& c = *static_cast<Collector*>(payload);
    if ((delta->flags & GIT_DIFF_FLAG_BINARY) != 0) {
        c.files.back().binary = true;
    }
    c.skip_content = c.files.back().binary;
    return 0;
}

/// libgit2 gives a typechange no content; git shows it as the old file deleted and the new one
/// added (`git diff` splits the pair). Do the same: all old lines removed, then all new lines
/// added, each half diffed against nothing.
void add_typechange_content(Collector& c, const git_diff_delta* delta) {
    FileChange& file = c.files.back();
    if (file.is_submodule) {
        return;
    }
    const git_diff_options opts = diff_options();
    for (const bool old_side : {true, false}) {
        const git_diff_file& side = old_side ? delta->old_file : delta->new_file;
        BlobHandle blob;
        check(git_blob_lookup(blob.out(), c.repo, &side.id), "read blob of " + file.path);
        const char* path = side.path;
        check(git_diff_blobs(old_side ? blob.get() : nullptr, path, old_side ? nullptr : blob.get(),
                             path, &opts, on_typechange_side, nullptr, on_hunk, on_line, &c),
              "diff " + file.path);
    }
    if (file.binary) {
        file.hunks.clear();
        file.added_lines = 0;
        file.removed_lines = 0;
    }
    c.skip_content = true;
}

}  // namespace

/// UTF-16/32 text with a BOM: judged whole, decoded (see FileChange::text_encoding).
void set_wide_text(FileChange& file, std::string_view content, WideEncoding encoding) {
    const std::string text = to_utf8(content, encoding);
    file.binary = false;
    file.text_encoding = to_string(encoding);
    file.hunks.clear();
    file.added_lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) +
                       (!text.empty() && text.back() != '\n' ? 1 : 0);
    if (file.added_lines > 0) {
        Hunk hunk;
        hunk.new_start = 1;
        hunk.new_lines = static_cast<std::uint32_t>(file.added_lines);
        file.hunks.push_back(std::move(hunk));
    }
}

namespace {

/// libgit2 marks a delta binary from .gitattributes (`-diff`, `binary`, `diff=x`) as well as
/// from its content. Attributes say how to show a diff, never what a security scan may skip: when
/// the new content is text by its bytes, diff the two blobs again as text.
void rediff_if_text(Collector& c, const git_diff_delta* delta) {
    FileChange& file = c.files.back();
    BlobHandle new_blob;
    if (git_blob_lookup(new_blob.out(), c.repo, &delta->new_file.id) != 0) {
        git_error_clear();  // an unreadable object stays binary; the lenses report it
        return;
    }
    const std::string_view content = blob_view(new_blob.get());
    if (content.size() > static_cast<std::uint64_t>(kMaxTextBytes)) {
        return;
    }
    if (const auto wide = wide_encoding(content)) {
        set_wide_text(file, content, *wide);
        return;
    }
    if (!is_text(content)) {
        return;
    }
    BlobHandle old_blob;
    if (delta->status != GIT_DELTA_ADDED && delta->old_file.mode != GIT_FILEMODE_COMMIT &&
        git_blob_lookup(old_blob.out(), c.repo, &delta->old_file.id) != 0) {
        git_error_clear();
    }
    file.binary = false;
    c.skip_content = false;
    const git_diff_options opts = forced_text_diff_options();
    check(git_diff_blobs(old_blob.get(), delta->old_file.path, new_blob.get(), delta->new_file.path,
                         &opts, nullptr, nullptr, on_hunk, on_line, &c),
          "diff " + file.path);
    c.skip_content = true;  // the outer diff has no content of its own for a binary delta
}

}  // namespace

/// A delta's paths, modes and object ids; no content.
FileChange file_change(const git_diff_delta* delta, FileStatus status) {
    FileChange file;
    file.status = status;
    const bool absent_new = status == FileStatus::deleted;
    file.path = path_text(absent_new ? delta->old_file.path : delta->new_file.path);
    file.old_path = status == FileStatus::added ? file.path : path_text(delta->old_file.path);
    file.old_mode = status == FileStatus::added ? 0 : delta->old_file.mode;
    file.new_mode = absent_new ? 0 : delta->new_file.mode;
    if (file.old_mode != 0) {
        file.old_oid = to_hex(delta->old_file.id);
    }
    if (file.new_mode != 0) {
        file.new_oid = to_hex(delta->new_file.id);
    }
    file.is_symlink = file.old_mode == GIT_FILEMODE_LINK || file.new_mode == GIT_FILEMODE_LINK;
    file.is_submodule =
        file.old_mode == GIT_FILEMODE_COMMIT || file.new_mode == GIT_FILEMODE_COMMIT;
    return file;
}

namespace {

int on_file(const git_diff_delta* delta, float /*progress*/, void* payload) {
    auto& c = *static_cast<Collector*>(payload);
    const auto status = file_status(delta->status);
    if (!status) {
        c.skip_content = true;
        return 0;
    }
    FileChange file = file_change(delta, *status);
    file.binary = (delta->flags & GIT_DIFF_FLAG_BINARY) != 0 && !file.is_submodule;
    // A submodule's "content" is libgit2's "Subproject commit <sha>" text: not a file's lines
    // (a secret scanner would see a 40-hex string), so it gets no hunks; the oids carry it.
    c.skip_content = file.binary || file.is_submodule;
    const bool recheck =
        file.binary && *status != FileStatus::typechange && *status != FileStatus::deleted;
    c.files.push_back(std::move(file));
    c.pem_candidate.push_back(false);
    if (*status == FileStatus::typechange) {
        add_typechange_content(c, delta);
    } else if (recheck) {
        rediff_if_text(c, delta);
    }
    return 0;
}

int on_hunk(const git_diff_delta* /*delta*/, const git_diff_hunk* hunk, void* payload) {
    auto& c = *static_cast<Collector*>(payload);
    if (c.skip_content) {
        return 0;
    }
    Hunk h;
    h.old_start = static_cast<std::uint32_t>(hunk->old_start);
    h.old_lines = static_cast<std::uint32_t>(hunk->old_lines);
    h.new_start = static_cast<std::uint32_t>(hunk->new_start);
    h.new_lines = static_cast<std::uint32_t>(hunk->new_lines);
    c.files.back().hunks.push_back(std::move(h));
    return 0;
}

int on_line(const git_diff_delta* /*delta*/, const git_diff_hunk* /*hunk*/,
            const git_diff_line* line, void* payload) {
    auto& c = *static_cast<Collector*>(payload);
    if (c.skip_content) {
        return 0;
    }
    // With zero context only '+' and '-' carry content; the EOFNL markers ('=', '>', '<') are
    // represented by no_newline_at_eof on the line itself.
    if (line->origin != GIT_DIFF_LINE_ADDITION && line->origin != GIT_DIFF_LINE_DELETION) {
        return 0;
    }
    FileChange& file = c.files.back();
    const bool added = line->origin == GIT_DIFF_LINE_ADDITION;
    ++(added ? file.added_lines : file.removed_lines);
    if (file.hunks.empty()) {
        return 0;
    }
    // The line itself is not kept (the hunk's range finds it in the blob): only what is known
    // here for free, its size and whether it may be part of a PEM block.
    std::string_view content(line->content, line->content_len);
    if (!content.empty() && content.back() == '\n') {
        content.remove_suffix(1);
    }
    file.hunks.back().bytes += content.size() + 1;
    if (added && !c.pem_candidate.back() && looks_like_pem(content)) {
        c.pem_candidate.back() = true;
    }
    return 0;
}

}  // namespace

void sort_by_path(std::vector<FileChange>& files) {
    std::sort(files.begin(), files.end(), [](const FileChange& a, const FileChange& b) {
        // std::string compares as unsigned char: byte order, as git sorts paths.
        return a.path != b.path ? a.path < b.path : a.old_path < b.old_path;
    });
}

namespace {

/// The bytes of `content`'s lines as a diff shows them: each line's length plus one (a last
/// line without '\n' too).
std::uint64_t diff_bytes(std::string_view content) {
    return content.size() + (content.empty() || content.back() == '\n' ? 0 : 1);
}

/// Whether a line of `content` looks like part of a PEM block (widen_pem_blocks then reads it).
bool has_pem_line(std::string_view content) {
    for (std::size_t start = 0; start < content.size();) {
        const std::size_t nl = content.find('\n', start);
        const std::size_t end = nl == std::string_view::npos ? content.size() : nl;
        if (looks_like_pem(content.substr(start, end - start))) {
            return true;
        }
        start = end + 1;
    }
    return false;
}

/// An added file whose content is text by its bytes: every line of it is added, so its one hunk
/// is known without running a diff (libgit2's diff holds about a hundred bytes per line of the
/// file, gigabytes for a file of newlines). False, having done nothing, for anything else
/// (binary, wide text, too large, unreadable: the diff decides as for any file).
bool add_new_text(Collector& c, const git_diff_delta* delta) {
    if (delta->status != GIT_DELTA_ADDED || delta->new_file.mode == GIT_FILEMODE_COMMIT) {
        return false;
    }
    BlobHandle blob;
    if (git_blob_lookup(blob.out(), c.repo, &delta->new_file.id) != 0) {
        git_error_clear();
        return false;
    }
    const std::string_view content = blob_view(blob.get());
    if (content.size() > static_cast<std::uint64_t>(kMaxTextBytes) || !is_text(content)) {
        return false;
    }
    FileChange file = file_change(delta, FileStatus::added);
    file.added_lines = count_lines(content);
    if (file.added_lines > 0) {
        Hunk hunk;
        hunk.new_start = 1;
        hunk.new_lines = static_cast<std::uint32_t>(file.added_lines);
        hunk.bytes = diff_bytes(content);
        file.hunks.push_back(std::move(hunk));
    }
    c.files.push_back(std::move(file));
    c.pem_candidate.push_back(has_pem_line(content));
    return true;
}

/// A side of a modification with more lines than this is not diffed line by line: libgit2's
/// diff holds about 60 bytes per line of each side, gigabytes for a file of a few tens of
/// megabytes of short lines.
constexpr std::size_t kMaxDiffLines = std::size_t{1} << 20;

/// The size of blob `id` from its header alone (no content is inflated), or nullopt.
std::optional<std::size_t> blob_size_of(git_repository* repo, const git_oid& id) {
    OdbHandle odb;
    if (git_repository_odb(odb.out(), repo) != 0) {
        git_error_clear();
        return std::nullopt;
    }
    std::size_t size = 0;
    git_object_t type = GIT_OBJECT_INVALID;
    if (git_odb_read_header(&size, &type, odb.get(), &id) != 0) {
        git_error_clear();
        return std::nullopt;
    }
    return size;
}

/// A modified or deleted text file with more than kMaxDiffLines lines on a side, shown as git
/// shows a complete rewrite: every old line removed and every new line added, in one hunk. Its
/// new side is then judged whole, stricter than a line diff, with memory that follows the
/// file's size. False, having done nothing, for anything else (the diff decides).
bool add_rewrite(Collector& c, const git_diff_delta* delta) {
    const bool deleted = delta->status == GIT_DELTA_DELETED;
    if ((delta->status != GIT_DELTA_MODIFIED && !deleted) ||
        delta->old_file.mode == GIT_FILEMODE_COMMIT ||
        delta->new_file.mode == GIT_FILEMODE_COMMIT) {
        return false;
    }
    // A line is at least one byte: smaller blobs cannot have that many lines, and are not read.
    const auto old_size = blob_size_of(c.repo, delta->old_file.id);
    const auto new_size =
        deleted ? std::optional<std::size_t>(0) : blob_size_of(c.repo, delta->new_file.id);
    if (!old_size || !new_size || std::max(*old_size, *new_size) <= kMaxDiffLines) {
        return false;
    }
    BlobHandle old_blob;
    BlobHandle new_blob;
    if (git_blob_lookup(old_blob.out(), c.repo, &delta->old_file.id) != 0 ||
        (!deleted && git_blob_lookup(new_blob.out(), c.repo, &delta->new_file.id) != 0)) {
        git_error_clear();
        return false;
    }
    const std::string_view old_content = blob_view(old_blob.get());
    const std::string_view new_content = deleted ? std::string_view() : blob_view(new_blob.get());
    const auto limit = static_cast<std::uint64_t>(kMaxTextBytes);
    if (old_content.size() > limit || new_content.size() > limit || !is_text(old_content) ||
        !is_text(new_content)) {
        return false;
    }
    const std::size_t old_lines = count_lines(old_content);
    const std::size_t new_lines = count_lines(new_content);
    if (std::max(old_lines, new_lines) <= kMaxDiffLines) {
        return false;
    }
    FileChange file = file_change(delta, deleted ? FileStatus::deleted : FileStatus::modified);
    file.removed_lines = old_lines;
    file.added_lines = new_lines;
    Hunk hunk;
    hunk.old_start = old_lines > 0 ? 1 : 0;
    hunk.old_lines = static_cast<std::uint32_t>(old_lines);
    hunk.new_start = new_lines > 0 ? 1 : 0;
    hunk.new_lines = static_cast<std::uint32_t>(new_lines);
    hunk.bytes = diff_bytes(old_content) + diff_bytes(new_content);
    file.hunks.push_back(std::move(hunk));
    c.files.push_back(std::move(file));
    c.pem_candidate.push_back(has_pem_line(new_content));
    return true;
}

/// Gives `patch` to the collector as git_diff_foreach gives a delta's patch to its callbacks.
int replay(git_patch* patch, Collector& c) {
    const git_diff_delta* delta = git_patch_get_delta(patch);
    if (const int rc = on_file(delta, 0, &c); rc != 0) {
        return rc;
    }
    if ((delta->flags & GIT_DIFF_FLAG_BINARY) != 0) {
        return 0;
    }
    const std::size_t hunks = git_patch_num_hunks(patch);
    for (std::size_t h = 0; h < hunks; ++h) {
        const git_diff_hunk* hunk = nullptr;
        std::size_t lines = 0;
        if (const int rc = git_patch_get_hunk(&hunk, &lines, patch, h); rc != 0) {
            return rc;
        }
        if (const int rc = on_hunk(delta, hunk, &c); rc != 0) {
            return rc;
        }
        for (std::size_t l = 0; l < lines; ++l) {
            const git_diff_line* line = nullptr;
            if (const int rc = git_patch_get_line_in_hunk(&line, patch, h, l); rc != 0) {
                return rc;
            }
            if (const int rc = on_line(delta, hunk, line, &c); rc != 0) {
                return rc;
            }
        }
    }
    return 0;
}

/// Every delta of `diff`, as git_diff_foreach would give it, except that a new text file and a
/// very long modified or deleted one are not diffed (add_new_text, add_rewrite). One delta's patch
/// is held at a time.
int collect_deltas(git_diff* diff, Collector& c) {
    const std::size_t n = git_diff_num_deltas(diff);
    for (std::size_t i = 0; i < n; ++i) {
        const git_diff_delta* delta = git_diff_get_delta(diff, i);
        if (add_new_text(c, delta) || add_rewrite(c, delta)) {
            continue;
        }
        PatchHandle patch;
        if (const int rc = git_patch_from_diff(patch.out(), diff, i); rc != 0) {
            return rc;
        }
        if (!patch) {
            continue;  // a delta the diff's options skip, as git_diff_foreach skips it
        }
        if (const int rc = replay(patch.get(), c); rc != 0) {
            return rc;
        }
    }
    return 0;
}

}  // namespace

std::vector<FileChange> collect(git_repository* repo, git_diff* diff) {
    Collector collector{repo, {}, {}, false};
    collector.files.reserve(git_diff_num_deltas(diff));
    if (const int rc = collect_deltas(diff, collector); rc < 0) {
        const GitError cause = make_error(rc, "read diff");
        // A damaged repository is an input the user can act on (exit 2), not an internal error.
        if (const auto bad = unreadable_blob(repo, diff)) {
            throw util::Error(util::kExitUsage,
                              "cannot read git " + *bad + "; the repository is damaged (git fsck)",
                              "unreadable object");
        }
        throw cause;
    }
    for (std::size_t i = 0; i < collector.files.size(); ++i) {
        if (collector.pem_candidate[i]) {
            widen_pem_blocks(repo, collector.files[i]);
        }
    }
    sort_by_path(collector.files);
    return std::move(collector.files);
}

}  // namespace qa::git

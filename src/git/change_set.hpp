#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "git/blob_reader.hpp"
#include "git/push_refs.hpp"
#include "git/repository.hpp"

namespace qa::git {

/// git's empty tree: the base of a change set that has no base commit (unborn HEAD, a push with
/// no common history, all-files mode).
inline constexpr const char* kEmptyTreeSha = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
/// ChangeSet::head of a staged change set: the index is not a commit.
inline constexpr const char* kIndexHead = "index";

enum class FileStatus { added, modified, deleted, renamed, copied, typechange };

std::string_view to_string(FileStatus status);

/// A hunk as in the unified diff header "@@ -old_start,old_lines +new_start,new_lines @@".
///
/// Diffs are computed with zero context lines, so a hunk's removed lines are lines old_start to
/// old_start + old_lines - 1 of the old blob, and its added lines lines new_start to
/// new_start + new_lines - 1 of the new blob (`blob` when set): no line is held here, readers
/// take them from the blobs, one file at a time (hunk_lines.hpp). Holding each line costs about
/// a hundred bytes per line: gigabytes for a file of newlines.
struct Hunk {
    std::uint32_t old_start = 0;
    std::uint32_t old_lines = 0;
    std::uint32_t new_start = 0;
    std::uint32_t new_lines = 0;
    /// The hunk's lines as a diff shows them: each line's length plus one (its '\n', counted also
    /// for a last line without one). What a lens's context holds of the hunk.
    std::uint64_t bytes = 0;
    /// The blob the added lines are lines of, when not the file's new_oid (the earlier commits of a
    /// push: see git::earlier_commit_lines); empty otherwise.
    std::string blob;
    /// The commit that added these lines, when the hunk is one of an earlier commit of a push
    /// or a range (git::earlier_commit_lines); empty otherwise.
    std::string commit;
};

struct FileChange {
    std::string
        path;  ///< new path; the old path for a deletion; git-quoted when not UTF-8 (path_text.hpp)
    std::string old_path;  ///< differs from `path` only for renames and copies
    FileStatus status = FileStatus::modified;
    /// A NUL byte in the first 8000 bytes of the content (git's test); no hunks then.
    /// .gitattributes (`-diff`, `binary`, `diff=x`) never make text content binary here.
    bool binary = false;
    std::uint32_t old_mode = 0;  ///< octal git modes: 0100644, 0100755, 0120000, 0160000; 0 absent
    std::uint32_t new_mode = 0;
    std::string old_oid;  ///< blob (or submodule commit) sha; empty when absent
    std::string new_oid;
    bool is_symlink = false;    ///< either side is a symlink; hunks show the link target text
    bool is_submodule = false;  ///< either side is a gitlink; no hunks, counts 0, see the oids
    std::vector<Hunk> hunks;
    std::size_t added_lines = 0;
    std::size_t removed_lines = 0;
    /// Every line of the new content is added and the lines are not held here (all-files mode):
    /// `hunks` is the one header "@@ -0,0 +1,N @@" with no lines, and the lines are the blob
    /// itself, read when needed (BlobReader). Holding every line of a whole tree would cost
    /// several times its size in memory.
    bool all_lines_added = false;
    /// "utf-16le", "utf-16be", "utf-32le" or "utf-32be" when the new content is text in that
    /// encoding with a byte-order mark (not binary then): the lenses read it decoded to UTF-8 and
    /// judge it whole; `added_lines` counts its lines, no lines are held. Empty otherwise.
    std::string text_encoding;
    /// Size in bytes of the new blob when the change set read it (all_lines_added files), so
    /// callers need not read it again; 0 otherwise.
    std::uint64_t new_size = 0;
    /// The content of a file that is no blob (a commit or tag message, git/messages.hpp), held
    /// here because it is small and has no blob to read; null for the files of a tree.
    std::shared_ptr<const std::string> inline_text;

    /// Whether the hunks are ranges of lines of the blobs (a diff). False when the content is
    /// judged whole (all_lines_added, text_encoding): the one hunk header counts the lines of
    /// the content, which is read whole (decoded) instead.
    bool lines_in_blobs() const { return !all_lines_added && text_encoding.empty(); }
};

struct ChangeSet {
    std::string base;               ///< the commit diffed from (a merge base), or kEmptyTreeSha
    std::string head;               ///< the commit diffed to, or kIndexHead
    std::vector<FileChange> files;  ///< sorted by path (byte order), then old_path
    /// The lines earlier commits of a push added that the net change does not (see
    /// git::earlier_commit_lines): lines of several blobs per file; the tree under test is
    /// head's, whose blobs are not the files' new_oid.
    bool earlier_commits = false;
    /// The files are commit and tag messages (git/messages.hpp), not files of a tree.
    bool messages = false;

    std::size_t added_lines() const;
    std::size_t removed_lines() const;
};

/// How to read the content. Counts are always exact.
struct DiffOptions {
    /// Reads whole blobs for all_files(); pass the lenses' reader so that a file hashed here is
    /// not hashed again when they read it (BlobReader). Null: a reader of the call's own.
    const BlobReader* reader = nullptr;
    /// Threads that read blobs at once where every file is read whole (all_files); the result
    /// does not depend on it.
    std::size_t read_threads = 1;
};

/// What a pre-commit hook checks: the index against HEAD's tree (the empty tree when HEAD is
/// unborn). The index is the repository's one, or GIT_INDEX_FILE's when opened with it.
ChangeSet staged_changes(const Repository& repo, const DiffOptions& options = {});

/// What CI checks for `--base B --head H`: like `git diff B...H`, the merge base of B and H
/// diffed to H's tree. With no common history the base is the empty tree (everything in H is
/// new). `base` and `head` are any revision git accepts; throws GitError when either is unknown.
ChangeSet range_changes(const Repository& repo, const std::string& base, const std::string& head,
                        const DiffOptions& options = {});

/// One pushed ref and what it brings.
struct PushChangeSet {
    PushUpdate update;
    bool ref_deleted = false;  ///< a deletion: nothing to check, `changes.files` empty
    ChangeSet changes;
    /// What the commits the push sends added and `changes` (their net diff) does not show:
    /// earlier_commit_lines(); no files when there is nothing more.
    ChangeSet earlier;
    std::vector<std::string> earlier_shas;  ///< the commits that added those lines, oldest first
    /// The messages of the commits the push sends and of the annotated tags it pushes
    /// (git::message_changes): they reach the remote's history too.
    ChangeSet messages;
};

/// What a pre-push hook checks, one entry per input line in input order. `remote` is the hook's
/// first argument (a remote name, or a URL for a push to a URL). Empty `remote`: a pre-receive
/// hook on the receiving side, where what is already known is every ref of this repository
/// (the remote-tracking refs in the rule below read "every ref").
///
/// The rule, per line:
/// - local sha all zeros (deletion): ref_deleted, empty change set (base = head = remote sha).
/// - remote sha known here and a commit: diff from merge-base(remote sha, local sha) to local sha,
///   i.e. `git diff remote...local` (a force push checks everything since the common ancestor).
/// - otherwise (new ref, or a remote sha not fetched here): the commits not yet on any
///   remote-tracking ref of any remote (refs/remotes/*, `--remotes`), so a push to a remote
///   never fetched (a fork just added, a URL) checks only what no known remote has. The base is
///   their best common ancestor with local sha, as `git merge-base local tip1 tip2 ...` picks it;
///   the empty tree when there are no remote-tracking refs or no common history.
/// Every commit the push sends (commits_to_send) is also judged on its own: `earlier` holds the
/// lines they add that the net diff does not.
/// An annotated tag is peeled; a ref whose object is a tree gives every file of the tree as
/// added, and one whose object is a blob gives that blob as one added file named after the ref.
std::vector<PushChangeSet> pushed_changes(const Repository& repo, std::string_view remote,
                                          const std::vector<PushUpdate>& updates,
                                          const DiffOptions& options = {});

/// Every tracked file of the index as added (onboarding, baselines): the empty tree diffed to
/// the index; head is kIndexHead. In a bare repository, every file of HEAD's tree (head is
/// HEAD's sha; nothing when HEAD is unborn). Files are all_lines_added: counts, binary detection (a
/// NUL byte in the first 8000 bytes; attributes have no say) and one hunk header each, but no
/// lines. Each blob is read once, one at a time.
ChangeSet all_files(const Repository& repo, const DiffOptions& options = {});
/// The files of the index named in `paths` (repository-relative, exact: no globbing) as added,
/// like all_files(repo) restricted to them; a path the index does not hold is left out.
ChangeSet index_files(const Repository& repo, std::span<const std::string> paths,
                      const DiffOptions& options = {});
/// Every file of the tree of `revision` (a commit, tag or tree) as added, like all_files(repo);
/// head is the commit's sha (the tree's sha when `revision` names a tree).
ChangeSet all_files(const Repository& repo, const std::string& revision,
                    const DiffOptions& options = {});

}  // namespace qa::git

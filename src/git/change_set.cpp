#include "git/change_set.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <filesystem>
#include <set>
#include <thread>

#include "git/blob_reader.hpp"
#include "git/diff_collector.hpp"
#include "git/diff_setup.hpp"
#include "git/error.hpp"
#include "git/handle.hpp"
#include "git/messages.hpp"
#include "git/path_text.hpp"
#include "git/pem_blocks.hpp"
#include "git/push_history.hpp"
#include "git/revisions.hpp"
#include "git/text_content.hpp"
#include "git/unreadable.hpp"
#include "util/error.hpp"
#include "util/parallel_for.hpp"

namespace qa::git {

namespace {

/// The counts and binary flag of `file` as a new file, read through `reader`. Binary-ness comes
/// from the content alone: .gitattributes say how to show a diff, never what a scan may skip.
void add_whole_content(FileChange& file, const BlobReader& reader) {
    const std::uint64_t limit = kMaxTextBytes;
    const BlobRead blob = reader.read(file.path, file.new_oid, file.new_mode, limit);
    if (!blob.found) {
        throw make_error(GIT_ENOTFOUND, "read blob " + file.new_oid + " of " + file.path);
    }
    file.new_size = blob.size;
    const std::string_view content = blob.content;
    if (blob.size <= limit && !is_text(content)) {
        if (const auto wide = wide_encoding(content)) {
            set_wide_text(file, content, *wide);
            return;
        }
    }
    if (blob.size > limit || !is_text(content)) {
        file.binary = true;
        return;
    }
    file.added_lines = count_lines(content);
    if (file.added_lines > 0) {
        Hunk hunk;
        hunk.new_start = 1;
        hunk.new_lines = static_cast<std::uint32_t>(file.added_lines);
        file.hunks.push_back(std::move(hunk));
    }
}

/// Every delta of `diff` (the empty tree against something) as an all_lines_added file: the
/// counts come from one read of each blob, on up to `threads` threads, and no line is held.
std::vector<FileChange> collect_all_added(const Repository& repo, git_diff* diff,
                                          const BlobReader* shared_reader, std::size_t threads) {
    const std::optional<BlobReader> own =
        shared_reader ? std::nullopt : std::make_optional<BlobReader>(repo);
    const BlobReader& reader = shared_reader ? *shared_reader : *own;
    const std::size_t n = git_diff_num_deltas(diff);
    std::vector<FileChange> files;
    files.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const git_diff_delta* delta = git_diff_get_delta(diff, i);
        const auto status = file_status(delta->status);
        if (!status) {
            continue;
        }
        FileChange file = file_change(delta, *status);
        file.all_lines_added = true;
        files.push_back(std::move(file));
    }
    util::parallel_for(files.size(), threads, [&](std::size_t i) {
        if (!files[i].is_submodule && !files[i].new_oid.empty()) {
            add_whole_content(files[i], reader);
        }
    });
    sort_by_path(files);
    return files;
}

/// The diff from `base` (nullopt: the empty tree) to the tree of commit `head`.
ChangeSet commit_range(git_repository* repo, const std::optional<git_oid>& base,
                       const git_oid& head) {
    TreeHandle base_tree;
    if (base) {
        base_tree = commit_tree(repo, *base);
    }
    const TreeHandle head_tree = commit_tree(repo, head);
    const git_diff_options opts = diff_options();
    DiffHandle diff;
    check(git_diff_tree_to_tree(diff.out(), repo, base_tree.get(), head_tree.get(), &opts),
          "diff trees");
    find_renames(diff.get());
    ChangeSet set;
    set.base = base ? to_hex(*base) : kEmptyTreeSha;
    set.head = to_hex(head);
    set.files = collect(repo, diff.get());
    return set;
}

/// A conflicted index has no blob to judge for the unmerged paths: an input error, not a PASS.
void require_merged(git_index* index) {
    if (git_index_has_conflicts(index) == 0) {
        return;
    }
    std::string first;
    Handle<git_index_conflict_iterator, &git_index_conflict_iterator_free> it;
    if (git_index_conflict_iterator_new(it.out(), index) == 0) {
        const git_index_entry* ancestor = nullptr;
        const git_index_entry* ours = nullptr;
        const git_index_entry* theirs = nullptr;
        if (git_index_conflict_next(&ancestor, &ours, &theirs, it.get()) == 0) {
            const git_index_entry* any = ours ? ours : theirs ? theirs : ancestor;
            first = any ? any->path : "";
        }
    }
    git_error_clear();
    throw util::InputError("unmerged paths: resolve the conflicts first" +
                           (first.empty() ? std::string() : " (" + first + ")"));
}

ChangeSet index_against(git_repository* repo, git_tree* base_tree, const std::string& base_label,
                        bool renames) {
    IndexHandle index;  // reads .git/index (or GIT_INDEX_FILE); never written
    check(git_repository_index(index.out(), repo), "read the index");
    require_merged(index.get());
    const git_diff_options opts = diff_options();
    DiffHandle diff;
    check(git_diff_tree_to_index(diff.out(), repo, base_tree, index.get(), &opts),
          "diff the index");
    if (renames) {
        find_renames(diff.get());
    }
    ChangeSet set;
    set.base = base_label;
    set.head = kIndexHead;
    set.files = collect(repo, diff.get());
    return set;
}

/// A pushed ref whose object is not a commit (a tag of a tree or of a blob): its content as added.
/// A blob has no path of its own; it is named after the ref that carries it.
ChangeSet non_commit_changes(const Repository& repo, const PushUpdate& update,
                             const DiffOptions& options) {
    const git_oid oid = parse_oid(update.local_sha);
    ObjectHandle object;
    check(git_object_lookup(object.out(), repo.raw(), &oid, GIT_OBJECT_ANY),
          "look up " + update.local_sha);
    ObjectHandle blob;
    if (git_object_peel(blob.out(), object.get(), GIT_OBJECT_BLOB) != 0) {
        git_error_clear();
        return all_files(repo, update.local_sha, options);  // a tree, or a tag of one
    }
    const std::optional<BlobReader> own =
        options.reader ? std::nullopt : std::make_optional<BlobReader>(repo);
    const BlobReader& reader = options.reader ? *options.reader : *own;
    FileChange file;
    file.path = update.local_ref;
    file.old_path = file.path;
    file.status = FileStatus::added;
    file.new_mode = GIT_FILEMODE_BLOB;
    file.new_oid = to_hex(*git_object_id(blob.get()));
    file.all_lines_added = true;
    add_whole_content(file, reader);
    ChangeSet set;
    set.base = kEmptyTreeSha;
    set.head = update.local_sha;
    set.files.push_back(std::move(file));
    return set;
}

}  // namespace

std::string_view to_string(FileStatus status) {
    switch (status) {
        case FileStatus::added:
            return "added";
        case FileStatus::modified:
            return "modified";
        case FileStatus::deleted:
            return "deleted";
        case FileStatus::renamed:
            return "renamed";
        case FileStatus::copied:
            return "copied";
        case FileStatus::typechange:
            return "typechange";
    }
    return "modified";
}

std::size_t ChangeSet::added_lines() const {
    std::size_t total = 0;
    for (const auto& file : files) {
        total += file.added_lines;
    }
    return total;
}

std::size_t ChangeSet::removed_lines() const {
    std::size_t total = 0;
    for (const auto& file : files) {
        total += file.removed_lines;
    }
    return total;
}

ChangeSet staged_changes(const Repository& repo, const DiffOptions& /*options*/) {
    const auto head = repo.head_sha();
    if (!head) {
        return index_against(repo.raw(), nullptr, kEmptyTreeSha, true);
    }
    const git_oid head_id = parse_oid(*head);
    const TreeHandle tree = commit_tree(repo.raw(), head_id);
    return index_against(repo.raw(), tree.get(), *head, true);
}

ChangeSet range_changes(const Repository& repo, const std::string& base, const std::string& head,
                        const DiffOptions& /*options*/) {
    const git_oid base_id = resolve_commit(repo.raw(), base);
    const git_oid head_id = resolve_commit(repo.raw(), head);
    return commit_range(repo.raw(), merge_base(repo.raw(), base_id, head_id), head_id);
}

std::vector<PushChangeSet> pushed_changes(const Repository& repo, std::string_view remote,
                                          const std::vector<PushUpdate>& updates,
                                          const DiffOptions& options) {
    const char* known = remote.empty() ? kAllRefs : kRemoteTrackingRefs;
    std::vector<PushChangeSet> result;
    result.reserve(updates.size());
    for (const auto& update : updates) {
        PushChangeSet entry;
        entry.update = update;
        if (update.is_deletion()) {
            entry.ref_deleted = true;
            entry.changes.base = update.remote_sha;
            entry.changes.head = update.remote_sha;
            result.push_back(std::move(entry));
            continue;
        }
        // The pushed object must exist here (git is sending it); a missing one is bad input
        // naming its line (exit 2), not an empty change set that would pass unchecked.
        if (!object_exists(repo.raw(), update.local_sha)) {
            throw PushLineError(update.line_number, "local sha " + update.local_sha +
                                                        " names no object of this repository");
        }
        const auto local = lookup_commit(repo.raw(), update.local_sha, true);
        if (!local) {
            entry.changes = non_commit_changes(repo, update, options);
            entry.messages =
                message_changes(tag_messages(repo.raw(), update.local_ref, update.local_sha),
                                entry.changes.base, entry.changes.head);
            result.push_back(std::move(entry));
            continue;
        }
        std::optional<git_oid> base;
        const auto remote_commit = update.is_new_ref()
                                       ? std::nullopt
                                       : lookup_commit(repo.raw(), update.remote_sha, false);
        if (remote_commit) {
            base = merge_base(repo.raw(), *remote_commit, *local);
        }
        if (!base) {
            base = base_against_known(repo.raw(), *local, known);
        }
        entry.changes = commit_range(repo.raw(), base, *local);
        const std::vector<git_oid> sent = commits_to_send(repo.raw(), *local, remote_commit, known);
        auto earlier = earlier_commit_lines(repo, sent, entry.changes);
        entry.earlier = std::move(earlier.changes);
        entry.earlier_shas = std::move(earlier.commits);
        std::vector<Message> messages = commit_messages(repo.raw(), sent);
        for (auto& m : tag_messages(repo.raw(), update.local_ref, update.local_sha)) {
            messages.push_back(std::move(m));
        }
        entry.messages =
            message_changes(std::move(messages), entry.changes.base, entry.changes.head);
        result.push_back(std::move(entry));
    }
    return result;
}

namespace {

/// Every file of the index as added, or only those in `paths` when given.
ChangeSet index_as_added(const Repository& repo, const std::span<const std::string>* paths,
                         const DiffOptions& options) {
    IndexHandle index;  // reads .git/index (or GIT_INDEX_FILE); never written
    check(git_repository_index(index.out(), repo.raw()), "read the index");
    require_merged(index.get());
    if (options.reader != nullptr) {
        options.reader->trust_index(index.get());
    }
    git_diff_options opts = diff_options();
    std::vector<char*> pathspec;  // views into `paths`, which outlive the diff
    if (paths != nullptr) {
        if (paths->empty()) {
            return ChangeSet{kEmptyTreeSha, kIndexHead, {}, false};
        }
        for (const auto& path : *paths) {
            pathspec.push_back(const_cast<char*>(path.c_str()));
        }
        opts.pathspec = {pathspec.data(), pathspec.size()};
        opts.flags |= GIT_DIFF_DISABLE_PATHSPEC_MATCH;  // exact paths: a name is not a glob
    }
    DiffHandle diff;
    check(git_diff_tree_to_index(diff.out(), repo.raw(), nullptr, index.get(), &opts),
          "diff the index");
    ChangeSet set;
    set.base = kEmptyTreeSha;
    set.head = kIndexHead;
    set.files = collect_all_added(repo, diff.get(), options.reader, options.read_threads);
    return set;
}

}  // namespace

ChangeSet all_files(const Repository& repo, const DiffOptions& options) {
    if (repo.is_bare()) {
        // A bare repository (a server) has no index worth the name: its content is HEAD's tree.
        return repo.head_sha() ? all_files(repo, "HEAD", options)
                               : ChangeSet{kEmptyTreeSha, kEmptyTreeSha, {}, false};
    }
    return index_as_added(repo, nullptr, options);
}

ChangeSet index_files(const Repository& repo, std::span<const std::string> paths,
                      const DiffOptions& options) {
    return index_as_added(repo, &paths, options);
}

ChangeSet all_files(const Repository& repo, const std::string& revision,
                    const DiffOptions& options) {
    ObjectHandle object;
    check(git_revparse_single(object.out(), repo.raw(), revision.c_str()),
          "resolve '" + revision + "'");
    std::string head;
    ObjectHandle commit;
    if (git_object_peel(commit.out(), object.get(), GIT_OBJECT_COMMIT) == 0) {
        head = to_hex(*git_object_id(commit.get()));
    }
    ObjectHandle tree;
    check(git_object_peel(tree.out(), object.get(), GIT_OBJECT_TREE),
          "'" + revision + "' has no tree");
    if (head.empty()) {
        head = to_hex(*git_object_id(tree.get()));
    }
    const git_diff_options opts = diff_options();
    DiffHandle diff;
    check(git_diff_tree_to_tree(diff.out(), repo.raw(), nullptr,
                                reinterpret_cast<git_tree*>(tree.get()), &opts),
          "list the tree of '" + revision + "'");
    ChangeSet set;
    set.base = kEmptyTreeSha;
    set.head = std::move(head);
    set.files = collect_all_added(repo, diff.get(), options.reader, options.read_threads);
    return set;
}

}  // namespace qa::git

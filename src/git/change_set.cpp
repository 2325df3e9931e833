#include "git/change_set.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <filesystem>
#include <set>
#include <thread>

#include "git/blob_reader.hpp"
#include "git/error.hpp"
#include "git/handle.hpp"
#include "util/parallel_for.hpp"

namespace qa::git {

namespace {

/// libgit2's default rename limit, set explicitly so that diff.renameLimit in the user's config
/// cannot change which renames are found.
constexpr std::uint16_t kRenameLimit = 1000;
/// git's core.bigFileThreshold default: larger blobs count as binary, as in git.
constexpr git_off_t kMaxTextBytes = 512 * 1024 * 1024;

/// Every option spelled out, so results do not depend on the user's diff configuration. libgit2
/// runs no external diff drivers or textconv filters and ignores diff.noprefix, diff.algorithm
/// and diff.context; .gitattributes (`binary`, `-diff`) still decide binary-ness, as in git.
git_diff_options diff_options() {
    git_diff_options opts;
    git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
    // INCLUDE_TYPECHANGE: a file that became a symlink (or submodule) is one entry, not a
    // deletion plus an addition of the same path. INDENT_HEURISTIC: git's default since 2.14,
    // so hunk positions match `git diff`.
    opts.flags = GIT_DIFF_NORMAL | GIT_DIFF_INCLUDE_TYPECHANGE | GIT_DIFF_INDENT_HEURISTIC;
    // Submodule pointer changes are reported; a submodule's own working tree is never opened.
    opts.ignore_submodules = GIT_SUBMODULE_IGNORE_DIRTY;
    opts.context_lines = 0;  // only added and removed lines are needed
    opts.interhunk_lines = 0;
    opts.max_size = kMaxTextBytes;
    return opts;
}

/// Renames and copies with libgit2's default thresholds (50%), given explicitly so that
/// diff.renames in the user's config has no say. Copies are found from files modified in the
/// same diff (as `git diff -M -C`), not from unmodified ones.
void find_renames(git_diff* diff) {
    git_diff_find_options opts;
    git_diff_find_options_init(&opts, GIT_DIFF_FIND_OPTIONS_VERSION);
    opts.flags = GIT_DIFF_FIND_RENAMES | GIT_DIFF_FIND_COPIES;
    opts.rename_limit = kRenameLimit;
    check(git_diff_find_similar(diff, &opts), "detect renames");
}

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

struct Collector {
    git_repository* repo;
    const DiffOptions& options;
    std::vector<FileChange> files;
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

/// A delta's paths, modes and object ids; no content.
FileChange file_change(const git_diff_delta* delta, FileStatus status) {
    FileChange file;
    file.status = status;
    const bool absent_new = status == FileStatus::deleted;
    file.path = absent_new ? delta->old_file.path : delta->new_file.path;
    file.old_path = status == FileStatus::added ? file.path : delta->old_file.path;
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
    c.files.push_back(std::move(file));
    if (*status == FileStatus::typechange) {
        add_typechange_content(c, delta);
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
    if (!c.options.keep_lines || file.hunks.empty()) {
        return 0;
    }
    Line l;
    l.origin = added ? '+' : '-';
    l.old_line_no = line->old_lineno > 0 ? static_cast<std::uint32_t>(line->old_lineno) : 0;
    l.new_line_no = line->new_lineno > 0 ? static_cast<std::uint32_t>(line->new_lineno) : 0;
    std::string_view content(line->content, line->content_len);
    if (!content.empty() && content.back() == '\n') {
        content.remove_suffix(1);
    } else {
        l.no_newline_at_eof = true;
    }
    l.content = content;
    file.hunks.back().lines.push_back(std::move(l));
    return 0;
}

void sort_by_path(std::vector<FileChange>& files) {
    std::sort(files.begin(), files.end(), [](const FileChange& a, const FileChange& b) {
        // std::string compares as unsigned char: byte order, as git sorts paths.
        return a.path != b.path ? a.path < b.path : a.old_path < b.old_path;
    });
}

std::vector<FileChange> collect(git_repository* repo, git_diff* diff, const DiffOptions& options) {
    Collector collector{repo, options, {}, false};
    collector.files.reserve(git_diff_num_deltas(diff));
    check(git_diff_foreach(diff, on_file, nullptr, on_hunk, on_line, &collector), "read diff");
    sort_by_path(collector.files);
    return std::move(collector.files);
}

/// How git diff treats a path's content, from its `diff` attribute, as libgit2's diff driver
/// lookup decides it: `-diff` (and the `binary` macro) forces binary, `diff` forces text,
/// `diff=<name>` follows diff.<name>.binary, and anything else looks at the content.
enum class DiffDriver { by_content, binary, text };

/// Whether a search path option (GIT_OPT_GET_SEARCH_PATH) names a directory holding `file`.
bool in_search_path(int level, const char* file) {
    Buf dirs;
    if (git_libgit2_opts(GIT_OPT_GET_SEARCH_PATH, level, dirs.out()) != 0) {
        git_error_clear();
        return true;  // unknown: assume there is one
    }
    std::string_view rest = dirs.view();
    while (!rest.empty()) {
        const std::size_t end = rest.find(GIT_PATH_LIST_SEPARATOR);
        const std::string_view dir = rest.substr(0, end);
        std::error_code ec;
        if (!dir.empty() &&
            (std::filesystem::exists(std::filesystem::path(dir) / file, ec) || ec)) {
            return true;
        }
        rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    }
    return false;
}

/// Whether any file that could hold attributes for `paths` exists, looking where libgit2's
/// attribute lookup looks: the system and global (core.attributesFile, or XDG) files,
/// info/attributes, and `.gitattributes` in the index or in the working tree of every folder on
/// the way to a path. When none does, every attribute is unspecified, and the per-path lookup
/// (a dozen file-system calls each) is skipped. Errs towards "yes".
bool attribute_files_exist(git_repository* repo, const std::vector<std::string>& paths) {
    if (in_search_path(GIT_CONFIG_LEVEL_SYSTEM, "gitattributes")) {
        return true;
    }
    ConfigHandle config;
    if (git_repository_config_snapshot(config.out(), repo) != 0) {
        git_error_clear();
        return true;
    }
    Handle<git_config_entry, &git_config_entry_free> entry;
    if (git_config_get_entry(entry.out(), config.get(), "core.attributesfile") == 0) {
        return true;
    }
    git_error_clear();
    if (in_search_path(GIT_CONFIG_LEVEL_XDG, "attributes")) {
        return true;
    }
    std::error_code ec;
    for (const char* dir : {git_repository_commondir(repo), git_repository_path(repo)}) {
        if (dir != nullptr &&
            (std::filesystem::exists(std::filesystem::path(dir) / "info" / "attributes", ec) ||
             ec)) {
            return true;
        }
    }
    const auto is_attributes = [](std::string_view path) {
        return path == ".gitattributes" || path.ends_with("/.gitattributes");
    };
    IndexHandle index;
    if (git_repository_index(index.out(), repo) != 0) {
        git_error_clear();
        return true;
    }
    for (std::size_t i = 0; i < git_index_entrycount(index.get()); ++i) {
        if (is_attributes(git_index_get_byindex(index.get(), i)->path)) {
            return true;
        }
    }
    std::set<std::string> folders = {""};
    for (const auto& path : paths) {
        if (is_attributes(path)) {
            return true;
        }
        for (std::size_t slash = path.find('/'); slash != std::string::npos;
             slash = path.find('/', slash + 1)) {
            folders.insert(path.substr(0, slash));
        }
    }
    if (const char* workdir = git_repository_workdir(repo)) {
        for (const auto& folder : folders) {
            if (std::filesystem::exists(std::filesystem::path(workdir) / folder / ".gitattributes",
                                        ec) ||
                ec) {
                return true;
            }
        }
    }
    return false;
}

class DiffDrivers {
  public:
    DiffDrivers(git_repository* repo, const std::vector<std::string>& paths)
        : repo_(repo), any_attributes_(attribute_files_exist(repo, paths)) {}

    DiffDriver of(const std::string& path) {
        if (!any_attributes_) {
            return DiffDriver::by_content;
        }
        const char* value = nullptr;
        check(git_attr_get(&value, repo_, GIT_ATTR_CHECK_FILE_THEN_INDEX, path.c_str(), "diff"),
              "read the diff attribute of " + path);
        switch (git_attr_value(value)) {
            case GIT_ATTR_VALUE_FALSE:
                return DiffDriver::binary;
            case GIT_ATTR_VALUE_TRUE:
                return DiffDriver::text;
            case GIT_ATTR_VALUE_STRING:
                return named(value);
            default:
                return DiffDriver::by_content;
        }
    }

  private:
    DiffDriver named(const std::string& name) {
        if (!config_ && git_repository_config_snapshot(config_.out(), repo_) != 0) {
            git_error_clear();  // libgit2 falls back to the content check too
            return DiffDriver::by_content;
        }
        int binary = 0;
        if (git_config_get_bool(&binary, config_.get(), ("diff." + name + ".binary").c_str()) !=
            0) {
            git_error_clear();  // unset or "auto"
            return DiffDriver::by_content;
        }
        return binary != 0 ? DiffDriver::binary : DiffDriver::text;
    }

    git_repository* repo_;
    bool any_attributes_;
    ConfigHandle config_;
};

/// git's buffer_is_binary() window: a NUL byte in it makes the content binary.
constexpr std::size_t kBinaryProbeBytes = 8000;
/// libgit2's GIT_XDIFF_MAX_SIZE: larger content is binary even when `diff` forces text.
constexpr std::uint64_t kMaxXdiffBytes = 1024ULL * 1024 * 1024;

std::size_t count_lines(std::string_view text) {
    std::size_t lines = 0;
    const char* at = text.data();
    const char* const end = at + text.size();
    while (at < end) {
        ++lines;  // a last line without '\n' counts too, as in git diff
        const void* nl = std::memchr(at, '\n', static_cast<std::size_t>(end - at));
        if (nl == nullptr) {
            break;
        }
        at = static_cast<const char*>(nl) + 1;
    }
    return lines;
}

/// The counts and binary flag git diff gives `file` as a new file, read through `reader`.
void add_whole_content(FileChange& file, const BlobReader& reader, DiffDriver driver) {
    if (driver == DiffDriver::binary) {
        file.binary = true;
        return;
    }
    const std::uint64_t limit = driver == DiffDriver::text ? kMaxXdiffBytes : kMaxTextBytes;
    const BlobRead blob = reader.read(file.path, file.new_oid, file.new_mode, limit);
    if (!blob.found) {
        throw make_error(GIT_ENOTFOUND, "read blob " + file.new_oid + " of " + file.path);
    }
    file.new_size = blob.size;
    const std::string_view content = blob.content;
    if (blob.size > limit ||
        (driver == DiffDriver::by_content &&
         content.substr(0, kBinaryProbeBytes).find('\0') != std::string_view::npos)) {
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
    std::vector<std::string> paths;
    for (std::size_t i = 0; i < n; ++i) {
        paths.emplace_back(git_diff_get_delta(diff, i)->new_file.path);
    }
    // Attributes are read through the repository, which libgit2 does not share between
    // threads: they are looked up here, and only the blob reads (BlobReader is thread-safe) are
    // spread over the threads.
    DiffDrivers drivers(repo.raw(), paths);
    std::vector<FileChange> files;
    std::vector<std::optional<DiffDriver>> driver_of;  // nullopt: nothing to read
    files.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const git_diff_delta* delta = git_diff_get_delta(diff, i);
        const auto status = file_status(delta->status);
        if (!status) {
            continue;
        }
        FileChange file = file_change(delta, *status);
        file.all_lines_added = true;
        driver_of.push_back(file.is_submodule || file.new_oid.empty()
                                ? std::nullopt
                                : std::optional(drivers.of(file.path)));
        files.push_back(std::move(file));
    }
    util::parallel_for(files.size(), threads, [&](std::size_t i) {
        if (driver_of[i]) {
            add_whole_content(files[i], reader, *driver_of[i]);
        }
    });
    sort_by_path(files);
    return files;
}

git_oid parse_oid(const std::string& hex) {
    git_oid oid;
    check(git_oid_fromstrn(&oid, hex.data(), hex.size()), "parse object id '" + hex + "'");
    return oid;
}

/// The commit `spec` names, peeled through tags. Throws GitError when it does not name one.
git_oid resolve_commit(git_repository* repo, const std::string& spec) {
    ObjectHandle object;
    check(git_revparse_single(object.out(), repo, spec.c_str()), "resolve '" + spec + "'");
    ObjectHandle commit;
    check(git_object_peel(commit.out(), object.get(), GIT_OBJECT_COMMIT),
          "'" + spec + "' is not a commit");
    return *git_object_id(commit.get());
}

TreeHandle commit_tree(git_repository* repo, const git_oid& commit_id) {
    CommitHandle commit;
    check(git_commit_lookup(commit.out(), repo, &commit_id), "look up commit " + to_hex(commit_id));
    TreeHandle tree;
    check(git_commit_tree(tree.out(), commit.get()), "read tree of " + to_hex(commit_id));
    return tree;
}

/// merge-base(a, b), or nullopt when they share no history.
std::optional<git_oid> merge_base(git_repository* repo, const git_oid& a, const git_oid& b) {
    git_oid base;
    const int rc = git_merge_base(&base, repo, &a, &b);
    if (rc == GIT_ENOTFOUND) {
        return std::nullopt;
    }
    check(rc, "find merge base of " + to_hex(a) + " and " + to_hex(b));
    return base;
}

/// The diff from `base` (nullopt: the empty tree) to the tree of commit `head`.
ChangeSet commit_range(git_repository* repo, const std::optional<git_oid>& base,
                       const git_oid& head, const DiffOptions& options) {
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
    set.files = collect(repo, diff.get(), options);
    return set;
}

/// The tips (peeled to commits) of refs/remotes/<remote>/*, sorted and without duplicates.
std::vector<git_oid> remote_tips(git_repository* repo, std::string_view remote) {
    std::vector<git_oid> tips;
    const std::string glob = "refs/remotes/" + std::string(remote) + "/*";
    ReferenceIteratorHandle it;
    check(git_reference_iterator_glob_new(it.out(), repo, glob.c_str()), "list " + glob);
    for (;;) {
        ReferenceHandle ref;
        const int rc = git_reference_next(ref.out(), it.get());
        if (rc == GIT_ITEROVER) {
            break;
        }
        check(rc, "list " + glob);
        ObjectHandle commit;  // a dangling origin/HEAD or a non-commit is simply not a tip
        if (git_reference_peel(commit.out(), ref.get(), GIT_OBJECT_COMMIT) == 0) {
            tips.push_back(*git_object_id(commit.get()));
        }
    }
    std::sort(tips.begin(), tips.end(),
              [](const git_oid& a, const git_oid& b) { return git_oid_cmp(&a, &b) < 0; });
    tips.erase(
        std::unique(tips.begin(), tips.end(),
                    [](const git_oid& a, const git_oid& b) { return git_oid_equal(&a, &b); }),
        tips.end());
    return tips;
}

/// The best common ancestor of `local` with everything the remote is known to have.
std::optional<git_oid> base_against_remote(git_repository* repo, std::string_view remote,
                                           const git_oid& local) {
    std::vector<git_oid> commits = remote_tips(repo, remote);
    if (commits.empty()) {
        return std::nullopt;
    }
    commits.insert(commits.begin(), local);
    git_oid base;
    const int rc = git_merge_base_many(&base, repo, commits.size(), commits.data());
    if (rc == GIT_ENOTFOUND) {
        return std::nullopt;
    }
    check(rc, "find merge base with the refs of remote '" + std::string(remote) + "'");
    return base;
}

/// The commit `sha` names here, peeled through tags; nullopt when the object is not a commit,
/// or (unless `must_exist`) is missing.
std::optional<git_oid> lookup_commit(git_repository* repo, const std::string& sha,
                                     bool must_exist) {
    const git_oid oid = parse_oid(sha);
    ObjectHandle object;
    int rc = git_object_lookup(object.out(), repo, &oid, GIT_OBJECT_ANY);
    if (rc == GIT_ENOTFOUND && !must_exist) {
        return std::nullopt;
    }
    check(rc, "look up " + sha);
    ObjectHandle commit;
    rc = git_object_peel(commit.out(), object.get(), GIT_OBJECT_COMMIT);
    if (rc == GIT_ENOTFOUND || rc == GIT_EINVALIDSPEC || rc == GIT_EPEEL || rc == GIT_EINVALID) {
        return std::nullopt;
    }
    check(rc, "peel " + sha + " to a commit");
    return *git_object_id(commit.get());
}

ChangeSet index_against(git_repository* repo, git_tree* base_tree, const std::string& base_label,
                        bool renames, const DiffOptions& options) {
    IndexHandle index;  // reads .git/index (or GIT_INDEX_FILE); never written
    check(git_repository_index(index.out(), repo), "read the index");
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
    set.files = collect(repo, diff.get(), options);
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

ChangeSet staged_changes(const Repository& repo, const DiffOptions& options) {
    const auto head = repo.head_sha();
    if (!head) {
        return index_against(repo.raw(), nullptr, kEmptyTreeSha, true, options);
    }
    const git_oid head_id = parse_oid(*head);
    const TreeHandle tree = commit_tree(repo.raw(), head_id);
    return index_against(repo.raw(), tree.get(), *head, true, options);
}

ChangeSet range_changes(const Repository& repo, const std::string& base, const std::string& head,
                        const DiffOptions& options) {
    const git_oid base_id = resolve_commit(repo.raw(), base);
    const git_oid head_id = resolve_commit(repo.raw(), head);
    return commit_range(repo.raw(), merge_base(repo.raw(), base_id, head_id), head_id, options);
}

std::vector<PushChangeSet> pushed_changes(const Repository& repo, std::string_view remote,
                                          const std::vector<PushUpdate>& updates,
                                          const DiffOptions& options) {
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
        // The pushed object must exist here (git is sending it); a missing one is an error, not
        // an empty change set that would pass unchecked.
        const auto local = lookup_commit(repo.raw(), update.local_sha, true);
        if (!local) {
            entry.changes.base = update.local_sha;
            entry.changes.head = update.local_sha;
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
            base = base_against_remote(repo.raw(), remote, *local);
        }
        entry.changes = commit_range(repo.raw(), base, *local, options);
        result.push_back(std::move(entry));
    }
    return result;
}

ChangeSet all_files(const Repository& repo, const DiffOptions& options) {
    IndexHandle index;  // reads .git/index (or GIT_INDEX_FILE); never written
    check(git_repository_index(index.out(), repo.raw()), "read the index");
    if (options.reader != nullptr) {
        options.reader->trust_index(index.get());
    }
    const git_diff_options opts = diff_options();
    DiffHandle diff;
    check(git_diff_tree_to_index(diff.out(), repo.raw(), nullptr, index.get(), &opts),
          "diff the index");
    ChangeSet set;
    set.base = kEmptyTreeSha;
    set.head = kIndexHead;
    set.files = collect_all_added(repo, diff.get(), options.reader, options.read_threads);
    return set;
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

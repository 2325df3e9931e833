#include "git/push_history.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "git/diff_setup.hpp"
#include "git/error.hpp"
#include "git/path_text.hpp"
#include "git/revisions.hpp"
#include "git/text_content.hpp"

namespace qa::git {

namespace {

/// A line some commit added: where, and its text.
struct AddedLine {
    std::string path;
    std::string new_oid;
    std::uint32_t new_mode = 0;
    std::uint32_t line_no = 0;
    std::string text;
};

std::string line_key(std::string_view path, std::string_view text) {
    std::string key(path);
    key.push_back('\0');
    key.append(text);
    return key;
}

/// The added lines of one patch.
void patch_lines(git_patch* patch, const std::string& path, const std::string& new_oid,
                 std::uint32_t new_mode, std::vector<AddedLine>& out) {
    const std::size_t hunks = git_patch_num_hunks(patch);
    for (std::size_t h = 0; h < hunks; ++h) {
        const int n = git_patch_num_lines_in_hunk(patch, h);
        for (int i = 0; i < n; ++i) {
            const git_diff_line* line = nullptr;
            check(git_patch_get_line_in_hunk(&line, patch, h, static_cast<std::size_t>(i)),
                  "read diff of " + path);
            if (line->origin != GIT_DIFF_LINE_ADDITION) {
                continue;
            }
            std::string_view text(line->content, line->content_len);
            if (!text.empty() && text.back() == '\n') {
                text.remove_suffix(1);
            }
            out.push_back({path, new_oid, new_mode,
                           static_cast<std::uint32_t>(std::max(0, line->new_lineno)),
                           std::string(text)});
        }
    }
}

struct Walker {
    git_repository* repo;
    /// path -> the blob the net change ends with there.
    std::unordered_map<std::string, std::string> net_blob;
    /// (old blob, new blob) pairs already diffed.
    std::unordered_set<std::string> diffed;

    /// The lines `tree` adds against `parent_tree` (null: the empty tree).
    std::vector<AddedLine> added(git_tree* parent_tree, git_tree* tree, bool dedupe) {
        const git_diff_options opts = diff_options();
        DiffHandle diff;
        check(git_diff_tree_to_tree(diff.out(), repo, parent_tree, tree, &opts), "diff commits");
        std::vector<AddedLine> lines;
        const std::size_t n = git_diff_num_deltas(diff.get());
        for (std::size_t i = 0; i < n; ++i) {
            const git_diff_delta* delta = git_diff_get_delta(diff.get(), i);
            if (delta->status != GIT_DELTA_ADDED && delta->status != GIT_DELTA_MODIFIED &&
                delta->status != GIT_DELTA_TYPECHANGE) {
                continue;
            }
            if (delta->new_file.mode == GIT_FILEMODE_COMMIT) {
                continue;  // a submodule pointer has no lines
            }
            const std::string path = path_text(delta->new_file.path);
            const std::string new_oid = to_hex(delta->new_file.id);
            if (const auto it = net_blob.find(path);
                it != net_blob.end() && it->second == new_oid) {
                continue;  // the net change ends with this blob: its lines are judged there
            }
            const bool has_old = delta->status == GIT_DELTA_MODIFIED;
            const std::string pair = (has_old ? to_hex(delta->old_file.id) : "") + ":" + new_oid;
            if (dedupe && !diffed.insert(pair).second) {
                continue;
            }
            BlobHandle new_blob;
            check(git_blob_lookup(new_blob.out(), repo, &delta->new_file.id),
                  "read blob " + new_oid + " of " + path);
            if (!is_text(blob_view(new_blob.get()))) {
                continue;  // binary content: the net change judges its presence
            }
            BlobHandle old_blob;
            if (has_old && delta->old_file.mode != GIT_FILEMODE_COMMIT) {
                check(git_blob_lookup(old_blob.out(), repo, &delta->old_file.id),
                      "read blob of " + path);
            }
            // Text content is diffed as text whatever .gitattributes says.
            const git_diff_options text_opts = forced_text_diff_options();
            PatchHandle patch;
            check(git_patch_from_blobs(patch.out(), old_blob.get(), path.c_str(), new_blob.get(),
                                       path.c_str(), &text_opts),
                  "diff " + path);
            patch_lines(patch.get(), path, new_oid, delta->new_file.mode, lines);
        }
        return lines;
    }
};

}  // namespace

std::vector<git_oid> commits_to_send(git_repository* repo, const git_oid& local,
                                     const std::optional<git_oid>& remote, const char* known_refs) {
    RevwalkHandle walk;
    check(git_revwalk_new(walk.out(), repo), "walk the pushed commits");
    check(git_revwalk_sorting(walk.get(), GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE),
          "walk the pushed commits");
    check(git_revwalk_push(walk.get(), &local), "walk from " + to_hex(local));
    if (remote) {
        check(git_revwalk_hide(walk.get(), &*remote), "hide " + to_hex(*remote));
    }
    // Refs that do not name a commit are skipped by libgit2's glob.
    check(git_revwalk_hide_glob(walk.get(), known_refs),
          "hide the commits of " + std::string(known_refs));
    std::vector<git_oid> commits;
    git_oid oid;
    for (;;) {
        const int rc = git_revwalk_next(&oid, walk.get());
        if (rc == GIT_ITEROVER) {
            break;
        }
        check(rc, "walk the pushed commits");
        commits.push_back(oid);
    }
    return commits;
}

EarlierLines earlier_commit_lines(const Repository& repo, const std::vector<git_oid>& commits,
                                  const ChangeSet& net) {
    Walker walker{repo.raw(), {}, {}};
    std::unordered_set<std::string> seen;  // path + text already judged (by net, or here)
    for (const auto& f : net.files) {
        if (f.status != FileStatus::deleted && !f.new_oid.empty()) {
            walker.net_blob[f.path] = f.new_oid;
        }
        for (const auto& h : f.hunks) {
            for (const auto& l : h.lines) {
                if (l.origin == '+') {
                    seen.insert(line_key(f.path, l.content));
                }
            }
        }
    }
    std::map<std::string, FileChange> files;
    EarlierLines out;
    for (const git_oid& id : commits) {
        CommitHandle commit;
        check(git_commit_lookup(commit.out(), repo.raw(), &id), "look up commit " + to_hex(id));
        TreeHandle tree;
        check(git_commit_tree(tree.out(), commit.get()), "read tree of " + to_hex(id));
        const unsigned parents = git_commit_parentcount(commit.get());
        std::vector<AddedLine> lines;
        if (parents <= 1) {
            TreeHandle parent_tree;
            if (parents == 1) {
                parent_tree = commit_tree(repo.raw(), *git_commit_parent_id(commit.get(), 0));
            }
            lines = walker.added(parent_tree.get(), tree.get(), true);
        } else {
            // A merge adds what no parent has (a conflict resolution, an "evil merge"); what it
            // brings from a side branch was judged on that branch's own commits.
            for (unsigned p = 0; p < parents; ++p) {
                const TreeHandle parent_tree =
                    commit_tree(repo.raw(), *git_commit_parent_id(commit.get(), p));
                auto side = walker.added(parent_tree.get(), tree.get(), false);
                if (p == 0) {
                    lines = std::move(side);
                    continue;
                }
                std::unordered_set<std::string> keys;
                for (const auto& l : side) {
                    keys.insert(line_key(l.path, l.text));
                }
                std::erase_if(lines, [&](const AddedLine& l) {
                    return keys.count(line_key(l.path, l.text)) == 0;
                });
            }
        }
        bool contributed = false;
        for (auto& l : lines) {
            if (!seen.insert(line_key(l.path, l.text)).second) {
                continue;
            }
            FileChange& file = files[l.path];
            if (file.path.empty()) {
                file.path = l.path;
                file.old_path = l.path;
                file.status = FileStatus::modified;
            }
            if (file.new_oid != l.new_oid || file.hunks.empty()) {
                file.hunks.emplace_back();  // one hunk per blob that added lines
            }
            file.new_oid = l.new_oid;
            file.new_mode = l.new_mode;
            file.is_symlink = l.new_mode == GIT_FILEMODE_LINK;
            Hunk& hunk = file.hunks.back();
            if (hunk.lines.empty()) {
                hunk.new_start = l.line_no;
            }
            ++hunk.new_lines;
            Line line;
            line.origin = '+';
            line.new_line_no = l.line_no;
            line.content = std::move(l.text);
            hunk.lines.push_back(std::move(line));
            ++file.added_lines;
            contributed = true;
        }
        if (contributed) {
            out.commits.push_back(to_hex(id));
        }
    }
    out.changes.base = net.base;
    out.changes.head = net.head;
    out.changes.earlier_commits = true;
    for (auto& [path, file] : files) {
        out.changes.files.push_back(std::move(file));
    }
    return out;
}

}  // namespace qa::git

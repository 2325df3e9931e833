#include "git/push_history.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "git/blob.hpp"
#include "git/diff_setup.hpp"
#include "git/error.hpp"
#include "git/hunk_lines.hpp"
#include "git/line_set.hpp"
#include "git/path_text.hpp"
#include "git/pem_blocks.hpp"
#include "git/revisions.hpp"
#include "git/text_content.hpp"

namespace qa::git {

namespace {

/// What one file of a commit adds: where (ranges of lines of its new blob), not the text.
struct Addition {
    std::string path;
    std::string new_oid;
    std::uint32_t new_mode = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;  ///< (first line, count)
};

/// Calls `visit(line_no, text)` for each line `addition` adds, in diff order.
template <class Visit>
void for_each_line(const Addition& addition, std::string_view content, Visit&& visit) {
    LineCursor lines(content);
    for (const auto& [first, count] : addition.ranges) {
        for (std::uint32_t n = first; n < first + count; ++n) {
            visit(n, lines.line(n));
        }
    }
}

struct Walker {
    git_repository* repo;
    /// path -> the blob the net change ends with there.
    std::unordered_map<std::string, std::string> net_blob;
    /// (old blob, new blob) pairs already diffed.
    std::unordered_set<std::string> diffed;

    /// Calls `visit(addition, content)` for each file `tree` adds lines to against `parent_tree`
    /// (null: the empty tree); `content` is the new blob's, valid during the call. One blob is
    /// held at a time.
    template <class Visit>
    void added(git_tree* parent_tree, git_tree* tree, bool dedupe, Visit&& visit) {
        const git_diff_options opts = diff_options();
        DiffHandle diff;
        check(git_diff_tree_to_tree(diff.out(), repo, parent_tree, tree, &opts), "diff commits");
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
            Addition addition;
            addition.path = path_text(delta->new_file.path);
            addition.new_oid = to_hex(delta->new_file.id);
            addition.new_mode = delta->new_file.mode;
            const std::string& path = addition.path;
            if (const auto it = net_blob.find(path);
                it != net_blob.end() && it->second == addition.new_oid) {
                continue;  // the net change ends with this blob: its lines are judged there
            }
            const bool has_old = delta->status == GIT_DELTA_MODIFIED;
            const std::string pair =
                (has_old ? to_hex(delta->old_file.id) : "") + ":" + addition.new_oid;
            if (dedupe && !diffed.insert(pair).second) {
                continue;
            }
            BlobHandle new_blob;
            check(git_blob_lookup(new_blob.out(), repo, &delta->new_file.id),
                  "read blob " + addition.new_oid + " of " + path);
            if (!is_text(blob_view(new_blob.get()))) {
                continue;  // binary content: the net change judges its presence
            }
            const std::string_view content = blob_view(new_blob.get());
            if (!has_old) {
                // Every line is added: no diff to run (it would hold ~100 bytes per line).
                if (const std::size_t lines = count_lines(content); lines > 0) {
                    addition.ranges.emplace_back(1, static_cast<std::uint32_t>(lines));
                    visit(addition, content);
                }
                continue;
            }
            BlobHandle old_blob;
            if (delta->old_file.mode != GIT_FILEMODE_COMMIT) {
                check(git_blob_lookup(old_blob.out(), repo, &delta->old_file.id),
                      "read blob of " + path);
            }
            // Text content is diffed as text whatever .gitattributes says.
            const git_diff_options text_opts = forced_text_diff_options();
            PatchHandle patch;
            check(git_patch_from_blobs(patch.out(), old_blob.get(), path.c_str(), new_blob.get(),
                                       path.c_str(), &text_opts),
                  "diff " + path);
            // No context lines: a hunk's added lines are its new range.
            const std::size_t hunks = git_patch_num_hunks(patch.get());
            for (std::size_t h = 0; h < hunks; ++h) {
                const git_diff_hunk* hunk = nullptr;
                check(git_patch_get_hunk(&hunk, nullptr, patch.get(), h), "read diff of " + path);
                if (hunk->new_lines > 0) {
                    addition.ranges.emplace_back(static_cast<std::uint32_t>(hunk->new_start),
                                                 static_cast<std::uint32_t>(hunk->new_lines));
                }
            }
            if (!addition.ranges.empty()) {
                visit(addition, blob_view(new_blob.get()));
            }
        }
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
    if (known_refs != nullptr) {
        check(git_revwalk_hide_glob(walk.get(), known_refs),
              "hide the commits of " + std::string(known_refs));
    }
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
    std::unordered_map<std::string, std::vector<const FileChange*>> net_files;
    for (const auto& f : net.files) {
        if (f.status != FileStatus::deleted && !f.new_oid.empty()) {
            walker.net_blob[f.path] = f.new_oid;
        }
        net_files[f.path].push_back(&f);
    }
    // Per path, the texts judged already (by net, or here). A path's entry is filled with the
    // lines net adds there when an earlier commit first adds something to it.
    std::unordered_map<std::string, LineSet> seen;
    const BlobLoader load = [&](const std::string& oid) { return read_blob(repo, oid); };
    const auto judged = [&](const std::string& path) -> LineSet& {
        const auto [it, fresh] = seen.try_emplace(path);
        LineSet& lines = it->second;  // clang 14 cannot capture the structured binding itself
        if (fresh) {
            for (const FileChange* f : net_files[path]) {
                if (f->lines_in_blobs()) {
                    for_each_added_line(*f, load, [&](std::uint32_t, std::string_view text) {
                        lines.insert(text);
                        return true;
                    });
                }
            }
        }
        return lines;
    };
    std::map<std::string, FileChange> files;
    std::set<std::string> pem_candidates;  // paths one of whose lines may be part of a PEM block
    EarlierLines out;
    for (const git_oid& id : commits) {
        CommitHandle commit;
        check(git_commit_lookup(commit.out(), repo.raw(), &id), "look up commit " + to_hex(id));
        TreeHandle tree;
        check(git_commit_tree(tree.out(), commit.get()), "read tree of " + to_hex(id));
        bool contributed = false;
        const std::string commit_hex = to_hex(id);
        // A line not judged yet joins the file's last hunk when it continues it in the same blob.
        const auto take = [&](const Addition& a, std::uint32_t line_no, std::string_view text) {
            if (!judged(a.path).insert(text)) {
                return;
            }
            FileChange& file = files[a.path];
            if (file.path.empty()) {
                file.path = a.path;
                file.old_path = a.path;
                file.status = FileStatus::modified;
            }
            if (file.hunks.empty() || file.hunks.back().blob != a.new_oid ||
                file.hunks.back().commit != commit_hex ||
                file.hunks.back().new_start + file.hunks.back().new_lines != line_no) {
                file.hunks.emplace_back();
                file.hunks.back().new_start = line_no;
                file.hunks.back().blob = a.new_oid;
                file.hunks.back().commit = commit_hex;
            }
            Hunk& hunk = file.hunks.back();
            ++hunk.new_lines;
            hunk.bytes += text.size() + 1;
            file.new_oid = a.new_oid;
            file.new_mode = a.new_mode;
            file.is_symlink = a.new_mode == GIT_FILEMODE_LINK;
            ++file.added_lines;
            contributed = true;
            if (pem_candidates.count(a.path) == 0 && looks_like_pem(text)) {
                pem_candidates.insert(a.path);
            }
        };
        const unsigned parents = git_commit_parentcount(commit.get());
        if (parents <= 1) {
            TreeHandle parent_tree;
            if (parents == 1) {
                parent_tree = commit_tree(repo.raw(), *git_commit_parent_id(commit.get(), 0));
            }
            walker.added(parent_tree.get(), tree.get(), true,
                         [&](const Addition& a, std::string_view content) {
                             for_each_line(a, content, [&](std::uint32_t n, std::string_view t) {
                                 take(a, n, t);
                             });
                         });
        } else {
            // A merge adds what no parent has (a conflict resolution, an "evil merge"); what it
            // brings from a side branch was judged on that branch's own commits. The lines it
            // adds against every other parent first, then those against the first parent that
            // every other parent lacks too, in that diff's order.
            std::vector<std::unordered_map<std::string, LineSet>> others(parents - 1);
            for (unsigned p = 1; p < parents; ++p) {
                const TreeHandle parent_tree =
                    commit_tree(repo.raw(), *git_commit_parent_id(commit.get(), p));
                walker.added(parent_tree.get(), tree.get(), false,
                             [&](const Addition& a, std::string_view content) {
                                 LineSet& keys = others[p - 1][a.path];
                                 for_each_line(a, content, [&](std::uint32_t, std::string_view t) {
                                     keys.insert(t);
                                 });
                             });
            }
            const TreeHandle first_parent =
                commit_tree(repo.raw(), *git_commit_parent_id(commit.get(), 0));
            walker.added(first_parent.get(), tree.get(), false,
                         [&](const Addition& a, std::string_view content) {
                             for_each_line(a, content, [&](std::uint32_t n, std::string_view t) {
                                 const bool everywhere = std::all_of(
                                     others.begin(), others.end(), [&](const auto& side) {
                                         const auto it = side.find(a.path);
                                         return it != side.end() && it->second.contains(t);
                                     });
                                 if (everywhere) {
                                     take(a, n, t);
                                 }
                             });
                         });
        }
        if (contributed) {
            out.commits.push_back(commit_hex);
        }
    }
    out.changes.base = net.base;
    out.changes.head = net.head;
    out.changes.earlier_commits = true;
    for (auto& [path, file] : files) {
        // A key in an earlier commit whose armour lines the net change keeps (a body replaced by
        // a placeholder) shows only its body lines here: judge its blocks whole, as for net.
        if (pem_candidates.count(path) > 0) {
            widen_pem_blocks(repo.raw(), file);
        }
        out.changes.files.push_back(std::move(file));
    }
    return out;
}

}  // namespace qa::git

#include "orchestrator/finding_commits.hpp"

#include <git2.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "git/handle.hpp"
#include "git/revisions.hpp"

namespace qa::orchestrator {
namespace {

using BlameHandle = git::Handle<git_blame, &git_blame_free>;

/// Blame costs a history walk per line: at most this many per change (a first push of a tree
/// full of fixtures may hold hundreds); the rest keep no commit, the report names the first.
constexpr std::size_t kMaxBlames = 20;

/// The commit whose hunk of `file` holds line `line` (earlier commits of a push or range).
std::optional<std::string> hunk_commit(const git::FileChange& file, std::int64_t line) {
    for (const auto& h : file.hunks) {
        if (!h.commit.empty() && line >= h.new_start && line < h.new_start + h.new_lines) {
            return h.commit;
        }
    }
    return std::nullopt;
}

/// The commit after `base` and up to `head` that last added line `line` of `path` (git blame);
/// nullopt when the line is older than base, or blame cannot tell.
std::optional<std::string> blamed_commit(const git::Repository& repo, const git::ChangeSet& changes,
                                         const std::string& path, std::int64_t line) {
    git_blame_options opts;
    if (git_blame_options_init(&opts, GIT_BLAME_OPTIONS_VERSION) != 0 || line <= 0) {
        return std::nullopt;
    }
    opts.newest_commit = git::parse_oid(changes.head);
    const bool has_base = changes.base != git::kEmptyTreeSha;
    if (has_base) {
        opts.oldest_commit = git::parse_oid(changes.base);
    }
    opts.min_line = static_cast<std::size_t>(line);
    opts.max_line = static_cast<std::size_t>(line);
    BlameHandle blame;
    if (git_blame_file(blame.out(), repo.raw(), path.c_str(), &opts) != 0) {
        git_error_clear();
        return std::nullopt;
    }
    const git_blame_hunk* hunk =
        git_blame_get_hunk_byline(blame.get(), static_cast<std::size_t>(line));
    if (hunk == nullptr ||
        (has_base && git_oid_equal(&hunk->final_commit_id, &opts.oldest_commit))) {
        return std::nullopt;
    }
    return git::to_hex(hunk->final_commit_id);
}

}  // namespace

verdict::FindingCommits locate_commits(const git::Repository& repo, const git::ChangeSet& changes,
                                       bool blame,
                                       const std::vector<contracts::LensResult>& results) {
    const bool commits_known =
        changes.head.size() == 40 && changes.head != git::kEmptyTreeSha && changes.head != "index";
    // Files are looked up only for a push of several commits (the commit of a hunk), by the
    // change set's own paths: a run of every file copies none of them.
    std::map<std::string_view, const git::FileChange*> files;
    if (changes.earlier_commits && !changes.messages) {
        for (const auto& f : changes.files) {
            files.emplace(f.path, &f);
        }
    }
    // Blame is costly: once per (file, line), however many rules found something there.
    std::map<std::pair<std::string, std::int64_t>, std::optional<std::string>> blamed;
    verdict::FindingCommits out;
    for (const auto& result : results) {
        for (const auto& f : result.findings) {
            if (!verdict::wants_commit(f) || out.count({f.file, f.startLine}) != 0) {
                continue;
            }
            std::optional<std::string> commit;
            std::optional<std::string> tag;
            if (changes.messages) {
                if (f.file.starts_with("commit:")) {
                    commit = f.file.substr(7);
                } else if (f.file.starts_with("tag:")) {
                    tag = f.file.substr(4);
                }
            } else if (changes.earlier_commits) {
                if (const auto it = files.find(f.file); it != files.end()) {
                    commit = hunk_commit(*it->second, f.startLine);
                }
            } else if (blame && commits_known) {
                const auto key = std::make_pair(f.file, f.startLine);
                auto it = blamed.find(key);
                if (it == blamed.end() && blamed.size() >= kMaxBlames) {
                    continue;
                }
                if (it == blamed.end()) {
                    it = blamed.emplace(key, blamed_commit(repo, changes, f.file, f.startLine))
                             .first;
                }
                commit = it->second;
            }
            if (commit && !commit->empty()) {
                out.emplace(std::make_pair(f.file, f.startLine),
                            verdict::CommitEvidence{"commit", std::move(*commit)});
            } else if (tag) {
                out.emplace(std::make_pair(f.file, f.startLine),
                            verdict::CommitEvidence{"tag", std::move(*tag)});
            }
        }
    }
    return out;
}

}  // namespace qa::orchestrator

#include "prepare/targets.hpp"

#include <algorithm>
#include <set>
#include <tuple>

#include "git/base_ref.hpp"
#include "git/revisions.hpp"
#include "prepare/history_targets.hpp"
#include "prepare/push_targets.hpp"

namespace qa::prepare {
namespace {

/// ChangeKind::files: the staged changes of the named files, and every other named file of the
/// index whole. Paths the index does not hold (untracked, deleted) are not part of it.
git::ChangeSet named_files(const git::Repository& repo, const std::vector<std::string>& paths,
                           const git::DiffOptions& options) {
    const std::set<std::string, std::less<>> named(paths.begin(), paths.end());
    git::ChangeSet set = git::staged_changes(repo, options);
    std::erase_if(set.files, [&](const git::FileChange& f) { return named.count(f.path) == 0; });
    std::set<std::string, std::less<>> unchanged = named;
    for (const auto& f : set.files) {
        unchanged.erase(f.path);
    }
    const std::vector<std::string> rest(unchanged.begin(), unchanged.end());
    for (auto& f : git::index_files(repo, rest, options).files) {
        set.files.push_back(std::move(f));
    }
    std::sort(set.files.begin(), set.files.end(),
              [](const git::FileChange& a, const git::FileChange& b) {
                  return std::tie(a.path, a.old_path) < std::tie(b.path, b.old_path);
              });
    return set;
}

/// Judged for credentials only, beside the net change (prepare/history_targets.hpp).
void add_history_targets(std::vector<Target>& out, std::vector<HistoryTarget> extra) {
    const std::optional<std::string> base_ref = out.empty() ? std::nullopt : out.back().baseRef;
    for (auto& e : extra) {
        std::string head_ref = out.empty() ? e.changes.head : out.back().headRef;
        Target t{std::move(e.label),  std::move(e.changes), base_ref, std::move(head_ref), {},
                 std::move(e.lensIds)};
        out.push_back(std::move(t));
    }
}

}  // namespace

Target Target::without_files() const {
    Target t;
    t.label = label;
    t.changes.base = changes.base;
    t.changes.head = changes.head;
    t.changes.earlier_commits = changes.earlier_commits;
    t.changes.messages = changes.messages;
    t.baseRef = baseRef;
    t.headRef = headRef;
    t.baseRefCodes = baseRefCodes;
    t.lensIds = lensIds;
    t.blameCommits = blameCommits;
    t.wholeHistory = wholeHistory;
    t.earlierCommit = earlierCommit;
    return t;
}

std::vector<Target> targets_for(const RunRequest& request, const git::Repository& repo,
                                const std::optional<std::string>& configured_base,
                                const git::BlobReader& reader, std::size_t jobs) {
    const git::DiffOptions options{&reader, jobs};
    std::vector<Target> out;
    switch (request.kind) {
        case ChangeKind::staged: {
            Target t;
            t.label = "staged changes";
            t.changes = git::staged_changes(repo, options);
            if (const auto head = repo.head_sha()) {
                t.baseRef = "HEAD";
            }
            t.headRef = "index";
            out.push_back(std::move(t));
            break;
        }
        case ChangeKind::files: {
            Target t;
            t.label = "named files";
            t.changes = named_files(repo, request.files, options);
            if (repo.head_sha()) {
                t.baseRef = "HEAD";
            }
            // The named files the index holds as HEAD does are judged whole, as added: their
            // size is HEAD's (`pre-commit run --all-files` is an audit, like run --all-files).
            t.earlierCommit = repo.head_sha();
            t.headRef = "index";
            out.push_back(std::move(t));
            break;
        }
        case ChangeKind::all_files: {
            Target t;
            t.label = "all tracked files";
            t.changes = git::all_files(repo, options);
            t.headRef = "index";
            t.earlierCommit = repo.head_sha();
            out.push_back(std::move(t));
            break;
        }
        case ChangeKind::range: {
            // An explicit --base or --head that names nothing is a usage error, never a fall
            // back to origin/HEAD and a PASS; the seed's chain is for the configured base_ref.
            require_revisions(repo, request.base, request.head);
            const std::optional<std::string> configured =
                request.base ? request.base : configured_base;
            const auto base = git::resolve_base_ref(repo, configured);
            Target t;
            t.baseRefCodes = base.codes;
            const std::string head = request.head.value_or("HEAD");
            if (!base.resolved()) {
                t.label = "(no base)..." + head;
                t.headRef = head;
                out.push_back(std::move(t));  // nothing to diff: the run fails on the code
                break;
            }
            t.label = *base.ref + "..." + head;
            t.changes = git::range_changes(repo, *base.sha, head, options);
            t.baseRef = *base.ref;
            t.headRef = head;
            t.blameCommits = true;
            // Every commit of the range on its own too, as the push gate judges them.
            auto history = range_targets(repo, t.changes, *base.sha, head, t.label);
            out.push_back(std::move(t));
            add_history_targets(out, std::move(history));
            break;
        }
        case ChangeKind::message: {
            std::vector<HistoryTarget> one;
            one.push_back(commit_message_target(repo, request.message));
            add_history_targets(out, std::move(one));
            break;
        }
        case ChangeKind::history: {
            add_history_targets(out, audit_targets(repo, request.revision));
            for (auto& t : out) {
                t.wholeHistory = true;
            }
            break;
        }
        case ChangeKind::pushed: {
            for (auto& p :
                 git::pushed_changes(repo, request.remote, request.pushUpdates, options)) {
                Target t;
                t.label = p.update.local_ref + " -> " + p.update.remote_ref;
                if (p.ref_deleted) {
                    continue;  // a deletion sends no content: nothing to check
                }
                t.baseRef = p.changes.base;
                t.headRef = p.update.local_sha;
                t.changes = std::move(p.changes);
                t.blameCommits = true;
                out.push_back(std::move(t));
                if (auto earlier = earlier_commits_target(p)) {
                    out.push_back(Target{std::move(earlier->label),
                                         std::move(p.earlier),
                                         out.back().baseRef,
                                         out.back().headRef,
                                         {},
                                         std::move(earlier->lensIds)});
                }
                std::vector<HistoryTarget> messages;
                if (auto m = messages_target(p.update.local_ref + " -> " + p.update.remote_ref,
                                             std::move(p.messages))) {
                    messages.push_back(std::move(*m));
                }
                add_history_targets(out, std::move(messages));
            }
            break;
        }
    }
    return out;
}

}  // namespace qa::prepare

#include "git/history.hpp"

#include "git/error.hpp"
#include "git/messages.hpp"
#include "git/push_history.hpp"
#include "git/revisions.hpp"
#include "util/error.hpp"

namespace qa::git {
namespace {

History walk(const Repository& repo, const std::vector<git_oid>& commits, const ChangeSet& net) {
    History out;
    out.commits = commits.size();
    auto earlier = earlier_commit_lines(repo, commits, net);
    out.earlier = std::move(earlier.changes);
    out.earlier_shas = std::move(earlier.commits);
    out.messages = message_changes(commit_messages(repo.raw(), commits), net.base, net.head);
    return out;
}

git_oid commit_named(git_repository* repo, const std::string& revision) {
    if (!names_commit(repo, revision)) {
        throw util::InputError("'" + revision + "' names no commit of this repository");
    }
    return resolve_commit(repo, revision);
}

}  // namespace

History range_history(const Repository& repo, const ChangeSet& net, const std::string& base,
                      const std::string& head) {
    const git_oid head_id = resolve_commit(repo.raw(), head);
    const git_oid base_id = resolve_commit(repo.raw(), base);
    return walk(repo, commits_to_send(repo.raw(), head_id, base_id, nullptr), net);
}

std::vector<git_oid> history_commits(git_repository* repo, const std::string& revision) {
    RevwalkHandle walk;
    check(git_revwalk_new(walk.out(), repo), "walk the history");
    check(git_revwalk_sorting(walk.get(), GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE),
          "walk the history");
    if (revision == "--all") {
        // Refs that do not name a commit are skipped by libgit2's glob.
        check(git_revwalk_push_glob(walk.get(), kAllRefs), "walk every ref");
        if (names_commit(repo, "HEAD")) {
            check(git_revwalk_push_head(walk.get()), "walk from HEAD");
        }
    } else if (const std::size_t dots = revision.find(".."); dots != std::string::npos) {
        if (revision.find("...") != std::string::npos) {
            throw util::InputError("'" + revision + "': a history audit takes A..B, not A...B");
        }
        const std::string from = revision.substr(0, dots);
        const std::string to = revision.substr(dots + 2);
        const git_oid hide = commit_named(repo, from.empty() ? "HEAD" : from);
        const git_oid show = commit_named(repo, to.empty() ? "HEAD" : to);
        check(git_revwalk_push(walk.get(), &show), "walk from " + to);
        check(git_revwalk_hide(walk.get(), &hide), "hide " + from);
    } else {
        const git_oid show = commit_named(repo, revision);
        check(git_revwalk_push(walk.get(), &show), "walk from " + revision);
    }
    std::vector<git_oid> commits;
    git_oid oid;
    for (;;) {
        const int rc = git_revwalk_next(&oid, walk.get());
        if (rc == GIT_ITEROVER) {
            break;
        }
        check(rc, "walk the history");
        commits.push_back(oid);
    }
    return commits;
}

History audit_history(const Repository& repo, const std::vector<git_oid>& commits,
                      const std::string& head) {
    ChangeSet none;  // no net change: every line of every commit is the audit's
    none.base = kEmptyTreeSha;
    none.head = head;
    return walk(repo, commits, none);
}

}  // namespace qa::git

#include "prepare/tree_under_test.hpp"

#include "git/revisions.hpp"
#include "git/tree_blob.hpp"
#include "prepare/history_targets.hpp"
#include "prepare/run_request.hpp"

namespace qa::prepare {

std::optional<std::string> TreeUnderTest::blob_id(const git::Repository& repo,
                                                  const std::string& path) const {
    if (!commit) {
        return git::index_blob_id(repo, path);
    }
    if (commit->empty() || *commit == git::kEmptyTreeSha) {
        return std::nullopt;  // before the first commit: no tree holds anything
    }
    return git::blob_id_at(repo, *commit, path);
}

std::string TreeUnderTest::name(const git::Repository& repo, const std::string& path) const {
    if (commit) {
        return commit->substr(0, 12) + ":" + path;
    }
    return (repo.is_bare() ? "HEAD:" : "index:") + path;
}

std::string TreeUnderTest::baseline_name(const std::string& path) const {
    return commit ? path + " at " + commit->substr(0, 12) : path + " (index)";
}

std::vector<TreeUnderTest> request_trees(const git::Repository& repo, const RunRequest& request) {
    switch (request.kind) {
        case ChangeKind::staged:
        case ChangeKind::all_files:
        case ChangeKind::files:
        case ChangeKind::message:
            return {TreeUnderTest{}};
        case ChangeKind::history:
        case ChangeKind::range: {
            const std::string head = request.kind == ChangeKind::history
                                         ? history_tip(request.revision)
                                         : request.head.value_or("HEAD");
            // A head that names no commit is kept as given: the run reports it.
            return {TreeUnderTest{git::names_commit(repo.raw(), head)
                                      ? git::to_hex(git::resolve_commit(repo.raw(), head))
                                      : head}};
        }
        case ChangeKind::pushed: {
            std::vector<TreeUnderTest> trees;
            for (const auto& update : request.pushUpdates) {
                if (!update.is_deletion()) {
                    trees.push_back(TreeUnderTest{update.local_sha});
                }
            }
            return trees;
        }
    }
    return {};
}

TreeUnderTest target_tree(const git::ChangeSet& changes) {
    if (changes.head == git::kIndexHead) {
        return TreeUnderTest{};
    }
    return TreeUnderTest{changes.head, changes.earlier_commits, changes.messages};
}

}  // namespace qa::prepare

#pragma once

#include <optional>
#include <string>
#include <vector>

#include "git/change_set.hpp"
#include "git/repository.hpp"

namespace qa::prepare {

struct RunRequest;

/// The tree a run checks: the index (a commit being made; HEAD's tree in a bare repository) or
/// a commit (a range's head, a pushed tip). Decided in this file and nowhere else: once per
/// request for the configuration and its rules files (request_trees), once per target for what
/// the target reads from its tree (target_tree: baseline, checkout, execution key). A run never
/// reads the working tree.
struct TreeUnderTest {
    std::optional<std::string> commit;  ///< nullopt: the index
    /// The lines of a push's earlier commits: judged on `commit`'s tree, keyed apart from it.
    bool earlierCommits = false;
    /// Commit and tag messages (git/messages.hpp): judged on `commit`'s tree, keyed apart from it.
    bool messages = false;

    bool index() const { return !commit; }
    /// The blob `path` has in this tree; nullopt when it has none (and for the empty tree of a
    /// history before its first commit).
    std::optional<std::string> blob_id(const git::Repository& repo, const std::string& path) const;
    /// How messages and artifacts name `path` of this tree in git's notation: "index:<path>"
    /// ("HEAD:<path>" in a bare repository) or "<sha, 12 digits>:<path>".
    std::string name(const git::Repository& repo, const std::string& path) const;
    /// The baseline's notation: "<path> (index)" or "<path> at <sha, 12 digits>".
    std::string baseline_name(const std::string& path) const;
};

/// The trees whose configuration decides `request` (not a `--config FILE` run): the index for
/// staged changes, named files and all files; the head (a revision, resolved to its commit when
/// it names one) for a range; each pushed tip for a push, the first deciding and the others
/// required to agree. Empty for a push of deletions only.
std::vector<TreeUnderTest> request_trees(const git::Repository& repo, const RunRequest& request);

/// The tree a target's change set leads to: the index for staged changes, its head commit
/// otherwise (the lines of earlier commits and messages included: they come from several blobs
/// or none, and head's tree holds the configuration they are judged by).
TreeUnderTest target_tree(const git::ChangeSet& changes);

}  // namespace qa::prepare

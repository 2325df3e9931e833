#pragma once

#include <optional>
#include <string>
#include <vector>

#include "git/change_set.hpp"
#include "git/handle.hpp"
#include "git/repository.hpp"

namespace qa::git {

/// The commits a push of `local` sends, as `git rev-list local --not <remote> --remotes`:
/// reachable from `local` and from neither `remote` (the remote ref's old value, when it is a
/// commit here) nor any ref matching `known_refs` (kRemoteTrackingRefs, kAllRefs). Oldest first
/// (topological order). A null `known_refs` hides nothing more (`git rev-list local --not remote`).
std::vector<git_oid> commits_to_send(git_repository* repo, const git_oid& local,
                                     const std::optional<git_oid>& remote, const char* known_refs);

/// What the earlier commits of a push added that its net change does not show: a secret added in
/// one commit and removed in a later one is in the remote's history for good.
struct EarlierLines {
    /// Lines added by some commit of `commits` (a plain commit against its parent; a merge: the
    /// lines no parent has) and not added by `net`, one entry per path holding each distinct line
    /// once, as hunks of line ranges of the blobs that added them (Hunk::blob), in the order the
    /// commits added them. `new_oid` is the last such blob.
    /// base and head are net's; `earlier_commits` is set. Empty when there is nothing more.
    ChangeSet changes;
    /// The commits that contributed a line, oldest first, as hex.
    std::vector<std::string> commits;
};

/// Each blob pair (old, new) is diffed once however many commits carry it, and a file whose new
/// blob is the one `net` ends with is not diffed at all (its added lines are net's), so a long
/// push of ordinary commits costs about one diff per distinct file version. Attributes never
/// make text content binary here (a `-diff` path is diffed as text when its content is text).
EarlierLines earlier_commit_lines(const Repository& repo, const std::vector<git_oid>& commits,
                                  const ChangeSet& net);

}  // namespace qa::git

#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "git/change_set.hpp"
#include "git/handle.hpp"
#include "git/repository.hpp"

namespace qa::git {

/// What the commits of a range or a history bring beyond a net change: each commit judged on its
/// own, as the push gate judges the commits it sends.
struct History {
    /// The lines the commits added that the net change does not show (git::earlier_commit_lines);
    /// no files when there are none. Hunk::commit names the commit that added each.
    ChangeSet earlier;
    std::vector<std::string> earlier_shas;  ///< the commits that added them, oldest first
    ChangeSet messages;                     ///< every commit's message (git::message_changes)
    std::size_t commits = 0;                ///< how many commits were walked
};

/// `git rev-list head --not base` for CI's `--base B --head H`: what a push of H to a remote
/// holding B sends. `net` is the range's net change (B...H), which judges the lines it shows.
History range_history(const Repository& repo, const ChangeSet& net, const std::string& base,
                      const std::string& head);

/// Every commit a history audit walks, oldest first: those reachable from `revision`, from B
/// and not A for "A..B", or from every ref and HEAD for "--all". Throws util::InputError (exit
/// 2) naming a revision that names no commit.
std::vector<git_oid> history_commits(git_repository* repo, const std::string& revision);

/// A history audit (`qa-skill audit`): every line any of `commits` added, each distinct line of
/// a path once and each pair of blobs diffed once, and every commit's message. `head` names the
/// tree whose configuration and baseline apply.
History audit_history(const Repository& repo, const std::vector<git_oid>& commits,
                      const std::string& head);

}  // namespace qa::git

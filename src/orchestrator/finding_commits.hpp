#pragma once

#include <vector>

#include "contracts/types.hpp"
#include "git/change_set.hpp"
#include "git/repository.hpp"
#include "verdict/commit_evidence.hpp"

namespace qa::orchestrator {

/// The commit each blocking credential finding (verdict::wants_commit) of the decided `results`
/// of `changes` lies in, as evidence "commit" (the sha), so every format shows which commit to
/// rewrite; verdict::add_commits adds them. Read from git here, after verdict::decide, so that
/// decide stays pure: a message's
/// commit ("commit:<sha>"; a tag message gets "tag" instead), the commit whose lines an earlier
/// commit's hunk holds (git::Hunk::commit), and for the net change of a push or a range
/// (`blame`) the commit between base and head that last added the line, as `git blame` finds
/// it (for the first 20 lines: blame walks history). A finding whose commit cannot be told has
/// no entry.
verdict::FindingCommits locate_commits(const git::Repository& repo, const git::ChangeSet& changes,
                                       bool blame,
                                       const std::vector<contracts::LensResult>& results);

}  // namespace qa::orchestrator

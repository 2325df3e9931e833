#pragma once

#include <git2.h>

#include "git/change_set.hpp"

namespace qa::git {

/// A rotated key keeps its unchanged `-----BEGIN ... PRIVATE KEY-----` line as diff context, and
/// the changed body lines match no rule. When an added line of `file` falls inside a PEM block
/// (`-----BEGIN X-----` to `-----END X-----`) of the new content, every line of that block is
/// listed as added (in one extra hunk), so the block is judged whole. Counts stay as git gives
/// them. Reads the new blob only when an added line looks like part of a PEM block.
void widen_pem_blocks(git_repository* repo, FileChange& file);

}  // namespace qa::git

#pragma once

#include <git2.h>

#include <string_view>

#include "git/change_set.hpp"

namespace qa::git {

/// A rotated key keeps its unchanged `-----BEGIN ... PRIVATE KEY-----` line as diff context, and
/// the changed body lines match no rule. When an added line of `file` falls inside a PEM block
/// (`-----BEGIN X-----` to `-----END X-----`) of the new content, every line of that block is
/// listed as added (in extra hunks after the diff's own, ascending), so the block is judged whole.
/// Counts stay as git gives them. Each blob the hunks are ranges of (Hunk::blob: the earlier
/// commits of a push have several) is widened on its own. Reads those blobs: call it only for a
/// file one of whose added lines looks_like_pem().
void widen_pem_blocks(git_repository* repo, FileChange& file);

/// An armour line, or a line that could be a PEM body line (also inside a string literal).
bool looks_like_pem(std::string_view line);

}  // namespace qa::git

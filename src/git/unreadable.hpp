#pragma once

#include <git2.h>

#include <optional>
#include <string>

namespace qa::git {

/// After reading `diff` failed: the first blob of its deltas that cannot be read, named with its
/// path and libgit2's reason ("object 1a2b... (src/app.py): failed to inflate loose object"),
/// or nullopt when every blob reads (the failure was something else). Only on the error path:
/// it reads each blob again.
std::optional<std::string> unreadable_blob(git_repository* repo, git_diff* diff);

}  // namespace qa::git

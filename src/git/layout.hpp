#pragma once

#include <string>
#include <string_view>

struct git_repository;

namespace qa::git {

/// The layouts libgit2 1.5 cannot read, named for the user: SHA-256 object names
/// (extensions.objectFormat), a split index (`git update-index --split-index`) and a sparse
/// index (index.sparse=true). Each is an input error (exit 2) with the feature's name and the
/// command that turns it off, never "not in a git repository" or an internal error.

/// Throws util::InputError naming the feature when libgit2's `message` (from opening a
/// repository or reading its index) says it met one of them; returns otherwise.
void throw_if_unsupported_layout(std::string_view message);

/// Reads the repository's index (libgit2 keeps it loaded for later use) so that an unsupported
/// index format is reported up front. Bare repositories have none to check.
void require_readable_index(git_repository* repo);

}  // namespace qa::git

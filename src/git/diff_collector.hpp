#pragma once

#include <git2.h>

#include <optional>
#include <string_view>
#include <vector>

#include "git/change_set.hpp"
#include "git/text_content.hpp"

// How a libgit2 diff becomes FileChanges: one delta's patch at a time, hunks as line ranges, a new
// text file or a very long modified one without running a line diff. The change-set functions of
// change_set.hpp choose what to diff; this turns the diff into their files.
namespace qa::git {

/// The FileStatus of a delta; nullopt for statuses these diffs do not produce.
std::optional<FileStatus> file_status(git_delta_t status);

/// A FileChange with the paths, modes and oids of `delta`, no content yet.
FileChange file_change(const git_diff_delta* delta, FileStatus status);

/// Byte order of path, then old path: the order of ChangeSet::files.
void sort_by_path(std::vector<FileChange>& files);

/// Marks `file` as text in a wide encoding, judged whole (FileChange::text_encoding).
void set_wide_text(FileChange& file, std::string_view content, WideEncoding encoding);

/// Every file of `diff` with its hunks, sorted by path. Throws GitError, or an exit-2 error
/// naming the object when the repository is damaged.
std::vector<FileChange> collect(git_repository* repo, git_diff* diff);

}  // namespace qa::git

#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "baseline/baseline.hpp"
#include "git/change_set.hpp"
#include "git/repository.hpp"

namespace qa::baseline {

/// A baseline as one run applies it.
struct LoadedBaseline {
    Baseline baseline;
    std::string source;  ///< where it came from, for messages: "<path> (index)", "<path> at <sha>"
};

/// The baseline file `path` (repository-relative) as the tree under test holds it: the index
/// for staged changes and --all-files, the head commit for a range or a push. Never the working
/// tree: a commit is checked against the baseline it carries, so an unstaged edit of the file
/// cannot change a verdict and a replay of the same change sees the same bytes. A file the change
/// does not touch is read from the change set's base, where it is the same. nullopt when the
/// tree has no such file. Throws BaselineError when the file is there but malformed.
std::optional<LoadedBaseline> load_from_tree(const git::Repository& repo,
                                             const git::ChangeSet& changes,
                                             const std::string& path);

/// A baseline file on disk (`qa-skill baseline check`). Throws BaselineError when it is missing,
/// unreadable or malformed.
Baseline load_file(const std::filesystem::path& file);

}  // namespace qa::baseline

#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "exec/file_stamp.hpp"
#include "git/repository.hpp"

namespace qa::exec {

/// The stamps of the tree's files in a checkout at one moment (stamp_files), and the
/// filesystem's time right after: a stamp at or after it proves nothing (FileStamp::racy).
struct TreeStamps {
    std::vector<std::optional<FileStamp>> stamps;  ///< in the order of the file set
    struct timespec taken {};

    /// `marker` is a file beside `dir`, on its filesystem.
    static TreeStamps take(const std::filesystem::path& dir,
                           const std::set<std::string, std::less<>>& files,
                           const std::filesystem::path& marker);
};

/// Which of the tree's `files` a check-mode command (a formatter, a linter) changed in the
/// checkout `dir` between `before` and `after`, sorted: only the files whose stamp moved (or
/// was racy) are read, and one counts when its content (or link target) differs from what git's
/// checkout writes for it from the index (`rev` empty) or the commit, or it is gone. Every file
/// read is written back from the tree (so the checkout is the tree again for the next check)
/// and its stamp in `after` updated. `repo` opens the repository when one is needed.
std::vector<std::string> changed_files(const std::function<const git::Repository&()>& repo,
                                       const std::string& rev, const std::filesystem::path& dir,
                                       const std::set<std::string, std::less<>>& files,
                                       const TreeStamps& before, TreeStamps& after);

/// Which of `looked_at` (repository-relative, sorted) differ in the checkout `dir` from what
/// git's checkout writes for them from the index (`rev` empty) or the commit, or are gone. Each
/// is read, written back from the tree, and read again.
std::vector<std::string> changed_among(const std::function<const git::Repository&()>& repo,
                                       const std::string& rev, const std::filesystem::path& dir,
                                       const std::vector<std::string>& looked_at);

/// The tree's `files` at or below one of `touched` (DirWatch::drain), sorted; the root's own
/// entry ("": its attributes) names none.
std::vector<std::string> files_touched(const std::set<std::string, std::less<>>& files,
                                       const std::set<std::string>& touched);

}  // namespace qa::exec

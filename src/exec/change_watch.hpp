#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "exec/file_stamp.hpp"
#include "git/repository.hpp"

namespace qa::exec {

/// Which files of the tree under test a check-mode command (a formatter, a linter) changed in
/// the checkout, at the cost of an lstat per file: the stamps before the commands, then the
/// contents of only the files whose stamp moved (or was racy), compared with what git's checkout
/// writes for them.
class ChangeWatch {
  public:
    /// Stamps `files` (repository-relative) in `dir`; `marker` is a file beside `dir` on its
    /// filesystem.
    ChangeWatch(const std::filesystem::path& dir, const std::set<std::string, std::less<>>& files,
                const std::filesystem::path& marker);

    /// The files whose content differs from the index's (`rev` empty) or the commit's, or that
    /// are gone, sorted. Every file it had to look at is written back from the tree, so the
    /// checkout is the tree again for the next check.
    std::vector<std::string> changed_and_restored(const git::Repository& repo,
                                                  const std::string& rev) const;

  private:
    std::filesystem::path dir_;
    std::unordered_map<std::string, std::optional<FileStamp>> before_;
    struct timespec now_ {};
};

}  // namespace qa::exec

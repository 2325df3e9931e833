#pragma once

#include <map>
#include <mutex>
#include <string>

#include "dispatch/lens.hpp"
#include "git/change_set.hpp"
#include "git/repository.hpp"
#include "plan/classify.hpp"

namespace qa::orchestrator {

/// The lenses' view of a git change set. Full contents come from the object database (the
/// index blob for a commit, the pushed commit's blob for a push), never from the working tree,
/// so unstaged edits cannot change a verdict. Borrows `repo` and `changes`.
class GitChangeSource : public dispatch::ChangeSource {
  public:
    GitChangeSource(const git::Repository& repo, const git::ChangeSet& changes);

    const dispatch::ChangedFileView* file(std::string_view path) const override;
    std::optional<std::string> full_content(std::string_view path) const override;

    /// Every view, sorted by path.
    const std::map<std::string, dispatch::ChangedFileView, std::less<>>& files() const {
        return views_;
    }

    /// The classification of `path` (computed once, shared with the planner).
    const plan::FileClass& file_class(std::string_view path) const {
        return classes_.find(path)->second;
    }

  private:
    const git::Repository& repo_;
    std::map<std::string, plan::FileClass, std::less<>> classes_;
    std::map<std::string, dispatch::ChangedFileView, std::less<>> views_;
    std::map<std::string, std::string, std::less<>> blob_ids_;
    mutable std::mutex odb_mutex_;  ///< libgit2 object reads are serialised
};

}  // namespace qa::orchestrator

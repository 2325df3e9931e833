#pragma once

#include <optional>
#include <string>
#include <vector>

#include "git/blob_reader.hpp"
#include "git/change_set.hpp"
#include "git/repository.hpp"
#include "prepare/run_request.hpp"

namespace qa::prepare {

/// One change set to check and how to name it.
struct Target {
    std::string label;
    git::ChangeSet changes;
    std::optional<std::string> baseRef;  ///< SkillInput.baseRef
    std::string headRef;                 ///< SkillInput.headRef
    std::vector<std::string> baseRefCodes;
    /// The lenses that judge this target (nullopt: the request's). The lines earlier commits of
    /// a push added are judged by the security lens only (see push_targets.hpp).
    std::optional<std::vector<std::string>> lensIds;
    /// The net change of a push or a range: a credential found in it is named with the commit
    /// that added it, as `git blame` finds it (orchestrator/finding_commits.hpp).
    bool blameCommits = false;
    /// A history audit (`qa-skill audit`): one run reads a whole history, so the lenses' time
    /// limits, meant for a change, are widened.
    bool wholeHistory = false;
    /// Files judged as added (all-files, the pre-commit framework's named files): the commit
    /// whose files count as already there when a lens asks for a file's size before the change
    /// (HEAD; GitChangeSource::size_before).
    std::optional<std::string> earlierCommit = std::nullopt;

    /// This target but for its change set's file list (every other member copied, here beside
    /// the members): what the stored replay input keeps, whose text takes the files from the
    /// target itself.
    Target without_files() const;
};

/// The change sets `request` checks, each named: one for a commit, a range or an audit, one per
/// pushed ref; beside a range's or a push's net change, the lines its earlier commits added and
/// its messages (judged for credentials only: prepare/history_targets.hpp). `configured_base`
/// is the configuration's base_ref; `jobs` the threads git may use to read blobs.
std::vector<Target> targets_for(const RunRequest& request, const git::Repository& repo,
                                const std::optional<std::string>& configured_base,
                                const git::BlobReader& reader, std::size_t jobs);

}  // namespace qa::prepare

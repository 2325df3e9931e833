#pragma once

#include <optional>
#include <string>
#include <vector>

#include "git/change_set.hpp"
#include "git/repository.hpp"

namespace qa::prepare {

/// How the lines that earlier commits of a push added are judged, when there are any.
struct EarlierTarget {
    std::string label;
    /// The security lens only: a credential in any pushed commit stays in the remote's history
    /// for good, whereas style, architecture and the model and execution lenses judge what the
    /// push leaves behind (its net diff).
    std::vector<std::string> lensIds;
};

/// nullopt when the push's commits add nothing their net diff does not show.
std::optional<EarlierTarget> earlier_commits_target(const git::PushChangeSet& push);

/// Throws util::InputError (exit 2) naming the revision when an explicitly given `--base` or
/// `--head` does not name a commit here.
void require_revisions(const git::Repository& repo, const std::optional<std::string>& base,
                       const std::optional<std::string>& head);

}  // namespace qa::prepare

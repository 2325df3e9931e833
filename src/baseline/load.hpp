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

/// The baseline in the blob `oid`: the baseline file as the tree under test holds it (the
/// orchestrator's TreeUnderTest finds the blob), never the working tree's, so an unstaged edit
/// of the file cannot change a verdict and a replay of the same change sees the same bytes.
/// `source` names it in messages ("<path> (index)", "<path> at <sha>"). Throws BaselineError
/// when the blob cannot be read or is malformed.
LoadedBaseline load_blob(const git::Repository& repo, const std::string& oid,
                         const std::string& source);

/// A baseline file on disk (`qa-skill baseline check`). Throws BaselineError when it is missing,
/// unreadable or malformed.
Baseline load_file(const std::filesystem::path& file);

}  // namespace qa::baseline

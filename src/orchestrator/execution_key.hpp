#pragma once

#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "prepare/tree_under_test.hpp"

namespace qa::orchestrator {

/// The seed's executionKey of one checked change: its repository, base and tree under test
/// (a content id of the staged files for the index, "earlier:<sha>" for a push's earlier
/// commits), the planned lenses' versions and provider adapters, run mode and configHash.
/// Known before anything runs.
std::string execution_key(const contracts::SkillInput& input, const git::ChangeSet& changes,
                          const prepare::TreeUnderTest& tree,
                          const std::vector<contracts::LensPlan>& plans);

}  // namespace qa::orchestrator

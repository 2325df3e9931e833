#pragma once

#include <vector>

#include "git/change_set.hpp"
#include "git/repository.hpp"
#include "orchestrator/change_source.hpp"
#include "plan/planner.hpp"

namespace qa::orchestrator {

/// What the planner knows of each changed file of `changes`.
std::vector<plan::PlanFile> plan_files(const git::Repository& repo, const git::ChangeSet& changes,
                                       const GitChangeSource& source);

}  // namespace qa::orchestrator

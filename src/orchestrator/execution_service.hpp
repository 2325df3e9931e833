#pragma once

#include <memory>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "exec/execution_policy.hpp"
#include "exec/tree_executor.hpp"
#include "git/change_set.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "input/run_input.hpp"
#include "lenses/api/services.hpp"
#include "prepare/execution_env.hpp"
#include "prepare/tree_under_test.hpp"

namespace qa::orchestrator {

/// The execution service of one checked change (services.execution), or nullptr when no plan
/// is an execution lens's (by `input`'s lens kinds). Execution is offered only when `env` is
/// given; otherwise, or when `policy` says the configuration is not trusted, the service
/// refuses every plan with EXECUTION_DENIED and a message naming what to do. The commands run
/// on `tree`.
std::unique_ptr<const exec::TreeExecutor> make_tree_executor(
    const git::LibGit2& lib, const git::Repository& repo, const git::GitEnv& git_env,
    const exec::ExecutionPolicy& policy, const std::optional<prepare::ExecutionEnv>& env,
    const input::RunInput& input, const std::vector<contracts::LensPlan>& plans,
    const prepare::TreeUnderTest& tree, const std::string& execution_key,
    const lenses::api::CommandRunner& commands, const log::Log* log = nullptr);

}  // namespace qa::orchestrator

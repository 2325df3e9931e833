#pragma once

#include <filesystem>
#include <optional>

#include "config/config.hpp"
#include "exec/execution_policy.hpp"
#include "plan/registry.hpp"
#include "prepare/execution_env.hpp"

namespace qa::prepare {

/// The run's ExecutionPolicy, read in prepare: `config`'s execution classes and permission
/// profiles, and whether the user trusts `config` for `repo_root`. The trust store is read only
/// when `env` offers execution and a lens of `registry` may run a command (an enabled execution
/// lens, or an external lens): otherwise nothing is read.
exec::ExecutionPolicy read_execution_policy(const config::Config& config,
                                            const plan::Registry& registry,
                                            const std::filesystem::path& repo_root,
                                            const std::optional<ExecutionEnv>& env);

}  // namespace qa::prepare

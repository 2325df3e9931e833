#pragma once

#include <string>

#include "config/config.hpp"
#include "contracts/types.hpp"

namespace qa::orchestrator {

/// The adapter version every provider binding records; bumped when an adapter's request or
/// response handling changes, which changes the executionKey.
inline constexpr const char* kAdapterVersion = "1.0.0";

/// The SkillInput of a run. `repoRoot` is recorded as "." (the root itself): an absolute path
/// would make artifacts differ between two clones of the same repository.
contracts::SkillInput make_skill_input(const config::Config& config, const std::string& repo_id,
                                       const std::optional<std::string>& base_ref,
                                       const std::string& head_ref,
                                       const std::optional<std::vector<std::string>>& lens_ids);

}  // namespace qa::orchestrator

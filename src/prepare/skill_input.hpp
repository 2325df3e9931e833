#pragma once

#include <string>

#include "config/config.hpp"
#include "contracts/types.hpp"

namespace qa::prepare {

/// The SkillInput of a run. `repoRoot` is recorded as "." (the root itself): an absolute path
/// would make artifacts differ between two clones of the same repository.
/// `baseline_digest` is Baseline::digest() of the baseline the run applies, if any: the seed's
/// SkillInput has no field for it, so it joins the normalized config that configHash hashes
/// (as "baseline_sha256"), and executionKey and normalizedInputHash follow. Without a baseline,
/// configHash is config::config_hash(config), what `qa-skill config check` prints.
contracts::SkillInput make_skill_input(
    const config::Config& config, const std::string& repo_id,
    const std::optional<std::string>& base_ref, const std::string& head_ref,
    const std::optional<std::vector<std::string>>& lens_ids,
    const std::optional<std::string>& baseline_digest = std::nullopt);

}  // namespace qa::prepare

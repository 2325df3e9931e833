#pragma once

#include <optional>
#include <vector>

#include "baseline/load.hpp"
#include "git/repository.hpp"
#include "input/run_input.hpp"
#include "prepare/prepared.hpp"
#include "prepare/run_request.hpp"
#include "prepare/targets.hpp"
#include "prepare/tree_under_test.hpp"
#include "util/cancellation.hpp"

namespace qa::config {
struct Config;
}

namespace qa::prepare {

/// A target of `run` (whose configuration is `config`) with the RunInput every later step reads:
/// its SkillInput (the configured repo_id, else the repository's), each lens's settings, the
/// baseline's digest in configHash and `gate_changes`. What prepare() does for each change set,
/// and a replay for a stored one.
PreparedTarget make_target(const Prepared& run, const config::Config& config, Target target,
                           TreeUnderTest tree, std::optional<baseline::LoadedBaseline> accepted,
                           std::vector<input::GateChange> gate_changes);

/// Whether an enabled lens of `config` calls a provider (and so caches its answers under the
/// root, in front of the team stores).
bool calls_providers(const config::Config& config);

/// Prepares a run: the configuration, the change sets, and each target's tree, baseline and input.
/// Throws what load_config throws, util::InputError for a bad request, git::GitError.
Prepared prepare(const RunRequest& request, const git::Repository& repo,
                 const util::CancellationToken& cancel);

}  // namespace qa::prepare

#pragma once

#include <filesystem>

#include "git/repository.hpp"
#include "prepare/prepared.hpp"
#include "prepare/replay_input.hpp"
#include "prepare/run_request.hpp"

namespace qa::prepare {

/// The prepare step of a replay: the Prepared of the run stored in `run_dir`, read from its
/// replay.json (`in`) instead of today's working tree: the configuration, rules files and
/// rubric as the run read them (their bytes checked against the sha256 it recorded), the
/// baseline's blob, one target. The team stores are read only; `allow_provider_calls` lends
/// the environment's keys, otherwise no key is known. Throws NotReplayable, settings::ConfigError.
Prepared prepare_replay(const RunRequest& request, const git::Repository& repo,
                        const ReplayInput& in, const std::filesystem::path& run_dir,
                        bool allow_provider_calls);

/// The artifact root of `repo` as the configuration of its index names it (the embedded
/// default's `.qa-skill`), resolved and checked. Throws settings::ConfigError.
std::filesystem::path index_artifact_root(const git::Repository& repo, const RunRequest& request);

}  // namespace qa::prepare

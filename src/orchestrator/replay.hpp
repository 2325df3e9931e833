#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "artifacts/drift.hpp"
#include "orchestrator/run.hpp"
#include "prepare/not_replayable.hpp"

namespace qa::orchestrator {

/// What replaying a stored run found.
struct Replayed {
    std::string executionKey;
    std::filesystem::path runDir;
    /// The first difference between the stored hashed artifacts and the replay's; nullopt:
    /// every byte equal. Values are shown with the credential rules' masking.
    std::optional<artifacts::Difference> difference;
};

/// Replays the run stored in `run_dir` (`<artifact root>/runs/<executionKey>`) from its
/// replay.json: the plan, execute and decide steps again on the stored change set,
/// configuration, rules files and baseline (git's blobs), with the provider answers of the
/// run's cache, then compares every hashed artifact byte for byte. `allow_provider_calls`
/// asks the provider for an answer the cache lacks (keys from the environment); without it
/// such a replay throws NotReplayable naming the lens. `request` lends the repository
/// (startDir, gitEnv), the execution environment and the worker count. Throws NotReplayable,
/// util::InputError (a malformed replay.json), settings::ConfigError.
Replayed replay(const prepare::RunRequest& request, const std::filesystem::path& run_dir,
                bool allow_provider_calls, const RunControl& control = {});

/// `<artifact root>/runs` of the repository `request` opens, the artifact root as the
/// configuration of its index names it (the embedded default's `.qa-skill`).
std::filesystem::path runs_folder(const prepare::RunRequest& request);

}  // namespace qa::orchestrator

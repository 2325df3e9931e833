#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "git/repository.hpp"
#include "prepare/own_rules_text.hpp"
#include "prepare/replay_input.hpp"
#include "prepare/run_request.hpp"
#include "prepare/tree_under_test.hpp"

namespace qa::config {
struct Config;
}

namespace qa::prepare {

/// What the steps after prepare say or keep of the configuration, read by prepare so that none
/// of them reads config::Config: where it came from and its hash (the log), the run-level part
/// of replay.json (the configuration and the rules files and rubric it named, by blob or
/// sha256), the baseline's path and `artifact_retention` (the write step), the repository's own
/// rules files (the report's rule descriptions).
struct ConfigFacts {
    std::string source;  ///< Config::source
    std::string hash;    ///< config::config_hash
    /// configSource, config, runModeOverride, rulesFiles and rubric; the rest is per target.
    /// Filled only for a run that writes artifacts (it reads the files' blobs).
    ReplayInput stored;
    std::string baselinePath;   ///< `baseline`, relative to the tree under test
    std::size_t retention = 0;  ///< `artifact_retention`
    std::vector<OwnRulesText> ownRules;
};

/// The ConfigFacts of `config`, read for `request` from `config_tree` (nullopt for
/// `--config FILE` and the embedded default), with replay.json's part when `stored`.
ConfigFacts config_facts(const git::Repository& repo, const RunRequest& request,
                         const config::Config& config,
                         const std::optional<TreeUnderTest>& config_tree, bool stored);

}  // namespace qa::prepare

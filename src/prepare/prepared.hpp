#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "baseline/load.hpp"
#include "cache/tiered.hpp"
#include "exec/execution_policy.hpp"
#include "git/blob_reader.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "input/run_input.hpp"
#include "lenses/catalog.hpp"
#include "plan/registry.hpp"
#include "prepare/config_facts.hpp"
#include "prepare/run_request.hpp"
#include "prepare/targets.hpp"
#include "prepare/tree_under_test.hpp"
#include "providers/provider_client.hpp"

namespace qa::prepare {

/// One change to check, prepared: its change set, the tree under test, that tree's baseline,
/// and the RunInput every later step reads.
struct PreparedTarget {
    Target target;
    TreeUnderTest tree;
    std::optional<baseline::LoadedBaseline> baseline;
    input::RunInput input;
};

/// What the first step of a run (seed flow steps 1 and 2, prepare/prepare.hpp) gives every
/// later step: everything a run reads from the request, the repository, the configuration and
/// the environment, read once and validated before any lens runs, as values. The Config itself
/// stays in prepare, the only step that reads it or the process environment.
struct Prepared {
    const git::Repository& repo;
    const RunRequest& request;
    plan::Registry registry;  ///< the run's: the built-in lenses and the configured external ones
    /// The run's lens catalog: the built-in lenses, their rules compiled with the repository's
    /// own rules files. The dispatcher finds each plan's lens here, never in a global.
    std::shared_ptr<const lenses::Catalog> lenses;
    std::unique_ptr<const git::BlobReader> reader;
    /// The tree the configuration and its rules files came from; nullopt for `--config FILE`
    /// and the embedded default of a push of deletions.
    std::optional<TreeUnderTest> configTree;
    std::vector<PreparedTarget> targets;
    std::size_t jobs = 1;
    /// The artifact root, resolved and checked (a bad `artifact_root` is exit 2 before any lens
    /// runs); nullopt when the run writes nothing and no lens caches.
    std::optional<std::filesystem::path> artifactRoot;
    /// The API keys of the configured provider bindings, read from the environment here
    /// (run_environment.hpp): no later step reads the environment.
    providers::KeyLookup keys;
    /// Set when the working tree's `.qa-skill.toml` is not the one under test (an unstaged
    /// edit a commit ignores): the line the report shows.
    std::optional<std::string> configNote;
    /// The team cache's stores: the configuration's `[cache]` with the user's own file laid
    /// over it, read here when a lens calls a provider, with their credentials and HMAC key read
    /// from the environment here too (run_environment.hpp); read-only, all of them, for a
    /// replay.
    cache::TieredOptions teamCache;
    /// What may execute (allow_execution_lens_classes, the permission profiles, the user's
    /// trust), read here so that execute never reads the configuration or the trust store.
    exec::ExecutionPolicy execution;
    ConfigFacts facts;  ///< what the log, the write step and the report say of the configuration
};

}  // namespace qa::prepare

#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "git/change_set.hpp"
#include "input/run_input.hpp"
#include "json/value.hpp"
#include "prepare/targets.hpp"
#include "prepare/tree_under_test.hpp"

namespace qa::prepare {

/// A file a run read its settings from: a blob of the repository (the tree under test's), or a
/// file given on the command line (`--config FILE` and its rules files), named with the sha256
/// of the bytes the run read.
struct StoredFile {
    std::string path;                 ///< as the run named it (repository-relative or as given)
    std::optional<std::string> blob;  ///< the blob id; nullopt: a file outside git
    std::string sha256;               ///< of the bytes the run read
};

/// The normalized input of one checked change, stored with its run (replay.json, outside the
/// hashed set) so that `qa-skill drift-check` can run it again from the plan step on without
/// reading today's working tree or index: the change set itself (paths, blob ids, hunks), the
/// configuration, rules files and baseline as blob ids of the tree under test, what the change
/// does to the gate, and the cache keys of the provider answers the run used. Commit and tag
/// messages are stored by their object ids, never as text (a message may hold a credential). Git's
/// object database keeps the blobs; the answers are in the run's cache.
struct ReplayInput {
    std::string configSource;          ///< Config::source
    std::optional<StoredFile> config;  ///< nullopt: the embedded default
    std::optional<contracts::RunMode> runModeOverride;
    std::vector<StoredFile> rulesFiles;
    /// The frozen consistency rubric the configuration names; nullopt: none.
    std::optional<StoredFile> rubric;
    std::string repoId;
    Target target;  ///< label, refs, base-ref codes, lenses, and the change set
    TreeUnderTest tree;
    std::optional<std::string> baselineSource;
    std::optional<std::string> baselineBlob;
    std::vector<input::GateChange> gateChanges;
    std::vector<std::string> providerAnswers;  ///< cache keys of the answers used, sorted
    /// Why the run's commands were refused (exec::ExecutionPolicy::untrusted); nullopt: its
    /// configuration was trusted. A fact of the run's machine that decides its bytes: a replay
    /// refuses the same way, and never runs commands the replaying machine has not trusted.
    std::optional<std::string> executionUntrusted;
};

/// The canonical JSON text of `input` (replay-input.v1) with `files` as the change set's file
/// list (the input's own are not read), each file's text written as it is made: a run of every
/// file holds neither the list as a JSON tree nor the change set twice (50,000 files: 72 MB).
std::string to_canonical_text(const ReplayInput& input, std::span<const git::FileChange> files);
/// Throws util::InputError naming the field when `value` is not a replay-input.v1.
ReplayInput replay_input_from_json(const json::Value& value);

}  // namespace qa::prepare

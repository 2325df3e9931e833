#pragma once

/// The two identity hashes of a run (seed 002, Determinism Plan items 1 and 2).

#include <string>
#include <utility>
#include <vector>

#include "contracts/enums.hpp"
#include "contracts/types.hpp"

namespace qa::contracts {

/// sha256 (64 lowercase hex digits) of the canonical JSON (RFC 8785) of to_json(input): the
/// same bytes skill-input.json holds, so the hash can be recomputed from the artifact alone.
std::string normalized_input_hash(const SkillInput& input);

/// The inputs of the execution key: what was reviewed (repo, base and head commits), by which
/// lens and adapter versions, how (run mode) and under which configuration.
struct ExecutionKeyInput {
    std::string repoId;
    std::string baseSha;
    std::string headSha;
    /// lensId, or "lensId/subLensId" for a sub-lens -> lensVersion. Order is irrelevant;
    /// repeated pairs are merged.
    std::vector<std::pair<std::string, std::string>> selectedLensVersions;
    /// adapterId ("openai-codex", ...) -> adapterVersion. Order is irrelevant; repeated pairs
    /// (several plans on one adapter) are merged.
    std::vector<std::pair<std::string, std::string>> providerAdapterVersions;
    RunMode runMode = RunMode::strict;
    std::string configHash;
};

/// sha256 hex of the canonical JSON of
///   {"repoId": repoId, "baseSha": baseSha, "headSha": headSha,
///    "selectedLensVersions": {id: version, ...},
///    "providerAdapterVersions": {adapterId: adapterVersion, ...},
///    "runMode": "strict" | "best_effort", "configHash": configHash}
/// The two maps are JSON objects, so the canonical form sorts their keys and the key does not
/// depend on plan order. Throws std::invalid_argument when one id is given two different
/// versions: such a key would silently depend on which one came first.
std::string execution_key(const ExecutionKeyInput& input);

}  // namespace qa::contracts

#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "json/value.hpp"

namespace qa::artifacts {

/// An artifact that does not validate against its schema: nothing of the run is written.
/// The message names the file and the first JSON pointer at fault.
class ArtifactSchemaInvalid : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// The hashed set of a run, in the order the manifest lists it.
inline constexpr const char* kArtifactFiles[] = {"skill-input.json", "lens-plans.json",
                                                 "lens-results.json", "final-verdict.json",
                                                 "skill-result.json"};

/// Where a run's artifacts went.
struct WrittenRun {
    std::filesystem::path directory;  ///< <artifactRoot>/runs/<executionKey>
    std::string manifestSha256;       ///< sha256 of manifest.json's bytes
    /// Set when `directory` already held a run of this key with other hashed bytes: that folder
    /// is kept as it was and this run went here, beside it (`<executionKey>.drift-<manifest
    /// sha256, 12 digits>`), for DETERMINISM_DRIFT_DETECTED to name both.
    std::optional<std::filesystem::path> drifted;
};

/// What a run folder holds besides the hashed artifacts: outside the hash set, because they
/// differ from run to run.
struct RunExtras {
    json::Value timings;                    ///< timings.json: host facts and durations
    std::optional<json::Value> provenance;  ///< provenance.json: provider calls, cache hits
    std::optional<std::string> replay;      ///< replay.json: the run's normalized input
};

/// Gives `artifact_root` (created already) its `.gitignore` of "*" when it has none: nothing
/// qa-skill writes there (runs, draft rubrics) is committed by accident.
void ignore_root(const std::filesystem::path& artifact_root);

/// Writes a run under `<artifact_root>/runs/<executionKey>/`: the five hashed artifacts in
/// canonical JSON, each validated against its schema first, `manifest.json` (their SHA-256s)
/// and the extras, all in a folder of their own renamed into place once complete (one atomic
/// publish: a reader, or another run of the same key, never sees part of a run). A folder
/// already under the key with the same hashed bytes is replaced (the newer timings and
/// provenance), and so is one where either run had a failed lens; otherwise one with other
/// hashed bytes is kept, and this run is recorded beside it (WrittenRun::drifted). Runs of one key
/// may write at once. The artifact root gets a
/// `.gitignore` of "*" so runs are never committed by accident. Throws ArtifactSchemaInvalid
/// before writing anything when an artifact breaks its schema; util::IoError when the root is
/// not writable. Large results are rendered on up to `workers` threads; the bytes do not depend
/// on it.
WrittenRun write_run(const std::filesystem::path& artifact_root, const contracts::SkillInput& input,
                     const contracts::SkillResult& result, const RunExtras& extras,
                     std::size_t workers = 1);

/// One rendered artifact: its bytes are its chunks in order. Chunks are shared, so that
/// skill-result.json repeats the other files' bytes without copying them.
struct RenderedFile {
    std::string name;
    std::vector<std::shared_ptr<const std::string>> chunks;

    std::string bytes() const;  ///< the chunks joined (tests, small files)
    std::size_t size() const;
};

/// The canonical bytes of each hashed artifact of a run, in kArtifactFiles order. Validates as
/// write_run does. Used by write_run and by the drift check.
std::vector<RenderedFile> render_run(const contracts::SkillInput& input,
                                     const contracts::SkillResult& result, std::size_t workers = 1);

}  // namespace qa::artifacts

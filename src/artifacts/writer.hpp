#pragma once

#include <filesystem>
#include <memory>
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
};

/// Gives `artifact_root` (created already) its `.gitignore` of "*" when it has none: nothing
/// qa-skill writes there (runs, draft rubrics) is committed by accident.
void ignore_root(const std::filesystem::path& artifact_root);

/// Writes a run under `<artifact_root>/runs/<executionKey>/`: the five hashed artifacts in
/// canonical JSON, each validated against its schema first, then `manifest.json` (their
/// SHA-256s), then `timings.json` (host facts and durations, outside the hashed set).
/// Every file is written atomically. The artifact root gets a `.gitignore` of "*" so runs are
/// never committed by accident. Throws ArtifactSchemaInvalid before writing anything when an
/// artifact breaks its schema; util::IoError when the root is not writable. Large results are
/// rendered on up to `workers` threads; the bytes do not depend on it.
WrittenRun write_run(const std::filesystem::path& artifact_root, const contracts::SkillInput& input,
                     const contracts::SkillResult& result, const json::Value& timings,
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

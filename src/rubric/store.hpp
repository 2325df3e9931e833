#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "rubric/rubric.hpp"

namespace qa::rubric {

/// Where a repository keeps its rubrics: frozen versions in a committed folder
/// (`[lenses.consistency] rubric_dir`, default kDefaultRubricDir), drafts among the local
/// artifacts (`<artifact_root>/rubric/`), never committed and never enforced.
struct Places {
    std::filesystem::path frozenDir;
    std::filesystem::path draftDir;
};

/// The committed folder of frozen rubrics, relative to the repository root.
inline constexpr std::string_view kDefaultRubricDir = ".qa-skill-rubric";

/// "v3.json" / "v3.draft.json"
std::string frozen_name(std::int64_t version);
std::string draft_name(std::int64_t version);

/// The versions of the files named like frozen_name() (or draft_name()) in `dir`, ascending.
std::vector<std::int64_t> versions_in(const std::filesystem::path& dir, bool drafts);

/// A rubric file written (or found already written with the same bytes).
struct Written {
    std::int64_t version = 0;
    std::filesystem::path path;
    std::string rubricHash;
    bool unchanged = false;  ///< the newest draft already had these bytes: nothing written
};

/// Writes the draft `build(version)` returns: when the newest draft is newer than every frozen
/// version and has the same bytes as a draft of its version built now, that draft (nothing is
/// written, so running init twice changes nothing); otherwise a new version, one above every
/// draft and frozen version.
Written write_draft(const Places& places, const std::function<Rubric(std::int64_t)>& build);

/// Freezes draft `version` into `<frozenDir>/v<version>.json`. Throws RubricError when there is
/// no such draft, or the version is frozen already (frozen versions are immutable).
Written approve(const Places& places, std::int64_t version);

/// A frozen rubric from its file's text; `source` names the file. Throws RubricError when it is
/// a draft, when its bytes no longer match its hash, or when it records another version.
Rubric load_frozen(std::string_view text, const std::string& source, std::int64_t version);

}  // namespace qa::rubric

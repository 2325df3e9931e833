#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "skills/skill.hpp"
#include "skills/validation_error.hpp"

namespace qa::skills {

struct LoadOptions {
    /// The Agent Skills reference validator's allowlist: a top-level field other than name,
    /// description, license, compatibility, metadata and allowed-tools is a problem (seed 001's
    /// fields then belong in skill/manifest.v1.json).
    bool strict = false;
};

/// A skill read and checked: `skill` is set only when `problems` is empty.
struct LoadResult {
    std::optional<Skill> skill;
    std::vector<ValidationError> problems;
};

/// A SKILL.md already read: what check_skill_source validates, without touching the disk.
struct SkillSource {
    std::string text;
    std::string file;       ///< the SKILL.md path as shown in locations
    std::string directory;  ///< the name of its folder, which `name` must equal
    /// True at the root of a git work tree: its folder is named by whoever cloned it, so `name`
    /// need not equal it (except under `strict`).
    bool repository_root = false;
    std::optional<std::string> manifest_text;  ///< skill/manifest.v1.json, when there is one
    std::string manifest_file;
};

/// Validates a SKILL.md (and its manifest) held in memory; never throws for bad input.
LoadResult check_skill_source(const SkillSource& source, const LoadOptions& options = {});

/// `path` itself when it names a Markdown file, else `path`/SKILL.md.
std::filesystem::path skill_file(const std::filesystem::path& path);

/// Reads SKILL.md (a file or a skill folder) and validates its frontmatter against the Agent
/// Skills specification and seed 001, every problem with file:line:col. When the folder holds
/// skill/manifest.v1.json, its seed 001 fields (version, input_schema, output_schema, pre_checks,
/// post_checks, cacheable, cache_ttl_minutes) complete the frontmatter; a field in both is a
/// problem. `name` must equal the folder's name, except for the SKILL.md at the root of a git
/// work tree (its folder is named by whoever cloned it) unless `strict`.
/// Throws util::IoError when SKILL.md (or the manifest) cannot be read.
LoadResult load_skill(const std::filesystem::path& path, const LoadOptions& options = {});

}  // namespace qa::skills

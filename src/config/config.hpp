#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "contracts/enums.hpp"
#include "json/value.hpp"
#include "settings/cache.hpp"
#include "settings/config_error.hpp"
#include "settings/config_file.hpp"
#include "settings/defaults.hpp"
#include "settings/layer_rule.hpp"
#include "settings/lens_mode.hpp"
#include "settings/openai_api.hpp"
#include "settings/profile.hpp"
#include "settings/provider.hpp"
#include "settings/rules_file.hpp"

namespace qa::config {

// The values a run's later steps read (settings/) are below the parser: the Config holds them,
// and prepare hands them on without the Config.

/// What an external lens (`[lenses.<id>] kind = "external"`) adds to the usual lens settings:
/// the program that implements it (doc/external-lens-protocol.md).
struct ExternalLensSettings {
    contracts::LensClass lensClass = contracts::LensClass::consistency;  ///< `class`, required
    std::vector<std::string> command;  ///< argv; default `qa-skill-lens-<id>` on PATH
    std::string version{
        settings::defaults::kExternalLensVersion};  ///< its lensVersion (executionKey)
    std::vector<std::string> paths;  ///< globs of the files it is planned for; empty: all text
};

/// Where a key and its value are in the file, for an error found after parsing.
struct KeyPosition {
    std::uint32_t keyLine = 0;
    std::uint32_t keyColumn = 0;
    std::uint32_t valueLine = 0;
    std::uint32_t valueColumn = 0;
};

/// `[lenses.<id>.<sub-lens>]`: a sub-lens's own requiredness, so that a model review beside
/// the rule sub-lenses can be optional while the rules stay required.
struct SubLensSettings {
    bool required = true;
    std::uint32_t line = 0;  ///< where the table is, for an error about its id
    std::uint32_t column = 0;
};

/// Settings of one lens (`[lenses.<id>]`).
struct LensSettings {
    bool enabled = true;
    bool required = true;
    settings::LensMode mode = settings::LensMode::added;
    std::int64_t diffContext = settings::defaults::kDiffContext;
    std::int64_t timeoutMs = settings::defaults::kLensTimeoutMs;
    std::optional<std::string> provider;  ///< providerBindingId for model lenses
    contracts::PermissionProfileId permissionProfile = contracts::PermissionProfileId::read_only;
    std::int64_t maxInputTokens = 0;
    std::int64_t maxOutputTokens = 0;
    std::optional<double> maxCostUsd;
    contracts::OverflowPolicy overflowPolicy = contracts::OverflowPolicy::stop;
    json::Value options = json::Object{};
    /// Where each key of `options` (first level) is: a lens that checks its options after
    /// parsing (lenses/phase_options.hpp) names the same file:line:col as the parser would.
    std::map<std::string, KeyPosition> optionPositions;
    /// Gitignore-style globs of files this lens does not check (plan/exclude.hpp).
    std::vector<std::string> exclude;
    /// When set, exactly the findings at or above this severity block; otherwise each rule's
    /// own `blocking` decides.
    std::optional<contracts::Severity> blockAt;
    /// Set for a lens the configuration declares (kind = "external"), not the registry.
    std::optional<ExternalLensSettings> external;
    /// Model lenses: minutes a cached answer stays valid (0: never cached); unset: 7 days.
    std::optional<std::int64_t> cacheTtlMinutes;
    /// The consistency lens only: `rubric_version`, the frozen rubric it enforces (no implicit
    /// latest), and `rubric_dir`, the committed folder holding `v<N>.json`.
    std::optional<std::int64_t> rubricVersion;
    std::string rubricDir{settings::defaults::kRubricDir};
    std::uint32_t rubricLine = 0;  ///< where rubric_version is, for errors about the file
    std::uint32_t rubricColumn = 0;
    /// Sub-lenses given their own settings, by subLensId; plan/sub_lens_check.hpp checks the ids.
    std::map<std::string, SubLensSettings, std::less<>> subLenses;
    std::uint32_t line = 0;  ///< where the table is, for errors found after parsing
    std::uint32_t column = 0;

    /// Whether the plans of sub-lens `sub` (none: the lens itself) are required: the sub-lens's
    /// own `required` when set, else the lens's.
    bool required_for(const std::optional<std::string>& sub) const {
        const auto it = sub ? subLenses.find(*sub) : subLenses.end();
        return it != subLenses.end() ? it->second.required : required;
    }
};

/// The frozen rubric `[lenses.consistency] rubric_version` names, as read from the tree under
/// test (orchestrator) or the working tree (load_config); rubric/ parses and verifies it.
struct RubricFile {
    std::string path;  ///< repository-relative: `<rubric_dir>/v<N>.json`
    std::string text;
    std::string sha256;  ///< of text; part of the normalized configuration and configHash
};

/// `[rules.<id>]`: a built-in rule switched off or given another severity.
struct RuleOverride {
    std::optional<bool> enabled;
    std::optional<contracts::Severity> severity;
    std::uint32_t line = 0;  ///< where the table is, for an error about its id
    std::uint32_t column = 0;
};

/// The effective configuration: `.qa-skill.toml` with every default filled in.
struct Config {
    std::string source;  ///< the file it came from, or "<embedded default>"
    contracts::RunMode runMode = contracts::RunMode::strict;
    std::optional<std::string> baseRef;
    std::optional<std::string> repoId;
    std::int64_t maxConcurrency = 4;
    std::string artifactRoot = ".qa-skill";
    /// How many run folders `<artifactRoot>/runs/` keeps; older ones are pruned after a run.
    std::int64_t artifactRetention = settings::defaults::kArtifactRetention;
    /// Repository-relative path of the baseline file, read from the tree under test.
    std::string baseline = ".qa-skill-baseline.json";
    std::vector<contracts::LensClass> allowExecutionLensClasses;
    contracts::PermissionProfileId defaultPermissionProfile =
        contracts::PermissionProfileId::read_only;
    std::int64_t runMaxTokens = 300000;
    std::optional<double> runMaxCostUsd = 12.0;
    std::int64_t maxChangedFiles =
        settings::defaults::kMaxChangedFiles;  ///< above either: DIFF_TOO_LARGE
    std::int64_t maxChangedLines = settings::defaults::kMaxChangedLines;
    std::int64_t maxContextBytes =
        settings::defaults::kMaxContextBytes;  ///< per lens plan; beyond: CONTEXT_BOUND_EXCEEDED
    std::map<std::string, LensSettings> lenses;
    std::vector<settings::ProviderSettings> providers;
    std::vector<settings::ProfileSettings> permissionProfiles;
    std::vector<settings::LayerRule> layers;
    /// Gitignore-style globs of files no lens checks, applied before planning and counted.
    std::vector<std::string> exclude;
    std::map<std::string, RuleOverride> rules;  ///< by rule id
    std::vector<settings::RulesFile> rulesFiles;
    /// The consistency lens's frozen rubric, once read (nullopt: none named, or not read yet).
    std::optional<RubricFile> rubric;
    settings::CacheSettings cache;
};

/// The source name of the embedded default configuration, in its errors and `config check`.
inline constexpr std::string_view kEmbeddedSource = "<embedded default>";

/// Parses TOML text. `source` names it in errors; `known_lens_ids` are the registry's lenses
/// (a `[lenses.x]` table for anything else is an error). Throws ConfigError.
Config parse_config(std::string_view text, const std::string& source,
                    std::span<const std::string> known_lens_ids);

/// `<repo_root>/.qa-skill.toml` when it exists, otherwise the embedded default.
Config load_config(const std::filesystem::path& repo_root,
                   std::span<const std::string> known_lens_ids);

/// The user's own configuration file: `$XDG_CONFIG_HOME/qa-skill/config.toml`, or
/// `$HOME/.config/qa-skill/config.toml` when XDG_CONFIG_HOME is unset; nullopt without either.
std::optional<std::filesystem::path> user_config_path();

/// `repo` with the `[cache]` table of the user's file (user_config_path()) laid over it: its
/// remotes come after the repository's, one naming the same URL replaces the repository's
/// (so a CI machine can make the team's read-only store writable), and its timeout_ms and
/// hmac_key_env win. No file: `repo` as it is. Throws ConfigError naming the user's file.
settings::CacheSettings with_user_cache(const settings::CacheSettings& repo);
/// The same with the file at `path` (tests).
settings::CacheSettings with_user_cache(const settings::CacheSettings& repo,
                                        const std::filesystem::path& path);

/// The embedded default configuration's text.
std::string_view default_config_text();

/// The configuration as a JSON value with every default filled in and lists in a fixed order:
/// what `config show --format json` prints and what configHash hashes.
json::Value normalized(const Config& config);

/// `[cache]` as `config show` prints it beside the normalized configuration (it is not part of
/// configHash): each store with the file that named it; variables by name, never their values.
json::Value cache_json(const settings::CacheSettings& cache);

/// sha256 of the canonical JSON of normalized(config): formatting, comments and key order of
/// the TOML file do not change it.
std::string config_hash(const Config& config);

}  // namespace qa::config

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

#include "config/defaults.hpp"
#include "config/lens_mode.hpp"
#include "config/openai_api.hpp"
#include "contracts/enums.hpp"
#include "json/value.hpp"
#include "util/source_error.hpp"

namespace qa::config {

/// A configuration that cannot be used: "file:line:col: key: problem".
/// Exit 2, printed as "config error: ...".
class ConfigError : public util::SourceError {
  public:
    ConfigError(std::string file, std::uint32_t line, std::uint32_t column, std::string key,
                const std::string& problem)
        : SourceError(util::kExitUsage, "config error", std::move(file), line, column,
                      std::move(key), problem) {}
};

/// What an external lens (`[lenses.<id>] kind = "external"`) adds to the usual lens settings:
/// the program that implements it (doc/external-lens-protocol.md).
struct ExternalLensSettings {
    contracts::LensClass lensClass = contracts::LensClass::consistency;  ///< `class`, required
    std::vector<std::string> command;  ///< argv; default `qa-skill-lens-<id>` on PATH
    std::string version{defaults::kExternalLensVersion};  ///< its lensVersion (executionKey)
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
    LensMode mode = LensMode::added;
    std::int64_t diffContext = defaults::kDiffContext;
    std::int64_t timeoutMs = defaults::kLensTimeoutMs;
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
    std::string rubricDir{defaults::kRubricDir};
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

/// A model provider binding (`[providers.<bindingId>]`).
struct ProviderSettings {
    std::string bindingId;
    contracts::AdapterId adapter = contracts::AdapterId::openai_codex;
    std::string model;
    std::string baseUrl;    ///< without a trailing '/'; the adapter's default when not set
    std::string apiKeyEnv;  ///< the NAME of the environment variable; never the key itself
    std::int64_t timeoutMs = defaults::kProviderTimeoutMs;
    std::int64_t maxTokens = defaults::kProviderMaxTokens;
    std::optional<std::int64_t> seed;
    OpenAiApi api = OpenAiApi::responses;  ///< openai-codex only
    bool sampling = true;  ///< false: send no temperature/top_p (models that reject them)
    std::optional<double> inputUsdPerMtok;  ///< price table: both set or neither
    std::optional<double> outputUsdPerMtok;
    std::uint32_t line = 0;  ///< where the table is, for errors found after parsing
    std::uint32_t column = 0;
};

/// An execution permission profile (`[permission_profiles.<id>]`).
struct ProfileSettings {
    contracts::PermissionProfileId profileId = contracts::PermissionProfileId::read_only;
    std::vector<std::vector<std::string>> allowedCommandPrefixes;
    std::int64_t maxCommandsPerPlan = defaults::kMaxCommandsPerPlan;
    std::int64_t commandTimeoutMs = defaults::kCommandTimeoutMs;
    std::int64_t maxStdoutBytes = defaults::kMaxCommandOutputBytes;
    std::int64_t maxStderrBytes = defaults::kMaxCommandOutputBytes;
    /// Names of environment variables passed into the sandbox beyond the fixed ones (PATH, HOME,
    /// LANG, TZ). A name that looks like a credential is a config error.
    std::vector<std::string> envAllowlist;
    /// Paths bound read-only into the sandbox besides the system's (`/opt/toolchain`,
    /// `~/.cargo`): absolute, or under `~/`, as written.
    std::vector<std::string> readOnlyPaths;
    std::int64_t maxProcesses = defaults::kMaxProcesses;
    std::int64_t maxMemoryMb = defaults::kMaxMemoryMb;
    std::int64_t maxFileSizeMb = defaults::kMaxFileSizeMb;
    std::int64_t tmpSizeMb = defaults::kTmpSizeMb;
};

/// "Files matching `from` may not import files matching any of `deny`" (`[[architecture.layers]]`).
struct LayerRule {
    std::string name;
    std::vector<std::string> from;
    std::vector<std::string> deny;
};

/// A repository's own rules file (`rules_files`), in the format of lenses/*/rules.toml; its
/// rules join the security lens.
struct RulesFile {
    std::string path;        ///< repository-relative, as written
    std::uint32_t line = 0;  ///< of its entry in the configuration, for errors
    std::uint32_t column = 0;
    std::string text;    ///< filled by load_rules_files (config/rules_files.hpp)
    std::string sha256;  ///< of text; part of the normalized configuration and configHash
};

/// One team store of `[cache] remote` (doc/team-cache.md).
struct RemoteCacheSettings {
    std::string url;  ///< never holds a password: the reader rejects one
    bool readOnly = false;
    /// The NAME of the variable holding the Redis password or HTTP bearer token; empty: none.
    std::string credentialEnv;
    /// Redis: the other hosts ("host" or "host:port") of its cluster, the only ones besides the
    /// URL's own host that a MOVED or ASK redirection may lead to (the password goes along).
    std::vector<std::string> clusterNodes;
    std::string source;  ///< the file that named it, and where, for errors found later
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

/// `[cache]`: the team-shared answer cache of the model lenses. Not part of configHash: a store
/// only saves provider calls, the verdict never depends on it.
struct CacheSettings {
    std::vector<RemoteCacheSettings> remotes;  ///< tried in order
    std::int64_t timeoutMs = defaults::kCacheTimeoutMs;
    /// The NAME of the variable holding the HMAC-SHA256 key of team records; empty: unsigned.
    std::string hmacKeyEnv;
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
    std::int64_t artifactRetention = defaults::kArtifactRetention;
    /// Repository-relative path of the baseline file, read from the tree under test.
    std::string baseline = ".qa-skill-baseline.json";
    std::vector<contracts::LensClass> allowExecutionLensClasses;
    contracts::PermissionProfileId defaultPermissionProfile =
        contracts::PermissionProfileId::read_only;
    std::int64_t runMaxTokens = 300000;
    std::optional<double> runMaxCostUsd = 12.0;
    std::int64_t maxChangedFiles = defaults::kMaxChangedFiles;  ///< above either: DIFF_TOO_LARGE
    std::int64_t maxChangedLines = defaults::kMaxChangedLines;
    std::int64_t maxContextBytes =
        defaults::kMaxContextBytes;  ///< per lens plan; beyond: CONTEXT_BOUND_EXCEEDED
    std::map<std::string, LensSettings> lenses;
    std::vector<ProviderSettings> providers;
    std::vector<ProfileSettings> permissionProfiles;
    std::vector<LayerRule> layers;
    /// Gitignore-style globs of files no lens checks, applied before planning and counted.
    std::vector<std::string> exclude;
    std::map<std::string, RuleOverride> rules;  ///< by rule id
    std::vector<RulesFile> rulesFiles;
    /// The consistency lens's frozen rubric, once read (nullopt: none named, or not read yet).
    std::optional<RubricFile> rubric;
    CacheSettings cache;
};

/// The file name looked up at the repository root.
inline constexpr std::string_view kConfigFileName = ".qa-skill.toml";
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
CacheSettings with_user_cache(const CacheSettings& repo);
/// The same with the file at `path` (tests).
CacheSettings with_user_cache(const CacheSettings& repo, const std::filesystem::path& path);

/// The embedded default configuration's text.
std::string_view default_config_text();

/// The configuration as a JSON value with every default filled in and lists in a fixed order:
/// what `config show --format json` prints and what configHash hashes.
json::Value normalized(const Config& config);

/// `[cache]` as `config show` prints it beside the normalized configuration (it is not part of
/// configHash): each store with the file that named it; variables by name, never their values.
json::Value cache_json(const CacheSettings& cache);

/// sha256 of the canonical JSON of normalized(config): formatting, comments and key order of
/// the TOML file do not change it.
std::string config_hash(const Config& config);

}  // namespace qa::config

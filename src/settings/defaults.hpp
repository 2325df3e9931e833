#pragma once

#include <cstdint>
#include <string_view>

/// The one table of defaults: every default value that more than one place needs lives here
/// (the config's struct initialisers, the skill input, the dispatcher, the lenses read these).
namespace qa::settings::defaults {

inline constexpr std::int64_t kLensTimeoutMs = 60000;
/// `[lenses.<id>] diff_context`: lines of context around a change in diff_context mode.
inline constexpr std::int64_t kDiffContext = 3;
/// `[budget] max_context_bytes`: what one lens plan may send a model, at most.
inline constexpr std::int64_t kMaxContextBytes = 8 << 20;
/// `max_changed_files`, `max_changed_lines`: the hard cap; above either: DIFF_TOO_LARGE.
inline constexpr std::int64_t kMaxChangedFiles = 5000;
inline constexpr std::int64_t kMaxChangedLines = 200000;
/// `[lenses.<id>] version` of an external lens that does not set one.
inline constexpr std::string_view kExternalLensVersion = "1.0.0";
inline constexpr std::int64_t kProviderTimeoutMs = 60000;
inline constexpr std::int64_t kProviderMaxTokens = 4096;
inline constexpr std::int64_t kMaxCommandsPerPlan = 8;
inline constexpr std::int64_t kCommandTimeoutMs = 120000;
inline constexpr std::int64_t kMaxCommandOutputBytes = 1 << 20;  ///< stdout and stderr each
/// A sandbox's limits (doc/execution.md says why each default).
inline constexpr std::int64_t kMaxProcesses = 256;
inline constexpr std::int64_t kMaxMemoryMb = 4096;  ///< per process (RLIMIT_DATA)
inline constexpr std::int64_t kMaxFileSizeMb = 1024;
inline constexpr std::int64_t kTmpSizeMb = 512;
/// The hygiene lens's oversize-file threshold (`[lenses.style.options] max_file_bytes`).
inline constexpr std::uint64_t kOversizeFileBytes = 1024 * 1024;
/// `[providers.<id>] base_url` when it is not set, per adapter.
inline constexpr std::string_view kOpenAiBaseUrl = "https://api.openai.com/v1";
inline constexpr std::string_view kAnthropicBaseUrl = "https://api.anthropic.com";
/// ProviderBinding.adapterVersion of both built-in adapters.
inline constexpr std::string_view kAdapterVersion = "1.0.0";
/// `artifact_retention`: run folders kept under `<artifact_root>/runs/`.
inline constexpr std::int64_t kArtifactRetention = 20;
/// `[lenses.consistency] rubric_dir`: the committed folder of frozen rubrics (v<N>.json).
inline constexpr std::string_view kRubricDir = ".qa-skill-rubric";

/// `[cache] timeout_ms`: connect and each operation of a team store. Short: a slow store must
/// not slow a commit (a hit answers in about a millisecond on a LAN).
inline constexpr std::int64_t kCacheTimeoutMs = 500;

}  // namespace qa::settings::defaults

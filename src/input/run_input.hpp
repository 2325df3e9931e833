#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "contracts/types.hpp"
#include "input/lens_kind.hpp"
#include "json/value.hpp"
#include "rubric/rubric.hpp"
#include "settings/defaults.hpp"
#include "settings/layer_rule.hpp"
#include "settings/lens_mode.hpp"
#include "settings/provider.hpp"

namespace qa::input {

/// Which lines a lens reports on: the configuration's `mode`, as the lenses name it.
using settings::LensMode;
using settings::to_string;

/// One lens's settings for this run, resolved once from the registry and the configuration,
/// with the contracts' enums: what a lens reads about itself.
struct LensInput {
    std::string lensId;
    LensKind kind = LensKind::rule;
    contracts::LensClass lensClass = contracts::LensClass::style;
    std::string lensVersion;
    bool enabled = true;
    bool required = true;
    LensMode mode = LensMode::added;
    std::int64_t diffContext = settings::defaults::kDiffContext;
    std::chrono::milliseconds timeout{settings::defaults::kLensTimeoutMs};
    contracts::PermissionProfileId permissionProfile = contracts::PermissionProfileId::read_only;
    /// The binding a model lens calls (`[providers.<provider>]`), resolved; nullopt otherwise.
    std::optional<settings::ProviderSettings> provider;
    std::int64_t maxInputTokens = 0;
    std::int64_t maxOutputTokens = 0;
    std::optional<double> maxCostUsd;
    contracts::OverflowPolicy overflowPolicy = contracts::OverflowPolicy::stop;
    json::Value options = json::Object{};  ///< `[lenses.<id>.options]`, lens-specific
    /// `[lenses.<id>] block_at`: exactly the findings at or above it block; unset, each rule's
    /// own `blocking` decides.
    std::optional<contracts::Severity> blockAt;
    /// An external lens's program and arguments (`command`); empty for every other kind.
    std::vector<std::string> command;
    /// `[lenses.<id>] cache_ttl_minutes`: how long a model lens's cached answer lives (0: not
    /// cached); nullopt: the lens's default.
    std::optional<std::chrono::minutes> cacheTtl;
    /// The registry entry's sub-lenses (their subLensIds), and those a model judges
    /// (`"kind": "model"`): what a lens knows of its entry without reaching for a registry.
    std::set<std::string, std::less<>> subLensIds;
    std::set<std::string, std::less<>> modelSubLensIds;
    /// `[lenses.<id>.<sub>] required`: the sub-lenses whose requiredness is their own.
    std::map<std::string, bool, std::less<>> subLensRequired;
    /// `[lenses.<id>] exclude`: gitignore-style globs of files this lens does not check.
    std::vector<std::string> exclude;

    /// Whether the plans of sub-lens `sub` (none: the lens itself) are required: the sub-lens's
    /// own `required` when set, else the lens's.
    bool required_for(const std::optional<std::string>& sub) const;
};

/// `[rules.<id>]`: a rule switched off, or given another severity.
struct RuleSetting {
    bool enabled = true;
    std::optional<contracts::Severity> severity;
};

/// A change to the gate itself that the change under test makes (prepare::gate_changes):
/// a weaker configuration, findings newly accepted by the baseline. The gate lens reports each
/// on `file`:`line`, for a reviewer to see.
struct GateChange {
    std::string file;
    std::int64_t line = 1;
    std::string key;  ///< "lenses.security.enabled", "baseline", ...
    std::string summary;
    /// A change of the run rather than of a file (`QA_SKILL_SKIP`): reported at this pseudo
    /// path, by the gate plan that holds `file` (one changed file, so it is reported once).
    std::optional<std::string> shownAs;
};

/// The immutable input of one checked change: the SkillInput the artifacts record and every
/// lens's resolved settings. Built once at the top of a run (prepare::make_run_input);
/// the dispatcher, the lenses and the verdict read it, never the Config, so that what a run
/// depended on is what its artifacts say.
struct RunInput {
    contracts::SkillInput skill;
    /// Which configuration decided (the tree's, an explicit --config, or the embedded default),
    /// as the verdict's rationale names it.
    std::string configSource;
    std::map<std::string, LensInput, std::less<>> lenses;  ///< every known lens, by lensId
    std::vector<settings::LayerRule> layers;               ///< `[[architecture.layers]]`
    std::vector<GateChange> gateChanges;  ///< what the change does to the gate itself
    std::map<std::string, RuleSetting, std::less<>> rules;  ///< `[rules.<id>]`, by rule id
    /// `[budget] max_context_bytes`: what one plan may send a model, at most.
    std::int64_t maxContextBytes = settings::defaults::kMaxContextBytes;
    /// `max_changed_files`, `max_changed_lines`: the hard cap on what bounded lenses read.
    std::int64_t maxChangedFiles = settings::defaults::kMaxChangedFiles;
    std::int64_t maxChangedLines = settings::defaults::kMaxChangedLines;
    /// The top-level `exclude`: gitignore-style globs of files no lens checks.
    std::vector<std::string> exclude;
    /// The frozen rubric the consistency lens enforces (`[lenses.consistency] rubric_version`,
    /// read from the tree under test and verified); nullptr when it names none. Its hash is in
    /// the normalized configuration, so configHash and the executionKey follow it.
    std::shared_ptr<const rubric::Rubric> rubric;

    /// The lens `lens_id`, or nullptr when it is not known.
    const LensInput* lens(std::string_view lens_id) const;
};

}  // namespace qa::input

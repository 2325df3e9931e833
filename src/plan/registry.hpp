#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contracts/enums.hpp"
#include "input/lens_kind.hpp"

namespace qa::plan {

/// When a sub-lens applies to a changed file. An empty list places no condition.
struct Triggers {
    std::vector<std::string> paths;      ///< globs (util::glob_match)
    std::vector<std::string> languages;  ///< classify() languages
    std::vector<std::string> fileKinds;  ///< classify() kinds by name
};

struct SubLensEntry {
    std::optional<std::string> subLensId;
    Triggers triggers;
    /// A sub-lens judged by a model through its lens's provider binding (`"kind": "model"`),
    /// inside a lens of another kind (security/model-review): planned only when the lens names
    /// a provider.
    bool model = false;
};

/// One lens of lenses/registry.v1.json.
struct LensEntry {
    std::string lensId;
    contracts::LensClass lensClass = contracts::LensClass::consistency;
    std::string lensVersion;
    input::LensKind kind = input::LensKind::rule;  ///< rule | model | execution (| external)
    /// Which implementation in the binary serves the lens, among those of its kind: rules |
    /// gate | layering (rule), model (model), phase (execution).
    std::string engine;
    std::string description;
    contracts::BlockingPolicy blockingPolicy = contracts::BlockingPolicy::rule_defined;
    std::int64_t maxInputTokens = 0;
    std::int64_t maxOutputTokens = 0;
    bool fullContext = false;
    std::vector<SubLensEntry> subLenses;
};

/// The lens registry: which lenses exist, when they trigger, and their defaults.
struct Registry {
    std::map<std::string, std::int64_t> lensClassPriority;
    double broadScanThreshold = 0.5;
    std::vector<LensEntry> lenses;

    const LensEntry* find(std::string_view lens_id) const;
    std::vector<std::string> lens_ids() const;
};

/// Parses and schema-checks registry JSON text (schema lens-registry.v1). Throws json::Error.
Registry parse_registry(std::string_view json_text);

/// The registry compiled into the binary (lenses/registry.v1.json), parsed and checked at each
/// call: no process-wide copy. A run reads it once, in prepare, and hands it on (the run's
/// registry, the lenses built from its entries); a command reads it where it starts.
Registry read_builtin_registry();

}  // namespace qa::plan

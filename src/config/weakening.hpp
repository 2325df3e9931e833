#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"

namespace qa::config {

/// One way a configuration lets more through than the one it replaces.
struct Weakening {
    std::string key;      ///< the key that changed: "lenses.security.enabled", "rules.x", ...
    std::string summary;  ///< what changed, for the report: "the security lens is disabled"
};

/// How `after` weakens the gate compared with `before` (the configuration of the change's base,
/// or the embedded default when the base has none): strict mode given up, a lens disabled or
/// made optional, files excluded, a rule disabled or given another severity, block_at set or
/// raised. In a fixed order (key order), so that the findings made of them are deterministic.
/// Stronger settings and settings that only rename things are not reported.
std::vector<Weakening> weakenings(const Config& before, const Config& after);

}  // namespace qa::config

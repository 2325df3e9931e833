#pragma once

#include <string>

#include "config/config.hpp"

namespace qa::config {

/// sha256 of the parts of the configuration that decide what may run or be contacted: the
/// execution classes, the default profile, every permission profile, every lens's profile,
/// options and (external lenses) command, and the provider bindings. Other keys (rules,
/// budgets) do not need trusting again. What exec::is_trusted compares with the trust store.
std::string execution_config_hash(const Config& config);

}  // namespace qa::config

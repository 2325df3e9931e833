#pragma once

#include "config/config.hpp"
#include "plan/registry.hpp"

namespace qa::prepare {

/// Every `[lenses.<id>.<sub>]` of `config` names a sub-lens the registry gives lens <id>;
/// otherwise a settings::ConfigError at that table, with a suggestion and the lens's sub-lenses.
/// The configuration reader cannot say it: it knows lens ids, not their sub-lenses.
void check_sub_lens_settings(const config::Config& config, const plan::Registry& registry);

}  // namespace qa::prepare

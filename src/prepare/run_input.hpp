#pragma once

#include "config/config.hpp"
#include "contracts/types.hpp"
#include "input/run_input.hpp"
#include "plan/registry.hpp"

namespace qa::prepare {

/// The run's immutable input: `skill` and every registry lens's settings resolved from
/// `config` into the contracts' enums (the config admits only valid spellings), with the
/// lens's kind, class and version from the registry and its provider binding looked up.
input::RunInput make_run_input(const config::Config& config, const plan::Registry& registry,
                               contracts::SkillInput skill);

}  // namespace qa::prepare

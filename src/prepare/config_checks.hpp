#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"
#include "plan/registry.hpp"
#include "providers/provider_client.hpp"

namespace qa::prepare {

/// Every check a parsed configuration meets before a run starts, in one place, so that
/// `qa-skill config check` and every run (the hooks' included) accept and reject the same
/// configurations with the same file:line:col: enabled model lenses can call their provider
/// (with the keys `keys` finds), `[lenses.phase.options]` can work, the frozen rubric is
/// present and untouched, and `[rules.<id>]` names a rule the run loads (built-in, own or
/// rubric). Throws settings::ConfigError (exit 2). Returns the notes `config check` prints (an
/// optional model lens that runs degraded where its key variable is not set).
///
/// Not here: the repository's own rules compile when the run builds its lenses (the same error
/// either way), and `artifact_root` is resolved against a repository.
std::vector<std::string> check_config(const config::Config& config, const plan::Registry& registry,
                                      const providers::KeyLookup& keys);

}  // namespace qa::prepare

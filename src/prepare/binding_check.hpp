#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"
#include "plan/registry.hpp"
#include "providers/provider_client.hpp"

namespace qa::prepare {

/// Enabling a model lens without a usable binding is a configuration error at load time, not a
/// failure at dispatch: an enabled model lens must name a provider (`[lenses.<id>] provider`)
/// that a `[providers.<id>]` table defines and whose `api_key_env` variable is set. Throws
/// settings::ConfigError naming the file and the key. A lens with model sub-lenses
/// (security/model-review) that names a provider must have it usable likewise.
///
/// An unset key variable is an error only for a required lens. An optional lens without its key
/// runs degraded (PROVIDER_AUTH_ERROR, no call made): a teammate who lacks the variable can
/// still commit. The returned notes say so, one per such lens, for `config check` to print.
std::vector<std::string> check_model_bindings(const config::Config& config,
                                              const plan::Registry& registry,
                                              const providers::KeyLookup& keys);

}  // namespace qa::prepare

#pragma once

#include <string>
#include <vector>

#include "cache/tiered.hpp"
#include "providers/provider_client.hpp"
#include "settings/cache.hpp"
#include "settings/provider.hpp"

// What a run reads from the process environment besides what the binaries put in its request
// (git::GitEnv, ExecutionEnv): the variables its configuration names, read by prepare, once,
// before any lens runs, and handed on as values (issue 21). Their values are secrets: in memory
// only, never in an artifact, a log line, a report, a cache record or a message.
namespace qa::prepare {

/// The values of `names` in the process environment, read now: the copy later steps ask. An
/// unset or empty variable is absent.
providers::KeyLookup read_variables(const std::vector<std::string>& names);

/// The API keys the bindings of `providers` name (api_key_env), read_variables'd.
providers::KeyLookup read_keys(const std::vector<settings::ProviderSettings>& providers);

/// The team stores of `team` with the secrets they need (credential_env, hmac_key_env) read
/// from the environment now (lenses::model::team_cache_options). When hmac_key_env names a
/// variable that is not set, the one warning line is printed here, and no store is used. Throws
/// settings::ConfigError for a store URL qa-skill cannot speak.
cache::TieredOptions read_team_cache(const settings::CacheSettings& team);

}  // namespace qa::prepare

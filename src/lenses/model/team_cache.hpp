#pragma once

#include <optional>
#include <string>

#include "cache/tiered.hpp"
#include "json/schema_validator.hpp"
#include "providers/provider_client.hpp"
#include "settings/cache.hpp"

namespace qa::lenses::model {

/// Why the team stores of `team` are off where the environment holds `variables` (the values
/// read once, before any lens runs): hmac_key_env names a variable that is not set, and unsigned
/// records must be neither trusted nor written where signed ones are expected. The one warning
/// line the caller prints (without its "qa-skill: warning: "); nullopt when they are on.
std::optional<std::string> team_cache_off(const settings::CacheSettings& team,
                                          const providers::KeyLookup& variables);

/// The team stores of `team` as the cache speaks them: each URL checked (one qa-skill cannot
/// speak is a settings::ConfigError of the file that named it), each store's credential and the
/// HMAC key taken from `variables` (never from the process environment), and no store when
/// team_cache_off. Answers are accepted only once accept_sound_answers is applied.
cache::TieredOptions team_cache_options(const settings::CacheSettings& team,
                                        const providers::KeyLookup& variables);

/// Makes `options` accept a stored answer only when answer_is_sound under `findings`, which must
/// outlive the options.
void accept_sound_answers(cache::TieredOptions& options, const json::SchemaValidator& findings);

}  // namespace qa::lenses::model

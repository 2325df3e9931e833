#pragma once

#include "cache/tiered.hpp"
#include "json/schema_validator.hpp"
#include "settings/cache.hpp"

namespace qa::lenses::model {

/// The team stores of `team` as the cache speaks them: each URL checked (one qa-skill cannot
/// speak is a settings::ConfigError of the file that named it), the HMAC key read from the
/// variable hmac_key_env names (named but unset: one warning line, and no store is used, since
/// unsigned records must be neither trusted nor written), and answers accepted only when
/// answer_is_sound under `findings`, which must outlive the options.
cache::TieredOptions team_cache_options(const settings::CacheSettings& team,
                                        const json::SchemaValidator& findings);

}  // namespace qa::lenses::model

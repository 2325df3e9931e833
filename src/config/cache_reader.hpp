#pragma once

#include "config/config.hpp"
#include "util/toml_reader.hpp"

namespace qa::config {

/// `[cache]`: remote (strings or inline tables {url, read_only, credential_env, cluster_nodes}),
/// read_only and credential_env (the defaults of the string entries), timeout_ms, hmac_key_env.
settings::CacheSettings read_cache(util::TomlReader& r);

}  // namespace qa::config

#pragma once

#include "config/config.hpp"
#include "util/toml_reader.hpp"

namespace qa::config {

/// Reads `[providers.<bindingId>]` of the root table into config.providers, in binding id
/// order. adapter, model and api_key_env are required; base_url defaults per adapter.
void read_providers(util::TomlReader& root, Config& config);

}  // namespace qa::config

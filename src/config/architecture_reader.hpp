#pragma once

#include "config/config.hpp"
#include "util/toml_reader.hpp"

namespace qa::config {

/// Reads `[architecture]` (a reader of that table): its `[[architecture.layers]]` rules, each
/// with a name and non-empty `from` and `deny` globs, into config.layers.
void read_architecture(util::TomlReader& r, Config& config);

}  // namespace qa::config

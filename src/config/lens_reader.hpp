#pragma once

#include <span>
#include <string>

#include "config/config.hpp"
#include "util/toml_reader.hpp"

namespace qa::config {

/// Reads `[lenses]` of the root table `root` into config.lenses, over the settings already
/// there (the embedded default's, and defaults for every known lens). A table for a lens not
/// in `known_lens_ids` declares an external lens (`kind = "external"`); anything else there is
/// an error, as is switching off the gate lens.
void read_lenses(util::TomlReader& root, Config& config,
                 std::span<const std::string> known_lens_ids);

}  // namespace qa::config

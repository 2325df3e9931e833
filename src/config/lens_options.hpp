#pragma once

#include <toml++/toml.h>

#include <string_view>

#include "json/value.hpp"
#include "util/toml_reader.hpp"

namespace qa::config {

/// `[lenses.<id>.options]` as JSON, read by `options` (a reader of that table). Dates and
/// times are rejected everywhere in it; a built-in rule lens's options admit its known keys
/// only, in range, so that a typo or a value that would silently change a verdict
/// (`max_file_bytes = -5`) is an error. Model, execution and external lenses check their own.
json::Value read_lens_options(util::TomlReader& options, std::string_view lens_id);

}  // namespace qa::config

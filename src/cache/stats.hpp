#pragma once

#include <filesystem>

#include "cache/tiered.hpp"

namespace qa::cache {

/// Adds `c` to the counters kept in `<directory>/stats` (one `name value` line each), under an
/// advisory lock so that concurrent runs add up. Best effort: a failure loses these counts.
void add_counters(const std::filesystem::path& directory, const Counters& c);

/// The counters kept in `<directory>/stats`; zero when there are none.
Counters read_counters(const std::filesystem::path& directory);

}  // namespace qa::cache

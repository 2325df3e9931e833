#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artifacts/writer.hpp"

namespace qa::artifacts {

/// The first command whose outcome (exit code, time-out, limit reached, stdout and stderr
/// hashes) differs between two runs' lens-results.json texts, named "<lensId>[/<subLensId>]
/// command <ordinal>"; nullopt when every command a lens ran gave the same outcome (or either
/// text is no lens results array: the caller's own comparison then speaks).
///
/// What a project's own commands print is no function of the stored input (a test runner prints
/// how long its tests took), so two runs of one key that differ there differ by the moment, not
/// by qa-skill: the newer run replaces the older, and a replay says it cannot be compared, never
/// DETERMINISM_DRIFT_DETECTED. Runs whose commands gave the same outcomes are compared byte for
/// byte as any other.
std::optional<std::string> command_outcome_difference(std::string_view stored,
                                                      std::string_view replayed);

/// The same between the run folder `run_dir`'s lens-results.json and the one of `rendered`
/// (render_run's); nullopt when either is missing or unreadable (compare_run names those).
std::optional<std::string> command_outcome_difference(const std::filesystem::path& run_dir,
                                                      const std::vector<RenderedFile>& rendered);

}  // namespace qa::artifacts

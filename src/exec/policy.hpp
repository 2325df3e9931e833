#pragma once

#include <span>
#include <string>
#include <vector>

#include "contracts/types.hpp"

namespace qa::exec {

/// Seed rule: execution only when the lens class is allowlisted AND the profile is not
/// read-only. Throws ExecError(EXECUTION_DENIED) otherwise; nothing is ever escalated.
void require_execution_allowed(contracts::LensClass lens_class,
                               std::span<const contracts::LensClass> allow_execution_lens_classes,
                               const contracts::PermissionProfile& profile);

/// True when `argv` starts with every element of `prefix` (exact strings, no globbing).
bool has_prefix(std::span<const std::string> argv, std::span<const std::string> prefix);

/// Checks a plan's command specs before anything runs: at most maxCommandsPerPlan, distinct
/// ordinals, non-empty argv, each argv under one of allowedCommandPrefixes. Returns the specs
/// sorted by ordinal. Throws ExecError(EXECUTION_POLICY_VIOLATION) naming the first offending
/// command; no command is rewritten to make it fit.
std::vector<contracts::ExecutionCommandSpec> checked_commands(
    std::vector<contracts::ExecutionCommandSpec> specs,
    const contracts::PermissionProfile& profile);

/// argv as one display line, arguments with spaces or quotes single-quoted.
std::string display_command(std::span<const std::string> argv);

}  // namespace qa::exec

#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "contracts/enums.hpp"
#include "settings/defaults.hpp"

namespace qa::settings {

/// An execution permission profile (`[permission_profiles.<id>]`).
struct ProfileSettings {
    contracts::PermissionProfileId profileId = contracts::PermissionProfileId::read_only;
    std::vector<std::vector<std::string>> allowedCommandPrefixes;
    std::int64_t maxCommandsPerPlan = defaults::kMaxCommandsPerPlan;
    std::int64_t commandTimeoutMs = defaults::kCommandTimeoutMs;
    std::int64_t maxStdoutBytes = defaults::kMaxCommandOutputBytes;
    std::int64_t maxStderrBytes = defaults::kMaxCommandOutputBytes;
    /// Names of environment variables passed into the sandbox beyond the fixed ones (PATH, HOME,
    /// LANG, TZ). A name that looks like a credential is a config error.
    std::vector<std::string> envAllowlist;
    /// Paths bound read-only into the sandbox besides the system's (`/opt/toolchain`,
    /// `~/.cargo`): absolute, or under `~/`, as written.
    std::vector<std::string> readOnlyPaths;
    std::int64_t maxProcesses = defaults::kMaxProcesses;
    std::int64_t maxMemoryMb = defaults::kMaxMemoryMb;
    std::int64_t maxFileSizeMb = defaults::kMaxFileSizeMb;
    std::int64_t tmpSizeMb = defaults::kTmpSizeMb;
};

}  // namespace qa::settings

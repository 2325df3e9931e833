#include "exec/profile.hpp"

namespace qa::exec {

ExecProfile resolve_profile(std::span<const settings::ProfileSettings> profiles,
                            contracts::PermissionProfileId id) {
    ExecProfile out;
    auto& p = out.profile;
    p.profileId = id;
    const bool read_only = id == contracts::PermissionProfileId::read_only;
    p.readOnly = read_only;
    p.allowNetwork = id == contracts::PermissionProfileId::exec_sandboxed;
    p.worktreeMode = read_only ? contracts::WorktreeMode::none : contracts::WorktreeMode::ephemeral;
    const settings::ProfileSettings defaults;
    p.maxCommandsPerPlan = read_only ? 0 : defaults.maxCommandsPerPlan;
    p.commandTimeoutMs = defaults.commandTimeoutMs;
    p.maxStdoutBytes = defaults.maxStdoutBytes;
    p.maxStderrBytes = defaults.maxStderrBytes;
    out.limits.maxProcesses = defaults.maxProcesses;
    out.limits.maxMemoryBytes = defaults.maxMemoryMb << 20;
    out.limits.maxFileSizeBytes = defaults.maxFileSizeMb << 20;
    out.limits.tmpSizeBytes = defaults.tmpSizeMb << 20;
    for (const auto& s : profiles) {
        if (s.profileId != id) {
            continue;
        }
        p.allowedCommandPrefixes = s.allowedCommandPrefixes;
        p.maxCommandsPerPlan = read_only ? 0 : s.maxCommandsPerPlan;
        p.commandTimeoutMs = s.commandTimeoutMs;
        p.maxStdoutBytes = s.maxStdoutBytes;
        p.maxStderrBytes = s.maxStderrBytes;
        out.envAllowlist = s.envAllowlist;
        out.readOnlyPaths = s.readOnlyPaths;
        out.limits.maxProcesses = s.maxProcesses;
        out.limits.maxMemoryBytes = s.maxMemoryMb << 20;
        out.limits.maxFileSizeBytes = s.maxFileSizeMb << 20;
        out.limits.tmpSizeBytes = s.tmpSizeMb << 20;
    }
    return out;
}

}  // namespace qa::exec

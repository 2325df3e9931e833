#pragma once

#include <span>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "exec/confinement.hpp"
#include "settings/profile.hpp"

namespace qa::exec {

/// A permission profile as the runner applies it: the seed's guardrails plus the names of the
/// environment variables the profile lets into the sandbox.
struct ExecProfile {
    contracts::PermissionProfile profile;
    std::vector<std::string> envAllowlist;
    std::vector<std::string> readOnlyPaths;  ///< as written: absolute or under ~/
    SandboxLimits limits;
};

/// The profile `id` with the configuration's `[permission_profiles.<id>]` (among `profiles`)
/// applied. Network and worktree mode follow from the id alone (exec_sandboxed is the only
/// profile with network); read_only never runs anything, whatever the configuration says.
ExecProfile resolve_profile(std::span<const settings::ProfileSettings> profiles,
                            contracts::PermissionProfileId id);

}  // namespace qa::exec

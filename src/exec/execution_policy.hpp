#pragma once

#include <optional>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "exec/profile.hpp"

namespace qa::exec {

/// What a run may execute, decided once before any lens runs (prepare::prepare reads it
/// from the configuration and the user's trust store): the execution lenses' checkouts and the
/// external lenses' sandbox read this value, never the configuration.
struct ExecutionPolicy {
    /// `allow_execution_lens_classes`: the lens classes that may run commands at all.
    std::vector<contracts::LensClass> allowedClasses;
    /// Every permission profile, with the configuration's `[permission_profiles.<id>]` applied.
    std::vector<ExecProfile> profiles;
    /// Why nothing may run: the configuration is not trusted (exec::require_trust's message)
    /// or the trust store cannot be read; nullopt: trusted. The message lens results carry,
    /// and what a replay restores (it decides the bytes of a run, not today's trust store).
    std::optional<std::string> untrusted;

    /// The profile `id` as resolved (read_only when it is somehow missing: nothing runs then).
    ExecProfile profile(contracts::PermissionProfileId id) const;
};

}  // namespace qa::exec

#include "exec/execution_policy.hpp"

#include <algorithm>

namespace qa::exec {

ExecProfile ExecutionPolicy::profile(contracts::PermissionProfileId id) const {
    const auto it = std::find_if(profiles.begin(), profiles.end(),
                                 [id](const ExecProfile& p) { return p.profile.profileId == id; });
    return it != profiles.end() ? *it : ExecProfile{};
}

}  // namespace qa::exec

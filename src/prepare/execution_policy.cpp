#include "prepare/execution_policy.hpp"

#include <algorithm>

#include "config/execution_hash.hpp"
#include "exec/exec_error.hpp"
#include "exec/profile.hpp"
#include "exec/trust.hpp"
#include "util/file.hpp"

namespace qa::prepare {
namespace {

/// Whether a lens of the run may run a command: only then is the trust store read.
bool runs_commands(const config::Config& config, const plan::Registry& registry) {
    return std::any_of(registry.lenses.begin(), registry.lenses.end(), [&](const auto& lens) {
        const auto it = config.lenses.find(lens.lensId);
        return lens.kind == input::LensKind::external ||
               (lens.kind == input::LensKind::execution && it != config.lenses.end() &&
                it->second.enabled);
    });
}

}  // namespace

exec::ExecutionPolicy read_execution_policy(const config::Config& config,
                                            const plan::Registry& registry,
                                            const std::filesystem::path& repo_root,
                                            const std::optional<ExecutionEnv>& env) {
    exec::ExecutionPolicy policy;
    policy.allowedClasses = config.allowExecutionLensClasses;
    for (const auto id :
         {contracts::PermissionProfileId::read_only, contracts::PermissionProfileId::exec_sandboxed,
          contracts::PermissionProfileId::exec_sandboxed_network_off}) {
        policy.profiles.push_back(exec::resolve_profile(config.permissionProfiles, id));
    }
    if (env && runs_commands(config, registry)) {
        try {
            exec::require_trust(env->trust, repo_root, config::execution_config_hash(config));
        } catch (const exec::ExecError& e) {
            policy.untrusted = e.what();
        } catch (const util::IoError& e) {  // no HOME: nothing can have been trusted
            policy.untrusted = "the trust store cannot be read (" + std::string(e.what()) +
                               "); execution needs 'qa-skill trust' (CI: QA_SKILL_TRUST=1)";
        }
    }
    return policy;
}

}  // namespace qa::prepare

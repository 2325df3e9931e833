#include "prepare/skill_input.hpp"

#include <algorithm>

#include "contracts/enums.hpp"
#include "exec/profile.hpp"
#include "json/canonical.hpp"
#include "providers/binding.hpp"
#include "util/sha256.hpp"

namespace qa::prepare {
namespace {

/// One resolution of profiles for the SkillInput and the runner that applies them.
contracts::PermissionProfile profile_for(const config::Config& config,
                                         contracts::PermissionProfileId id) {
    return exec::resolve_profile(config.permissionProfiles, id).profile;
}

}  // namespace

contracts::SkillInput make_skill_input(const config::Config& config, const std::string& repo_id,
                                       const std::optional<std::string>& base_ref,
                                       const std::string& head_ref,
                                       const std::optional<std::vector<std::string>>& lens_ids,
                                       const std::optional<std::string>& baseline_digest) {
    contracts::SkillInput in;
    in.schemaVersion = "skill-input.v1";
    in.repoId = config.repoId.value_or(repo_id);
    in.repoRoot = ".";
    in.vcs = "git";
    in.baseRef = base_ref;
    in.headRef = head_ref;
    in.runMode = config.runMode;
    if (lens_ids) {
        auto ids = *lens_ids;
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        in.requestedLensIds = ids;
    }
    in.maxConcurrency = config.maxConcurrency;
    // A set, ordered by spelling as before the config was typed: the SkillInput's bytes stay.
    std::vector<contracts::LensClass> classes = config.allowExecutionLensClasses;
    const auto by_name = [](contracts::LensClass a, contracts::LensClass b) {
        return contracts::to_string(a) < contracts::to_string(b);
    };
    std::sort(classes.begin(), classes.end(), by_name);
    classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
    in.allowExecutionLensClasses = std::move(classes);
    // Every profile, in the seed's enum order, so the list never depends on the file's order.
    for (const auto id :
         {contracts::PermissionProfileId::read_only, contracts::PermissionProfileId::exec_sandboxed,
          contracts::PermissionProfileId::exec_sandboxed_network_off}) {
        in.permissionProfiles.push_back(profile_for(config, id));
    }
    in.defaultPermissionProfileId = config.defaultPermissionProfile;
    in.artifactRoot = config.artifactRoot;
    in.runBudgetMaxTokens = config.runMaxTokens;
    in.runBudgetMaxCostUsd = config.runMaxCostUsd;
    for (const auto& p : config.providers) {  // config keeps them sorted by bindingId
        in.providerBindings.push_back(providers::binding_from(p).pinned);
    }
    if (baseline_digest) {
        json::Value normalized = config::normalized(config);
        normalized.as_object().emplace_back("baseline_sha256", *baseline_digest);
        in.configHash = util::sha256_hex(json::canonical(normalized));
    } else {
        in.configHash = config::config_hash(config);
    }
    return in;
}

}  // namespace qa::prepare

// SkillInput: the normalized request of a run.
#include "contracts/io/read.hpp"
#include "contracts/io/write.hpp"
#include "contracts/json_io.hpp"

namespace qa::contracts {

json::Value to_json(const SkillInput& v) {
    return json::Object{
        {"schemaVersion", v.schemaVersion},
        {"repoId", v.repoId},
        {"repoRoot", v.repoRoot},
        {"vcs", v.vcs},
        {"baseRef", io::opt_string(v.baseRef)},
        {"headRef", v.headRef},
        {"runMode", io::enum_value(v.runMode)},
        {"requestedLensIds", v.requestedLensIds ? io::strings(*v.requestedLensIds) : json::Value()},
        {"maxConcurrency", v.maxConcurrency},
        {"allowExecutionLensClasses", io::enums(v.allowExecutionLensClasses)},
        {"permissionProfiles", io::objects(v.permissionProfiles)},
        {"defaultPermissionProfileId", io::enum_value(v.defaultPermissionProfileId)},
        {"artifactRoot", v.artifactRoot},
        {"runBudgetMaxTokens", v.runBudgetMaxTokens},
        {"runBudgetMaxCostUsd", io::opt_number(v.runBudgetMaxCostUsd)},
        {"providerBindings", io::objects(v.providerBindings)},
        {"configHash", v.configHash},
    };
}

SkillInput io::read_skill_input(const Field& f) {
    const Members m(
        f, "SkillInput",
        {"schemaVersion", "repoId", "repoRoot", "vcs", "baseRef", "headRef", "runMode",
         "requestedLensIds", "maxConcurrency", "allowExecutionLensClasses", "permissionProfiles",
         "defaultPermissionProfileId", "artifactRoot", "runBudgetMaxTokens", "runBudgetMaxCostUsd",
         "providerBindings", "configHash"});
    SkillInput v;
    v.schemaVersion = read_literal(m["schemaVersion"], kSkillInputV1);
    v.repoId = read_string(m["repoId"]);
    v.repoRoot = read_string(m["repoRoot"]);
    v.vcs = read_literal(m["vcs"], "git");
    v.baseRef = read_opt_string(m["baseRef"]);
    v.headRef = read_string(m["headRef"]);
    v.runMode = read_enum<RunMode>(m["runMode"]);
    v.requestedLensIds = nullable<std::vector<std::string>>(m["requestedLensIds"], read_strings);
    v.maxConcurrency = read_integer(m["maxConcurrency"], 1);
    v.allowExecutionLensClasses = read_enums<LensClass>(m["allowExecutionLensClasses"]);
    v.permissionProfiles = read_array(m["permissionProfiles"], read_permission_profile);
    v.defaultPermissionProfileId = read_enum<PermissionProfileId>(m["defaultPermissionProfileId"]);
    v.artifactRoot = read_string(m["artifactRoot"]);
    v.runBudgetMaxTokens = read_integer(m["runBudgetMaxTokens"], 0);
    v.runBudgetMaxCostUsd = read_opt_cost(m["runBudgetMaxCostUsd"]);
    v.providerBindings = read_array(m["providerBindings"], read_provider_binding);
    v.configHash = read_hash(m["configHash"]);
    return v;
}

}  // namespace qa::contracts

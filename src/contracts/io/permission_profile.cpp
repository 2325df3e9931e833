// PermissionProfile: what an execution lens may run.
#include "contracts/io/read.hpp"
#include "contracts/io/write.hpp"
#include "contracts/json_io.hpp"

namespace qa::contracts {

json::Value to_json(const PermissionProfile& v) {
    json::Array prefixes;
    for (const auto& prefix : v.allowedCommandPrefixes) {
        prefixes.push_back(io::strings(prefix));
    }
    return json::Object{
        {"profileId", io::enum_value(v.profileId)},
        {"readOnly", v.readOnly},
        {"allowNetwork", v.allowNetwork},
        {"worktreeMode", io::enum_value(v.worktreeMode)},
        {"allowedCommandPrefixes", std::move(prefixes)},
        {"maxCommandsPerPlan", v.maxCommandsPerPlan},
        {"commandTimeoutMs", v.commandTimeoutMs},
        {"maxStdoutBytes", v.maxStdoutBytes},
        {"maxStderrBytes", v.maxStderrBytes},
    };
}

PermissionProfile io::read_permission_profile(const Field& f) {
    const Members m(
        f, "PermissionProfile",
        {"profileId", "readOnly", "allowNetwork", "worktreeMode", "allowedCommandPrefixes",
         "maxCommandsPerPlan", "commandTimeoutMs", "maxStdoutBytes", "maxStderrBytes"});
    PermissionProfile v;
    v.profileId = read_enum<PermissionProfileId>(m["profileId"]);
    v.readOnly = read_bool(m["readOnly"]);
    v.allowNetwork = read_bool(m["allowNetwork"]);
    v.worktreeMode = read_enum<WorktreeMode>(m["worktreeMode"]);
    v.allowedCommandPrefixes = read_array(m["allowedCommandPrefixes"], read_strings);
    v.maxCommandsPerPlan = read_integer(m["maxCommandsPerPlan"], 0);
    v.commandTimeoutMs = read_integer(m["commandTimeoutMs"], 0);
    v.maxStdoutBytes = read_integer(m["maxStdoutBytes"], 0);
    v.maxStderrBytes = read_integer(m["maxStderrBytes"], 0);
    return v;
}

}  // namespace qa::contracts

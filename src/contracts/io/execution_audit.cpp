// ExecutionAudit and its ExecutionCommandResults: what an execution lens ran.
#include "contracts/io/read.hpp"
#include "contracts/io/write.hpp"
#include "contracts/json_io.hpp"

namespace qa::contracts {

json::Value to_json(const ExecutionCommandResult& v) {
    return json::Object{
        {"ordinal", v.ordinal},           {"exitCode", io::opt_integer(v.exitCode)},
        {"timedOut", v.timedOut},         {"stdoutSha256", v.stdoutSha256},
        {"stderrSha256", v.stderrSha256},
    };
}

ExecutionCommandResult io::read_execution_command_result(const Field& f) {
    const Members m(f, "ExecutionCommandResult",
                    {"ordinal", "exitCode", "timedOut", "stdoutSha256", "stderrSha256"});
    ExecutionCommandResult v;
    v.ordinal = read_integer(m["ordinal"], 0);
    v.exitCode = read_opt_integer(m["exitCode"], std::nullopt);
    v.timedOut = read_bool(m["timedOut"]);
    v.stdoutSha256 = read_hash(m["stdoutSha256"]);
    v.stderrSha256 = read_hash(m["stderrSha256"]);
    return v;
}

json::Value to_json(const ExecutionAudit& v) {
    return json::Object{
        {"schemaVersion", v.schemaVersion},
        {"permissionProfileId", io::enum_value(v.permissionProfileId)},
        {"worktreePath", io::opt_string(v.worktreePath)},
        {"commands", io::objects(v.commands)},
    };
}

ExecutionAudit io::read_execution_audit(const Field& f) {
    const Members m(f, "ExecutionAudit",
                    {"schemaVersion", "permissionProfileId", "worktreePath", "commands"});
    ExecutionAudit v;
    v.schemaVersion = read_literal(m["schemaVersion"], kExecutionAuditV1);
    v.permissionProfileId = read_enum<PermissionProfileId>(m["permissionProfileId"]);
    v.worktreePath = read_opt_string(m["worktreePath"]);
    v.commands = read_array(m["commands"], read_execution_command_result);
    return v;
}

}  // namespace qa::contracts

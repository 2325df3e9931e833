// ExecutionAudit and its ExecutionCommandResults: what an execution lens ran.
#include "contracts/io/read.hpp"
#include "contracts/io/write.hpp"
#include "contracts/json_io.hpp"

namespace qa::contracts {

json::Value to_json(const ExecutionCommandResult& v) {
    json::Object o{
        {"ordinal", v.ordinal},           {"exitCode", io::opt_integer(v.exitCode)},
        {"timedOut", v.timedOut},         {"stdoutSha256", v.stdoutSha256},
        {"stderrSha256", v.stderrSha256},
    };
    if (v.limitExceeded) {
        o.emplace_back("limitExceeded", *v.limitExceeded);
    }
    return o;
}

json::Value to_json(const SandboxMount& v) {
    return json::Object{{"path", v.path}, {"writable", v.writable}, {"source", v.source}};
}

json::Value to_json(const SandboxView& v) {
    return json::Object{
        {"mounts", io::objects(v.mounts)},        {"network", v.network},
        {"maxProcesses", v.maxProcesses},         {"maxMemoryBytes", v.maxMemoryBytes},
        {"maxFileSizeBytes", v.maxFileSizeBytes}, {"tmpSizeBytes", v.tmpSizeBytes},
        {"processLimit", v.processLimit},
    };
}

namespace {

SandboxMount read_sandbox_mount(const io::Field& f) {
    const io::Members m(f, "SandboxMount", {"path", "writable", "source"});
    return SandboxMount{io::read_string(m["path"]), io::read_bool(m["writable"]),
                        io::read_string(m["source"])};
}

SandboxView read_sandbox_view(const io::Field& f) {
    const io::Members m(f, "SandboxView",
                        {"mounts", "network", "maxProcesses", "maxMemoryBytes", "maxFileSizeBytes",
                         "tmpSizeBytes", "processLimit"});
    SandboxView v;
    v.mounts = io::read_array(m["mounts"], read_sandbox_mount);
    v.network = io::read_bool(m["network"]);
    v.maxProcesses = io::read_integer(m["maxProcesses"], 0);
    v.maxMemoryBytes = io::read_integer(m["maxMemoryBytes"], 0);
    v.maxFileSizeBytes = io::read_integer(m["maxFileSizeBytes"], 0);
    v.tmpSizeBytes = io::read_integer(m["tmpSizeBytes"], 0);
    v.processLimit = io::read_string(m["processLimit"]);
    return v;
}

}  // namespace

ExecutionCommandResult io::read_execution_command_result(const Field& f) {
    const Members m(f, "ExecutionCommandResult",
                    {"ordinal", "exitCode", "timedOut", "stdoutSha256", "stderrSha256"},
                    {"limitExceeded"});
    ExecutionCommandResult v;
    v.ordinal = read_integer(m["ordinal"], 0);
    v.exitCode = read_opt_integer(m["exitCode"], std::nullopt);
    v.timedOut = read_bool(m["timedOut"]);
    v.stdoutSha256 = read_hash(m["stdoutSha256"]);
    v.stderrSha256 = read_hash(m["stderrSha256"]);
    if (m.has("limitExceeded")) {
        v.limitExceeded = read_string(m["limitExceeded"]);
    }
    return v;
}

json::Value to_json(const ExecutionAudit& v) {
    json::Object o{
        {"schemaVersion", v.schemaVersion},
        {"permissionProfileId", io::enum_value(v.permissionProfileId)},
        {"worktreePath", io::opt_string(v.worktreePath)},
        {"commands", io::objects(v.commands)},
    };
    if (v.sandbox) {
        o.emplace_back("sandbox", to_json(*v.sandbox));
    }
    return o;
}

ExecutionAudit io::read_execution_audit(const Field& f) {
    const Members m(f, "ExecutionAudit",
                    {"schemaVersion", "permissionProfileId", "worktreePath", "commands"},
                    {"sandbox"});
    ExecutionAudit v;
    v.schemaVersion = read_literal(m["schemaVersion"], kExecutionAuditV1);
    v.permissionProfileId = read_enum<PermissionProfileId>(m["permissionProfileId"]);
    v.worktreePath = read_opt_string(m["worktreePath"]);
    v.commands = read_array(m["commands"], read_execution_command_result);
    if (m.has("sandbox")) {
        v.sandbox = read_sandbox_view(m["sandbox"]);
    }
    return v;
}

}  // namespace qa::contracts

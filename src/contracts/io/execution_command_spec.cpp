// ExecutionCommandSpec: a command a lens plan asks to run.
#include "contracts/io/read.hpp"
#include "contracts/io/write.hpp"
#include "contracts/json_io.hpp"

namespace qa::contracts {

json::Value to_json(const ExecutionCommandSpec& v) {
    return json::Object{
        {"ordinal", v.ordinal},
        {"command", io::strings(v.command)},
        {"cwdMode", io::enum_value(v.cwdMode)},
        {"purpose", v.purpose},
    };
}

ExecutionCommandSpec io::read_execution_command_spec(const Field& f) {
    const Members m(f, "ExecutionCommandSpec", {"ordinal", "command", "cwdMode", "purpose"});
    ExecutionCommandSpec v;
    v.ordinal = read_integer(m["ordinal"], 0);
    v.command = read_strings(m["command"]);
    v.cwdMode = read_enum<CwdMode>(m["cwdMode"]);
    v.purpose = read_string(m["purpose"]);
    return v;
}

}  // namespace qa::contracts

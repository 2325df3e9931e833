#include "contracts/json_io.hpp"

#include "contracts/io/read.hpp"
#include "json/parse.hpp"

// Each contract type's writer and reader live together in contracts/io/<type>.cpp; this file
// names the types from_json reads and what they are called in messages.
namespace qa::contracts {

/// The reader of each contract type and its name in messages; from_json is instantiated for
/// exactly these types.
template <class T>
struct Reader;

template <class T>
T from_json(const json::Value& value, const std::string& pointer) {
    return Reader<T>::from(io::Field{value, pointer, Reader<T>::name});
}

template <class T>
T from_json_text(std::string_view json_text) {
    return from_json<T>(json::parse(json_text), "");
}

#define QA_CONTRACTS_READER(T, read)                                 \
    template <>                                                      \
    struct Reader<T> {                                               \
        static constexpr const char* name = #T;                      \
        static T from(const io::Field& f) { return read(f); }        \
    };                                                               \
    template T from_json<T>(const json::Value&, const std::string&); \
    template T from_json_text<T>(std::string_view);

QA_CONTRACTS_READER(UsageMetrics, io::read_usage_metrics)
QA_CONTRACTS_READER(ProviderBinding, io::read_provider_binding)
QA_CONTRACTS_READER(PermissionProfile, io::read_permission_profile)
QA_CONTRACTS_READER(ExecutionCommandSpec, io::read_execution_command_spec)
QA_CONTRACTS_READER(ExecutionCommandResult, io::read_execution_command_result)
QA_CONTRACTS_READER(ExecutionAudit, io::read_execution_audit)
QA_CONTRACTS_READER(SkillInput, io::read_skill_input)
QA_CONTRACTS_READER(LensPlan, io::read_lens_plan)
QA_CONTRACTS_READER(Finding, io::read_finding)
QA_CONTRACTS_READER(LensResult, io::read_lens_result)
QA_CONTRACTS_READER(FinalVerdict, io::read_final_verdict)
QA_CONTRACTS_READER(SkillResult, io::read_skill_result)

#undef QA_CONTRACTS_READER

SkillInput parse_skill_input(std::string_view json_text) {
    return from_json_text<SkillInput>(json_text);
}
SkillResult parse_skill_result(std::string_view json_text) {
    return from_json_text<SkillResult>(json_text);
}
LensPlan parse_lens_plan(std::string_view json_text) {
    return from_json_text<LensPlan>(json_text);
}
LensResult parse_lens_result(std::string_view json_text) {
    return from_json_text<LensResult>(json_text);
}
FinalVerdict parse_final_verdict(std::string_view json_text) {
    return from_json_text<FinalVerdict>(json_text);
}
ExecutionAudit parse_execution_audit(std::string_view json_text) {
    return from_json_text<ExecutionAudit>(json_text);
}

}  // namespace qa::contracts

// LensPlan: what one lens (or sub-lens, or shard) is asked to do.
#include "contracts/io/read.hpp"
#include "contracts/io/write.hpp"
#include "contracts/json_io.hpp"

namespace qa::contracts {

json::Value to_json(const LensPlan& v) {
    return json::Object{
        {"schemaVersion", v.schemaVersion},
        {"planOrdinal", v.planOrdinal},
        {"lensId", v.lensId},
        {"subLensId", io::opt_string(v.subLensId)},
        {"lensVersion", v.lensVersion},
        {"lensClass", io::enum_value(v.lensClass)},
        {"required", v.required},
        {"blockingPolicy", io::enum_value(v.blockingPolicy)},
        {"providerBindingId", v.providerBindingId},
        {"permissionProfileId", io::enum_value(v.permissionProfileId)},
        {"changedFiles", io::strings(v.changedFiles)},
        {"fullContextFiles", io::strings(v.fullContextFiles)},
        {"omittedFiles", io::strings(v.omittedFiles)},
        {"scopeDigest", v.scopeDigest},
        {"executionCommands", io::objects(v.executionCommands)},
        {"maxInputTokens", v.maxInputTokens},
        {"maxOutputTokens", v.maxOutputTokens},
        {"maxCostUsd", io::opt_number(v.maxCostUsd)},
        {"overflowPolicy", io::enum_value(v.overflowPolicy)},
    };
}

LensPlan io::read_lens_plan(const Field& f) {
    const Members m(
        f, "LensPlan",
        {"schemaVersion", "planOrdinal", "lensId", "subLensId", "lensVersion", "lensClass",
         "required", "blockingPolicy", "providerBindingId", "permissionProfileId", "changedFiles",
         "fullContextFiles", "omittedFiles", "scopeDigest", "executionCommands", "maxInputTokens",
         "maxOutputTokens", "maxCostUsd", "overflowPolicy"});
    LensPlan v;
    v.schemaVersion = read_literal(m["schemaVersion"], kLensPlanV1);
    v.planOrdinal = read_integer(m["planOrdinal"], 0);
    v.lensId = read_string(m["lensId"]);
    v.subLensId = read_opt_string(m["subLensId"]);
    v.lensVersion = read_string(m["lensVersion"]);
    v.lensClass = read_enum<LensClass>(m["lensClass"]);
    v.required = read_bool(m["required"]);
    v.blockingPolicy = read_enum<BlockingPolicy>(m["blockingPolicy"]);
    v.providerBindingId = read_string(m["providerBindingId"]);
    v.permissionProfileId = read_enum<PermissionProfileId>(m["permissionProfileId"]);
    v.changedFiles = read_strings(m["changedFiles"]);
    v.fullContextFiles = read_strings(m["fullContextFiles"]);
    v.omittedFiles = read_strings(m["omittedFiles"]);
    v.scopeDigest = read_hash(m["scopeDigest"]);
    v.executionCommands = read_array(m["executionCommands"], read_execution_command_spec);
    v.maxInputTokens = read_integer(m["maxInputTokens"], 0);
    v.maxOutputTokens = read_integer(m["maxOutputTokens"], 0);
    v.maxCostUsd = read_opt_cost(m["maxCostUsd"]);
    v.overflowPolicy = read_enum<OverflowPolicy>(m["overflowPolicy"]);
    return v;
}

}  // namespace qa::contracts

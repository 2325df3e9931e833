#include "contracts/json_io.hpp"

#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <utility>

#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"

namespace qa::contracts {
namespace {

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

template <class E>
json::Value enum_value(E e) {
    return json::Value(to_string(e));
}

json::Value opt_string(const std::optional<std::string>& s) {
    return s ? json::Value(*s) : json::Value();
}

json::Value opt_integer(const std::optional<std::int64_t>& i) {
    return i ? json::Value(*i) : json::Value();
}

json::Value opt_number(const std::optional<double>& d) {
    return d ? json::Value(*d) : json::Value();
}

json::Value strings(const std::vector<std::string>& list) {
    return json::Array(list.begin(), list.end());
}

template <class E>
json::Value enums(const std::vector<E>& list) {
    json::Array out;
    out.reserve(list.size());
    for (const E e : list) {
        out.push_back(enum_value(e));
    }
    return out;
}

template <class T>
json::Value objects(const std::vector<T>& list) {
    json::Array out;
    out.reserve(list.size());
    for (const T& item : list) {
        out.push_back(to_json(item));
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/// A value being read: where it is (pointer) and what it is called in messages
/// ("SkillResult.lensResults[0].usage"). `nullable` adds "or null" to expectations.
struct Field {
    const json::Value& value;
    std::string pointer;
    std::string name;
    bool nullable = false;
};

Field item(const Field& array, std::size_t index, const json::Value& value) {
    return {value, json::pointer_append(array.pointer, index),
            array.name + "[" + std::to_string(index) + "]"};
}

/// A short rendering of a value for messages: scalars as JSON, containers by kind.
std::string describe(const json::Value& v) {
    switch (v.kind()) {
        case json::Value::Kind::Null:
            return "null";
        case json::Value::Kind::Bool:
            return v.as_bool() ? "true" : "false";
        case json::Value::Kind::Integer:
            return std::to_string(v.as_integer());
        case json::Value::Kind::Number:
            return std::isfinite(v.as_double()) ? json::format_number(v.as_double()) : "NaN";
        case json::Value::Kind::String: {
            constexpr std::size_t kMax = 64;
            const std::string& s = v.as_string();
            return "\"" + (s.size() > kMax ? s.substr(0, kMax) + "..." : s) + "\"";
        }
        case json::Value::Kind::Array:
            return "an array";
        case json::Value::Kind::Object:
            return "an object";
    }
    return "?";
}

[[noreturn]] void fail(const Field& f, const std::string& expected) {
    throw json::Error(f.pointer, f.name + ": expected " + expected +
                                     (f.nullable ? " or null" : "") + ", got " + describe(f.value));
}

/// The members of an object of a closed type: checks the kind, duplicate, unknown and missing
/// members up front, so per-field reads only check each member's own value.
class Members {
  public:
    Members(const Field& f, std::string_view type, std::initializer_list<std::string_view> names)
        : field_(f) {
        if (!f.value.is_object()) {
            fail(f, "an object (" + std::string(type) + ")");
        }
        const json::Object& members = f.value.as_object();
        for (std::size_t i = 0; i < members.size(); ++i) {
            const std::string& key = members[i].first;
            const std::string at = json::pointer_append(f.pointer, key);
            bool known = false;
            for (const std::string_view n : names) {
                known = known || n == key;
            }
            if (!known) {
                throw json::Error(at, f.name + ": unknown field \"" + key + "\" (" +
                                          std::string(type) + " is a closed object)");
            }
            for (std::size_t j = 0; j < i; ++j) {
                if (members[j].first == key) {
                    throw json::Error(at, f.name + ": duplicate field \"" + key + "\"");
                }
            }
        }
        for (const std::string_view n : names) {
            if (f.value.find(n) == nullptr) {
                throw json::Error(json::pointer_append(f.pointer, n),
                                  f.name + ": missing required field \"" + std::string(n) + "\" (" +
                                      std::string(type) + ")");
            }
        }
    }

    /// The member `name`, which the constructor proved present.
    Field operator[](std::string_view name) const {
        return {*field_.value.find(name), json::pointer_append(field_.pointer, name),
                field_.name + "." + std::string(name)};
    }

  private:
    const Field& field_;
};

template <class T, class Read>
std::optional<T> nullable(Field f, Read read) {
    if (f.value.is_null()) {
        return std::nullopt;
    }
    f.nullable = true;
    return read(f);
}

std::string read_string(const Field& f) {
    if (!f.value.is_string()) {
        fail(f, "a string");
    }
    return f.value.as_string();
}

bool read_bool(const Field& f) {
    if (!f.value.is_bool()) {
        fail(f, "a boolean");
    }
    return f.value.as_bool();
}

/// 2^53: the largest magnitude up to which every integer is a double, as JSON numbers are.
constexpr double kMaxExactInteger = 9007199254740992.0;

/// An integer >= `minimum` (when given). An integral number such as 3.0 counts, as in JSON
/// Schema draft-07 (JSON has one number type).
std::int64_t read_integer(const Field& f, std::optional<std::int64_t> minimum) {
    const std::string expected =
        minimum ? "an integer >= " + std::to_string(*minimum) : std::string("an integer");
    std::int64_t i = 0;
    if (f.value.is_integer()) {
        i = f.value.as_integer();
    } else if (f.value.is_number() && std::isfinite(f.value.as_double()) &&
               std::trunc(f.value.as_double()) == f.value.as_double() &&
               std::fabs(f.value.as_double()) <= kMaxExactInteger) {
        i = static_cast<std::int64_t>(f.value.as_double());
    } else {
        fail(f, expected);
    }
    if (minimum && i < *minimum) {
        fail(f, expected);
    }
    return i;
}

/// A finite number >= 0 (costs).
double read_cost(const Field& f) {
    if (!f.value.is_number() || !std::isfinite(f.value.as_double()) || f.value.as_double() < 0) {
        fail(f, "a number >= 0");
    }
    return f.value.as_double();
}

/// A SHA-256 digest as 64 lowercase hex digits.
std::string read_hash(const Field& f) {
    const auto is_hex = [](const std::string& s) {
        if (s.size() != 64) {
            return false;
        }
        for (const char c : s) {
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    };
    if (!f.value.is_string() || !is_hex(f.value.as_string())) {
        fail(f, "a SHA-256 digest (64 lowercase hex digits)");
    }
    return f.value.as_string();
}

/// A string field whose type is a single literal (schemaVersion, vcs).
std::string read_literal(const Field& f, std::string_view literal) {
    if (!f.value.is_string() || f.value.as_string() != literal) {
        fail(f, "the literal \"" + std::string(literal) + "\"");
    }
    return f.value.as_string();
}

/// A number field whose type is a single literal (temperature: 0, topP: 1, retryMax: 2).
double read_literal_number(const Field& f, double literal) {
    if (!f.value.is_number() || f.value.as_double() != literal) {
        fail(f, "the literal " + json::format_number(literal));
    }
    return f.value.as_double();
}

template <class E>
E read_enum(const Field& f) {
    std::string expected;
    const auto values = enum_values<E>();
    if (values.size() <= 6) {
        expected = "one of";
        for (std::size_t i = 0; i < values.size(); ++i) {
            expected +=
                std::string(i == 0 ? " \"" : ", \"") + std::string(to_string(values[i])) + "\"";
        }
    } else {
        expected = "a " + std::string(enum_name<E>()) + " value";
    }
    if (!f.value.is_string()) {
        fail(f, expected);
    }
    const auto e = enum_from_string<E>(f.value.as_string());
    if (!e) {
        fail(f, expected);
    }
    return *e;
}

template <class Read>
auto read_array(const Field& f, Read read) {
    using T = decltype(read(f));
    if (!f.value.is_array()) {
        fail(f, "an array");
    }
    std::vector<T> out;
    const json::Array& items = f.value.as_array();
    out.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        out.push_back(read(item(f, i, items[i])));
    }
    return out;
}

std::vector<std::string> read_strings(const Field& f) {
    return read_array(f, read_string);
}

template <class E>
std::vector<E> read_enums(const Field& f) {
    return read_array(f, read_enum<E>);
}

std::optional<std::string> read_opt_string(const Field& f) {
    return nullable<std::string>(f, read_string);
}

std::optional<std::int64_t> read_opt_integer(const Field& f, std::optional<std::int64_t> min) {
    return nullable<std::int64_t>(f, [&](const Field& g) { return read_integer(g, min); });
}

std::optional<double> read_opt_cost(const Field& f) {
    return nullable<double>(f, read_cost);
}

// One reader per contract type; field lists are the seed's, in its order.

UsageMetrics read_usage_metrics(const Field& f) {
    const Members m(f, "UsageMetrics",
                    {"inputTokens", "outputTokens", "totalTokens", "costUsd", "unavailableReason"});
    UsageMetrics v;
    v.inputTokens = read_opt_integer(m["inputTokens"], 0);
    v.outputTokens = read_opt_integer(m["outputTokens"], 0);
    v.totalTokens = read_opt_integer(m["totalTokens"], 0);
    v.costUsd = read_opt_cost(m["costUsd"]);
    v.unavailableReason =
        nullable<UsageUnavailableReason>(m["unavailableReason"], read_enum<UsageUnavailableReason>);
    return v;
}

ProviderBinding read_provider_binding(const Field& f) {
    const Members m(f, "ProviderBinding",
                    {"bindingId", "adapterId", "adapterVersion", "modelId", "temperature", "topP",
                     "maxTokens", "seed", "timeoutMs", "retryMax", "retryBackoffMs"});
    ProviderBinding v;
    v.bindingId = read_string(m["bindingId"]);
    v.adapterId = read_enum<AdapterId>(m["adapterId"]);
    v.adapterVersion = read_string(m["adapterVersion"]);
    v.modelId = read_string(m["modelId"]);
    v.temperature = read_literal_number(m["temperature"], 0);
    v.topP = read_literal_number(m["topP"], 1);
    v.maxTokens = read_integer(m["maxTokens"], 0);
    v.seed = read_opt_integer(m["seed"], std::nullopt);
    v.timeoutMs = read_integer(m["timeoutMs"], 0);
    v.retryMax = static_cast<std::int64_t>(read_literal_number(m["retryMax"], 2));
    const Field backoff = m["retryBackoffMs"];
    const auto& b = backoff.value;
    if (!b.is_array() || b.as_array().size() != 2 || !b.as_array()[0].is_number() ||
        !b.as_array()[1].is_number() || b.as_array()[0].as_double() != 500 ||
        b.as_array()[1].as_double() != 1500) {
        fail(backoff, "the literal [500, 1500]");
    }
    return v;
}

PermissionProfile read_permission_profile(const Field& f) {
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

ExecutionCommandSpec read_execution_command_spec(const Field& f) {
    const Members m(f, "ExecutionCommandSpec", {"ordinal", "command", "cwdMode", "purpose"});
    ExecutionCommandSpec v;
    v.ordinal = read_integer(m["ordinal"], 0);
    v.command = read_strings(m["command"]);
    v.cwdMode = read_enum<CwdMode>(m["cwdMode"]);
    v.purpose = read_string(m["purpose"]);
    return v;
}

ExecutionCommandResult read_execution_command_result(const Field& f) {
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

ExecutionAudit read_execution_audit(const Field& f) {
    const Members m(f, "ExecutionAudit",
                    {"schemaVersion", "permissionProfileId", "worktreePath", "commands"});
    ExecutionAudit v;
    v.schemaVersion = read_literal(m["schemaVersion"], kExecutionAuditV1);
    v.permissionProfileId = read_enum<PermissionProfileId>(m["permissionProfileId"]);
    v.worktreePath = read_opt_string(m["worktreePath"]);
    v.commands = read_array(m["commands"], read_execution_command_result);
    return v;
}

SkillInput read_skill_input(const Field& f) {
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

LensPlan read_lens_plan(const Field& f) {
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

Finding read_finding(const Field& f) {
    const Members m(f, "Finding",
                    {"findingId", "lensId", "subLensId", "ruleId", "severity", "blocking", "file",
                     "startLine", "endLine", "summary", "evidence", "evidenceHash"});
    Finding v;
    v.findingId = read_string(m["findingId"]);
    v.lensId = read_string(m["lensId"]);
    v.subLensId = read_opt_string(m["subLensId"]);
    v.ruleId = read_string(m["ruleId"]);
    v.severity = read_enum<Severity>(m["severity"]);
    v.blocking = read_bool(m["blocking"]);
    v.file = read_string(m["file"]);
    v.startLine = read_integer(m["startLine"], 1);
    v.endLine = read_integer(m["endLine"], 1);
    v.summary = read_string(m["summary"]);
    const Field evidence = m["evidence"];
    if (!evidence.value.is_object()) {
        fail(evidence, "an object");
    }
    v.evidence = evidence.value;
    v.evidenceHash = read_hash(m["evidenceHash"]);
    return v;
}

LensResult read_lens_result(const Field& f) {
    const Members m(f, "LensResult",
                    {"schemaVersion", "planOrdinal", "lensId", "subLensId", "lensVersion", "status",
                     "degraded", "findings", "evidenceSummary", "usage", "errorCodes",
                     "warningCodes", "executionAudit", "adapterResponseHash"});
    LensResult v;
    v.schemaVersion = read_literal(m["schemaVersion"], kLensResultV1);
    v.planOrdinal = read_integer(m["planOrdinal"], 0);
    v.lensId = read_string(m["lensId"]);
    v.subLensId = read_opt_string(m["subLensId"]);
    v.lensVersion = read_string(m["lensVersion"]);
    v.status = read_enum<LensStatus>(m["status"]);
    v.degraded = read_bool(m["degraded"]);
    v.findings = read_array(m["findings"], read_finding);
    v.evidenceSummary = read_strings(m["evidenceSummary"]);
    v.usage = read_usage_metrics(m["usage"]);
    v.errorCodes = read_enums<ErrorCode>(m["errorCodes"]);
    v.warningCodes = read_enums<ErrorCode>(m["warningCodes"]);
    v.executionAudit = nullable<ExecutionAudit>(m["executionAudit"], read_execution_audit);
    v.adapterResponseHash = read_hash(m["adapterResponseHash"]);
    return v;
}

FinalVerdict read_final_verdict(const Field& f) {
    const Members m(f, "FinalVerdict",
                    {"schemaVersion", "status", "degraded", "rationale", "requiredLensIds",
                     "missingRequiredLensIds", "failedRequiredLensIds", "blockingFindings",
                     "errorCodes", "aggregateUsage"});
    FinalVerdict v;
    v.schemaVersion = read_literal(m["schemaVersion"], kFinalVerdictV1);
    v.status = read_enum<VerdictStatus>(m["status"]);
    v.degraded = read_bool(m["degraded"]);
    v.rationale = read_strings(m["rationale"]);
    v.requiredLensIds = read_strings(m["requiredLensIds"]);
    v.missingRequiredLensIds = read_strings(m["missingRequiredLensIds"]);
    v.failedRequiredLensIds = read_strings(m["failedRequiredLensIds"]);
    v.blockingFindings = read_array(m["blockingFindings"], read_finding);
    v.errorCodes = read_enums<ErrorCode>(m["errorCodes"]);
    v.aggregateUsage = read_usage_metrics(m["aggregateUsage"]);
    return v;
}

SkillResult read_skill_result(const Field& f) {
    const Members m(f, "SkillResult",
                    {"schemaVersion", "executionKey", "normalizedInputHash", "lensPlans",
                     "lensResults", "finalVerdict"});
    SkillResult v;
    v.schemaVersion = read_literal(m["schemaVersion"], kSkillResultV1);
    v.executionKey = read_hash(m["executionKey"]);
    v.normalizedInputHash = read_hash(m["normalizedInputHash"]);
    v.lensPlans = read_array(m["lensPlans"], read_lens_plan);
    v.lensResults = read_array(m["lensResults"], read_lens_result);
    v.finalVerdict = read_final_verdict(m["finalVerdict"]);
    return v;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Public writers
// ---------------------------------------------------------------------------------------------

json::Value to_json(const UsageMetrics& v) {
    return json::Object{
        {"inputTokens", opt_integer(v.inputTokens)},
        {"outputTokens", opt_integer(v.outputTokens)},
        {"totalTokens", opt_integer(v.totalTokens)},
        {"costUsd", opt_number(v.costUsd)},
        {"unavailableReason",
         v.unavailableReason ? enum_value(*v.unavailableReason) : json::Value()},
    };
}

json::Value to_json(const ProviderBinding& v) {
    return json::Object{
        {"bindingId", v.bindingId},
        {"adapterId", enum_value(v.adapterId)},
        {"adapterVersion", v.adapterVersion},
        {"modelId", v.modelId},
        {"temperature", v.temperature},
        {"topP", v.topP},
        {"maxTokens", v.maxTokens},
        {"seed", opt_integer(v.seed)},
        {"timeoutMs", v.timeoutMs},
        {"retryMax", v.retryMax},
        {"retryBackoffMs", json::Array{v.retryBackoffMs[0], v.retryBackoffMs[1]}},
    };
}

json::Value to_json(const PermissionProfile& v) {
    json::Array prefixes;
    for (const auto& prefix : v.allowedCommandPrefixes) {
        prefixes.push_back(strings(prefix));
    }
    return json::Object{
        {"profileId", enum_value(v.profileId)},
        {"readOnly", v.readOnly},
        {"allowNetwork", v.allowNetwork},
        {"worktreeMode", enum_value(v.worktreeMode)},
        {"allowedCommandPrefixes", std::move(prefixes)},
        {"maxCommandsPerPlan", v.maxCommandsPerPlan},
        {"commandTimeoutMs", v.commandTimeoutMs},
        {"maxStdoutBytes", v.maxStdoutBytes},
        {"maxStderrBytes", v.maxStderrBytes},
    };
}

json::Value to_json(const ExecutionCommandSpec& v) {
    return json::Object{
        {"ordinal", v.ordinal},
        {"command", strings(v.command)},
        {"cwdMode", enum_value(v.cwdMode)},
        {"purpose", v.purpose},
    };
}

json::Value to_json(const ExecutionCommandResult& v) {
    return json::Object{
        {"ordinal", v.ordinal},           {"exitCode", opt_integer(v.exitCode)},
        {"timedOut", v.timedOut},         {"stdoutSha256", v.stdoutSha256},
        {"stderrSha256", v.stderrSha256},
    };
}

json::Value to_json(const ExecutionAudit& v) {
    return json::Object{
        {"schemaVersion", v.schemaVersion},
        {"permissionProfileId", enum_value(v.permissionProfileId)},
        {"worktreePath", opt_string(v.worktreePath)},
        {"commands", objects(v.commands)},
    };
}

json::Value to_json(const SkillInput& v) {
    return json::Object{
        {"schemaVersion", v.schemaVersion},
        {"repoId", v.repoId},
        {"repoRoot", v.repoRoot},
        {"vcs", v.vcs},
        {"baseRef", opt_string(v.baseRef)},
        {"headRef", v.headRef},
        {"runMode", enum_value(v.runMode)},
        {"requestedLensIds", v.requestedLensIds ? strings(*v.requestedLensIds) : json::Value()},
        {"maxConcurrency", v.maxConcurrency},
        {"allowExecutionLensClasses", enums(v.allowExecutionLensClasses)},
        {"permissionProfiles", objects(v.permissionProfiles)},
        {"defaultPermissionProfileId", enum_value(v.defaultPermissionProfileId)},
        {"artifactRoot", v.artifactRoot},
        {"runBudgetMaxTokens", v.runBudgetMaxTokens},
        {"runBudgetMaxCostUsd", opt_number(v.runBudgetMaxCostUsd)},
        {"providerBindings", objects(v.providerBindings)},
        {"configHash", v.configHash},
    };
}

json::Value to_json(const LensPlan& v) {
    return json::Object{
        {"schemaVersion", v.schemaVersion},
        {"planOrdinal", v.planOrdinal},
        {"lensId", v.lensId},
        {"subLensId", opt_string(v.subLensId)},
        {"lensVersion", v.lensVersion},
        {"lensClass", enum_value(v.lensClass)},
        {"required", v.required},
        {"blockingPolicy", enum_value(v.blockingPolicy)},
        {"providerBindingId", v.providerBindingId},
        {"permissionProfileId", enum_value(v.permissionProfileId)},
        {"changedFiles", strings(v.changedFiles)},
        {"fullContextFiles", strings(v.fullContextFiles)},
        {"omittedFiles", strings(v.omittedFiles)},
        {"scopeDigest", v.scopeDigest},
        {"executionCommands", objects(v.executionCommands)},
        {"maxInputTokens", v.maxInputTokens},
        {"maxOutputTokens", v.maxOutputTokens},
        {"maxCostUsd", opt_number(v.maxCostUsd)},
        {"overflowPolicy", enum_value(v.overflowPolicy)},
    };
}

json::Value to_json(const Finding& v) {
    return json::Object{
        {"findingId", v.findingId},
        {"lensId", v.lensId},
        {"subLensId", opt_string(v.subLensId)},
        {"ruleId", v.ruleId},
        {"severity", enum_value(v.severity)},
        {"blocking", v.blocking},
        {"file", v.file},
        {"startLine", v.startLine},
        {"endLine", v.endLine},
        {"summary", v.summary},
        {"evidence", v.evidence},
        {"evidenceHash", v.evidenceHash},
    };
}

namespace {

/// A LensResult's members, its findings left out when `with_findings` is false.
json::Object lens_result_members(const LensResult& v, bool with_findings) {
    json::Object out{
        {"schemaVersion", v.schemaVersion},
        {"planOrdinal", v.planOrdinal},
        {"lensId", v.lensId},
        {"subLensId", opt_string(v.subLensId)},
        {"lensVersion", v.lensVersion},
        {"status", enum_value(v.status)},
        {"degraded", v.degraded},
    };
    if (with_findings) {
        out.emplace_back("findings", objects(v.findings));
    }
    out.emplace_back("evidenceSummary", strings(v.evidenceSummary));
    out.emplace_back("usage", to_json(v.usage));
    out.emplace_back("errorCodes", enums(v.errorCodes));
    out.emplace_back("warningCodes", enums(v.warningCodes));
    out.emplace_back("executionAudit",
                     v.executionAudit ? to_json(*v.executionAudit) : json::Value());
    out.emplace_back("adapterResponseHash", v.adapterResponseHash);
    return out;
}

}  // namespace

json::Value to_json(const LensResult& v) {
    return lens_result_members(v, true);
}

std::string canonical_json(const Finding& v) {
    // The members in canonical (UTF-16 code unit) order, written without a value tree: a scan
    // may produce tens of thousands of findings. A test holds this equal to canonical(to_json).
    std::string out;
    out.reserve(256 + v.summary.size() + v.file.size());
    const auto string_member = [&](const char* key, std::string_view value) {
        out += key;
        json::append_canonical_string(value, out);
    };
    out += v.blocking ? R"({"blocking":true,"endLine":)" : R"({"blocking":false,"endLine":)";
    json::append_canonical(json::Value(v.endLine), out);
    out += R"(,"evidence":)";
    json::append_canonical(v.evidence, out);
    string_member(R"(,"evidenceHash":)", v.evidenceHash);
    string_member(R"(,"file":)", v.file);
    string_member(R"(,"findingId":)", v.findingId);
    string_member(R"(,"lensId":)", v.lensId);
    string_member(R"(,"ruleId":)", v.ruleId);
    string_member(R"(,"severity":)", to_string(v.severity));
    out += R"(,"startLine":)";
    json::append_canonical(json::Value(v.startLine), out);
    if (v.subLensId) {
        string_member(R"(,"subLensId":)", *v.subLensId);
    } else {
        out += R"(,"subLensId":null)";
    }
    string_member(R"(,"summary":)", v.summary);
    out.push_back('}');
    return out;
}

std::string canonical_json(const LensResult& v) {
    std::vector<std::pair<std::string, std::string>> members;
    for (const auto& [key, value] : lens_result_members(v, false)) {
        members.emplace_back(key, json::canonical(value));
    }
    std::string findings = "[";
    for (std::size_t i = 0; i < v.findings.size(); ++i) {
        if (i > 0) {
            findings.push_back(',');
        }
        findings += canonical_json(v.findings[i]);
    }
    findings.push_back(']');
    members.emplace_back("findings", std::move(findings));
    return json::canonical_object(std::move(members));
}

json::Value to_json(const FinalVerdict& v) {
    return json::Object{
        {"schemaVersion", v.schemaVersion},
        {"status", enum_value(v.status)},
        {"degraded", v.degraded},
        {"rationale", strings(v.rationale)},
        {"requiredLensIds", strings(v.requiredLensIds)},
        {"missingRequiredLensIds", strings(v.missingRequiredLensIds)},
        {"failedRequiredLensIds", strings(v.failedRequiredLensIds)},
        {"blockingFindings", objects(v.blockingFindings)},
        {"errorCodes", enums(v.errorCodes)},
        {"aggregateUsage", to_json(v.aggregateUsage)},
    };
}

json::Value to_json(const SkillResult& v) {
    return json::Object{
        {"schemaVersion", v.schemaVersion},
        {"executionKey", v.executionKey},
        {"normalizedInputHash", v.normalizedInputHash},
        {"lensPlans", objects(v.lensPlans)},
        {"lensResults", objects(v.lensResults)},
        {"finalVerdict", to_json(v.finalVerdict)},
    };
}

// ---------------------------------------------------------------------------------------------
// Public readers
// ---------------------------------------------------------------------------------------------

/// The reader of each contract type and its name in messages; from_json is instantiated for
/// exactly these types.
template <class T>
struct Reader;

template <class T>
T from_json(const json::Value& value, const std::string& pointer) {
    return Reader<T>::from(Field{value, pointer, Reader<T>::name});
}

template <class T>
T from_json_text(std::string_view json_text) {
    return from_json<T>(json::parse(json_text), "");
}

#define QA_CONTRACTS_READER(T, read)                                 \
    template <>                                                      \
    struct Reader<T> {                                               \
        static constexpr const char* name = #T;                      \
        static T from(const Field& f) { return read(f); }            \
    };                                                               \
    template T from_json<T>(const json::Value&, const std::string&); \
    template T from_json_text<T>(std::string_view);

QA_CONTRACTS_READER(UsageMetrics, read_usage_metrics)
QA_CONTRACTS_READER(ProviderBinding, read_provider_binding)
QA_CONTRACTS_READER(PermissionProfile, read_permission_profile)
QA_CONTRACTS_READER(ExecutionCommandSpec, read_execution_command_spec)
QA_CONTRACTS_READER(ExecutionCommandResult, read_execution_command_result)
QA_CONTRACTS_READER(ExecutionAudit, read_execution_audit)
QA_CONTRACTS_READER(SkillInput, read_skill_input)
QA_CONTRACTS_READER(LensPlan, read_lens_plan)
QA_CONTRACTS_READER(Finding, read_finding)
QA_CONTRACTS_READER(LensResult, read_lens_result)
QA_CONTRACTS_READER(FinalVerdict, read_final_verdict)
QA_CONTRACTS_READER(SkillResult, read_skill_result)

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

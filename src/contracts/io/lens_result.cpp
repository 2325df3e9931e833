// LensResult, and its canonical JSON with the findings written one by one, without a value tree.
#include <utility>

#include "contracts/io/read.hpp"
#include "contracts/io/write.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"

namespace qa::contracts {

namespace {

/// A LensResult's members, its findings left out when `with_findings` is false.
json::Object lens_result_members(const LensResult& v, bool with_findings) {
    json::Object out{
        {"schemaVersion", v.schemaVersion},
        {"planOrdinal", v.planOrdinal},
        {"lensId", v.lensId},
        {"subLensId", io::opt_string(v.subLensId)},
        {"lensVersion", v.lensVersion},
        {"status", io::enum_value(v.status)},
        {"degraded", v.degraded},
    };
    if (with_findings) {
        out.emplace_back("findings", io::objects(v.findings));
    }
    out.emplace_back("evidenceSummary", io::strings(v.evidenceSummary));
    out.emplace_back("usage", to_json(v.usage));
    out.emplace_back("errorCodes", io::enums(v.errorCodes));
    out.emplace_back("warningCodes", io::enums(v.warningCodes));
    out.emplace_back("executionAudit",
                     v.executionAudit ? to_json(*v.executionAudit) : json::Value());
    out.emplace_back("adapterResponseHash", v.adapterResponseHash);
    return out;
}

}  // namespace

json::Value to_json(const LensResult& v) {
    return lens_result_members(v, true);
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

LensResult io::read_lens_result(const Field& f) {
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

}  // namespace qa::contracts

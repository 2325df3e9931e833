// FinalVerdict: the run's PASS/FAIL and why.
#include "contracts/io/read.hpp"
#include "contracts/io/write.hpp"
#include "contracts/json_io.hpp"

namespace qa::contracts {

json::Value to_json(const FinalVerdict& v) {
    return json::Object{
        {"schemaVersion", v.schemaVersion},
        {"status", io::enum_value(v.status)},
        {"degraded", v.degraded},
        {"rationale", io::strings(v.rationale)},
        {"requiredLensIds", io::strings(v.requiredLensIds)},
        {"missingRequiredLensIds", io::strings(v.missingRequiredLensIds)},
        {"failedRequiredLensIds", io::strings(v.failedRequiredLensIds)},
        {"blockingFindings", io::objects(v.blockingFindings)},
        {"errorCodes", io::enums(v.errorCodes)},
        {"aggregateUsage", to_json(v.aggregateUsage)},
    };
}

FinalVerdict io::read_final_verdict(const Field& f) {
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

}  // namespace qa::contracts

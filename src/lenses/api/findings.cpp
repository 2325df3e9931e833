#include "lenses/api/findings.hpp"

#include "contracts/enums.hpp"
#include "contracts/finding_order.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "util/sha256.hpp"

namespace qa::lenses::api {

std::string evidence_hash(std::string_view rule_id, std::string_view evidence_key) {
    util::Sha256 hash;
    hash.update(rule_id);
    hash.update(std::string_view("\0", 1));
    hash.update(evidence_key);
    return hash.hex_digest();
}

contracts::Finding make_finding(const contracts::LensPlan& plan, const std::string& rule_id,
                                contracts::Severity severity, bool blocking,
                                const std::string& file, std::int64_t line,
                                const std::string& summary, json::Value evidence,
                                std::string_view evidence_key) {
    return make_hashed_finding(plan, rule_id, severity, blocking, file, line, summary,
                               std::move(evidence), evidence_hash(rule_id, evidence_key));
}

contracts::Finding make_hashed_finding(const contracts::LensPlan& plan, const std::string& rule_id,
                                       contracts::Severity severity, bool blocking,
                                       const std::string& file, std::int64_t line,
                                       const std::string& summary, json::Value evidence,
                                       std::string evidence_hash) {
    contracts::Finding f;
    f.lensId = plan.lensId;
    f.subLensId = plan.subLensId;
    f.ruleId = rule_id;
    f.severity = severity;
    f.blocking = blocking;
    f.file = file;
    f.startLine = line;
    f.endLine = line;
    f.summary = summary;
    f.evidence = std::move(evidence);
    // Content, not position: the same secret on another line is the same evidence.
    f.evidenceHash = std::move(evidence_hash);
    // sha256 of the canonical array [lensId, ruleId, file, line, evidenceHash], written directly.
    std::string key = "[";
    json::append_canonical_string(plan.lensId, key);
    key.push_back(',');
    json::append_canonical_string(rule_id, key);
    key.push_back(',');
    json::append_canonical_string(file, key);
    key.push_back(',');
    json::append_canonical(json::Value(line), key);
    key.push_back(',');
    json::append_canonical_string(f.evidenceHash, key);
    key.push_back(']');
    f.findingId = util::sha256_hex(key).substr(0, 16);
    return f;
}

contracts::LensResult completed_result(const contracts::LensPlan& plan,
                                       std::vector<contracts::Finding> findings,
                                       std::vector<std::string> evidence_summary) {
    contracts::sort_findings(findings);
    contracts::LensResult r;
    r.schemaVersion = "lens-result.v1";
    r.planOrdinal = plan.planOrdinal;
    r.lensId = plan.lensId;
    r.subLensId = plan.subLensId;
    r.lensVersion = plan.lensVersion;
    r.status = contracts::LensStatus::completed;
    r.degraded = false;
    if (!plan.omittedFiles.empty()) {
        // Some files were not looked at: say so, never pretend the scope was complete.
        r.status = contracts::LensStatus::degraded;
        r.degraded = true;
        r.warningCodes.push_back(contracts::ErrorCode::CONTEXT_BOUND_EXCEEDED);
        evidence_summary.push_back(std::to_string(plan.omittedFiles.size()) +
                                   " file(s) omitted by the context bound");
    }
    r.findings = std::move(findings);
    r.evidenceSummary = std::move(evidence_summary);
    // Rule lenses call no model: their usage is known to be zero.
    r.usage.inputTokens = 0;
    r.usage.outputTokens = 0;
    r.usage.totalTokens = 0;
    r.usage.costUsd = 0.0;
    r.usage.unavailableReason = std::nullopt;
    r.executionAudit = std::nullopt;
    // The canonical JSON of the findings array, hashed one element at a time (the same bytes
    // as canonical() of the whole array, without holding it: a scan may find thousands).
    util::Sha256 hashed;
    hashed.update("[");
    for (std::size_t i = 0; i < r.findings.size(); ++i) {
        hashed.update(i == 0 ? "" : ",");
        hashed.update(contracts::canonical_json(r.findings[i]));
    }
    hashed.update("]");
    r.adapterResponseHash = hashed.hex_digest();
    return r;
}

contracts::LensResult failed_result(const contracts::LensPlan& plan, const std::string& reason,
                                    std::vector<contracts::ErrorCode> codes) {
    contracts::LensResult r;
    r.schemaVersion = "lens-result.v1";
    r.planOrdinal = plan.planOrdinal;
    r.lensId = plan.lensId;
    r.subLensId = plan.subLensId;
    r.lensVersion = plan.lensVersion;
    r.status = contracts::LensStatus::failed;
    r.degraded = true;
    r.evidenceSummary = {reason};
    r.usage.unavailableReason = contracts::UsageUnavailableReason::ADAPTER_ERROR;
    r.errorCodes = std::move(codes);
    r.executionAudit = std::nullopt;
    r.adapterResponseHash = util::sha256_hex(json::canonical(json::Value(reason)));
    return r;
}

}  // namespace qa::lenses::api

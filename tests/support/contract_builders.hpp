#pragma once

/// Small builders of contract values for unit tests: a valid LensPlan, LensResult or Finding
/// with the fields a test cares about, everything else filled in consistently.

#include <string>

#include "contracts/types.hpp"
#include "util/sha256.hpp"

namespace qa::test {

inline contracts::LensPlan make_plan(std::int64_t ordinal, const std::string& lens_id,
                                     bool required,
                                     contracts::LensClass cls = contracts::LensClass::security) {
    contracts::LensPlan p;
    p.schemaVersion = "lens-plan.v1";
    p.planOrdinal = ordinal;
    p.lensId = lens_id;
    p.subLensId = std::nullopt;
    p.lensVersion = "1.0.0";
    p.lensClass = cls;
    p.required = required;
    p.blockingPolicy = contracts::BlockingPolicy::rule_defined;
    p.providerBindingId = "none";
    p.permissionProfileId = contracts::PermissionProfileId::read_only;
    p.changedFiles = {"src/a.py"};
    p.scopeDigest = util::sha256_hex(lens_id + std::to_string(ordinal));
    p.maxInputTokens = 0;
    p.maxOutputTokens = 0;
    p.maxCostUsd = std::nullopt;
    p.overflowPolicy = contracts::OverflowPolicy::stop;
    return p;
}

inline contracts::UsageMetrics known_usage(std::int64_t in, std::int64_t out, double cost) {
    contracts::UsageMetrics u;
    u.inputTokens = in;
    u.outputTokens = out;
    u.totalTokens = in + out;
    u.costUsd = cost;
    u.unavailableReason = std::nullopt;
    return u;
}

inline contracts::LensResult make_result(const contracts::LensPlan& plan,
                                         contracts::LensStatus status) {
    contracts::LensResult r;
    r.schemaVersion = "lens-result.v1";
    r.planOrdinal = plan.planOrdinal;
    r.lensId = plan.lensId;
    r.subLensId = plan.subLensId;
    r.lensVersion = plan.lensVersion;
    r.status = status;
    r.degraded = status != contracts::LensStatus::completed;
    r.usage = known_usage(0, 0, 0.0);
    r.executionAudit = std::nullopt;
    r.adapterResponseHash = util::sha256_hex(plan.lensId);
    return r;
}

inline contracts::Finding make_finding(const std::string& lens_id, const std::string& rule_id,
                                       contracts::Severity severity, const std::string& file,
                                       std::int64_t line, const std::string& evidence,
                                       bool blocking = true) {
    contracts::Finding f;
    f.findingId =
        util::sha256_hex(lens_id + rule_id + file + std::to_string(line) + evidence).substr(0, 16);
    f.lensId = lens_id;
    f.subLensId = std::nullopt;
    f.ruleId = rule_id;
    f.severity = severity;
    f.blocking = blocking;
    f.file = file;
    f.startLine = line;
    f.endLine = line;
    f.summary = rule_id + " in " + file;
    f.evidence = json::Object{};
    f.evidenceHash = util::sha256_hex(evidence);
    return f;
}

}  // namespace qa::test

#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "contracts/types.hpp"
#include "json/value.hpp"

/// What every lens uses to report: findings with stable ids and a completed result. Part of
/// the lens API (lenses/api/lens.hpp), whatever the lens's kind.
namespace qa::lenses::api {

/// sha256(rule id, NUL, evidence key): what identifies a finding's evidence by its content.
std::string evidence_hash(std::string_view rule_id, std::string_view evidence_key);

/// Builds a Finding with its stable ids. `evidence_key` is what identifies the evidence (the
/// raw secret or match); only its hash is kept.
contracts::Finding make_finding(const contracts::LensPlan& plan, const std::string& rule_id,
                                contracts::Severity severity, bool blocking,
                                const std::string& file, std::int64_t line,
                                const std::string& summary, json::Value evidence,
                                std::string_view evidence_key);

/// make_finding() with the evidence already hashed by evidence_hash(), for callers that must not
/// keep the raw evidence (a secret) until the finding is made.
contracts::Finding make_hashed_finding(const contracts::LensPlan& plan, const std::string& rule_id,
                                       contracts::Severity severity, bool blocking,
                                       const std::string& file, std::int64_t line,
                                       const std::string& summary, json::Value evidence,
                                       std::string evidence_hash);

/// A completed result for `plan` holding `findings` (sorted by the conflict key), with
/// CONTEXT_BOUND_EXCEEDED as a warning and degraded=true when the plan omitted files.
contracts::LensResult completed_result(const contracts::LensPlan& plan,
                                       std::vector<contracts::Finding> findings,
                                       std::vector<std::string> evidence_summary);

/// A failed LensResult for `plan` with a human reason in evidenceSummary.
contracts::LensResult failed_result(const contracts::LensPlan& plan, const std::string& reason,
                                    std::vector<contracts::ErrorCode> codes = {});

}  // namespace qa::lenses::api

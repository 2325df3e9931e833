#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "contracts/enums.hpp"

using namespace qa::contracts;

namespace {

/// Every value maps to a distinct string that maps back to it; the list has `expected` names.
template <class E>
void check_round_trip(const std::vector<std::string>& expected) {
    std::vector<std::string> names;
    for (const E e : enum_values<E>()) {
        const std::string_view text = to_string(e);
        names.emplace_back(text);
        const auto back = enum_from_string<E>(text);
        REQUIRE(back.has_value());
        CHECK(*back == e);
    }
    CHECK(names == expected);
    CHECK(std::set<std::string>(names.begin(), names.end()).size() == names.size());
    CHECK_FALSE(enum_from_string<E>("").has_value());
    CHECK_FALSE(enum_from_string<E>("no-such-value").has_value());
}

}  // namespace

TEST_CASE("every enum value round-trips through its seed spelling", "[contracts]") {
    check_round_trip<RunMode>({"strict", "best_effort"});
    check_round_trip<VerdictStatus>({"PASS", "FAIL"});
    check_round_trip<LensClass>(
        {"consistency", "security", "architecture", "style", "performance"});
    check_round_trip<LensStatus>({"completed", "degraded", "failed", "skipped"});
    check_round_trip<Severity>({"critical", "high", "medium", "low", "info"});
    check_round_trip<PermissionProfileId>(
        {"read_only", "exec_sandboxed", "exec_sandboxed_network_off"});
    check_round_trip<UsageUnavailableReason>(
        {"PROVIDER_NOT_SUPPORTED", "MISSING_USAGE_DATA", "ADAPTER_ERROR"});
    check_round_trip<AdapterId>({"openai-codex", "anthropic-claude"});
    check_round_trip<WorktreeMode>({"none", "ephemeral"});
    check_round_trip<CwdMode>({"repo_root", "ephemeral_worktree"});
    check_round_trip<BlockingPolicy>({"rule_defined", "severity_threshold", "mixed"});
    check_round_trip<OverflowPolicy>({"stop", "skip", "escalate"});
}

TEST_CASE("the ErrorCode enum holds exactly the seed's 24 codes, in its order", "[contracts]") {
    const std::vector<std::string> seed = {
        "BASE_REF_CONFIGURED_NOT_FOUND",
        "BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE",
        "BASE_REF_FALLBACK_ORIGIN_MAIN",
        "BASE_REF_FALLBACK_ORIGIN_MASTER",
        "BASE_REF_RESOLUTION_FAILED",
        "DIFF_TOO_LARGE",
        "CONTEXT_BOUND_EXCEEDED",
        "PLAN_CONFIDENCE_LOW_BROAD_SCAN",
        "PROVIDER_TIMEOUT",
        "PROVIDER_RATE_LIMIT",
        "PROVIDER_AUTH_ERROR",
        "PROVIDER_UNAVAILABLE",
        "PROVIDER_USAGE_UNAVAILABLE",
        "EXECUTION_DENIED",
        "EXECUTION_POLICY_VIOLATION",
        "EXECUTION_TIMEOUT",
        "EXECUTION_EXIT_NONZERO",
        "EXECUTION_AUDIT_UNAVAILABLE",
        "LENS_REQUIRED_MISSING",
        "LENS_REQUIRED_FAILED",
        "BUDGET_RUN_EXCEEDED",
        "BUDGET_LENS_EXCEEDED",
        "ARTIFACT_SCHEMA_INVALID",
        "DETERMINISM_DRIFT_DETECTED",
    };
    REQUIRE(seed.size() == 24);
    CHECK(enum_values<ErrorCode>().size() == 24);
    check_round_trip<ErrorCode>(seed);
    // Spot checks that enumerator names and strings agree.
    CHECK(to_string(ErrorCode::BASE_REF_CONFIGURED_NOT_FOUND) == "BASE_REF_CONFIGURED_NOT_FOUND");
    CHECK(to_string(ErrorCode::DETERMINISM_DRIFT_DETECTED) == "DETERMINISM_DRIFT_DETECTED");
    CHECK(enum_from_string<ErrorCode>("diff_too_large") == std::nullopt);  // case matters
}

TEST_CASE("schemaVersion constants are the seed's strings", "[contracts]") {
    CHECK(kSkillInputV1 == "skill-input.v1");
    CHECK(kSkillResultV1 == "skill-result.v1");
    CHECK(kLensPlanV1 == "lens-plan.v1");
    CHECK(kLensResultV1 == "lens-result.v1");
    CHECK(kFinalVerdictV1 == "final-verdict.v1");
    CHECK(kExecutionAuditV1 == "execution-audit.v1");
}

#pragma once

/// The string unions of seed 002's "Public APIs and Contracts" as C++ enums. Enumerators are
/// spelled like the seed's values (the two adapter ids, which hold a '-', use '_' instead);
/// to_string gives the exact seed spelling, which is what every artifact contains.

#include <optional>
#include <span>
#include <string_view>

namespace qa::contracts {

/// SchemaVersion: one fixed string per contract type (its `schemaVersion` field and schema id).
inline constexpr std::string_view kSkillInputV1 = "skill-input.v1";
inline constexpr std::string_view kSkillResultV1 = "skill-result.v1";
inline constexpr std::string_view kLensPlanV1 = "lens-plan.v1";
inline constexpr std::string_view kLensResultV1 = "lens-result.v1";
inline constexpr std::string_view kFinalVerdictV1 = "final-verdict.v1";
inline constexpr std::string_view kExecutionAuditV1 = "execution-audit.v1";

enum class RunMode { strict, best_effort };
enum class VerdictStatus { PASS, FAIL };
enum class LensClass { consistency, security, architecture, style, performance };
enum class LensStatus { completed, degraded, failed, skipped };
enum class Severity { critical, high, medium, low, info };
enum class PermissionProfileId { read_only, exec_sandboxed, exec_sandboxed_network_off };
enum class UsageUnavailableReason { PROVIDER_NOT_SUPPORTED, MISSING_USAGE_DATA, ADAPTER_ERROR };

/// The deterministic error and warning codes, in the seed's order (24 codes).
enum class ErrorCode {
    BASE_REF_CONFIGURED_NOT_FOUND,
    BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE,
    BASE_REF_FALLBACK_ORIGIN_MAIN,
    BASE_REF_FALLBACK_ORIGIN_MASTER,
    BASE_REF_RESOLUTION_FAILED,
    DIFF_TOO_LARGE,
    CONTEXT_BOUND_EXCEEDED,
    PLAN_CONFIDENCE_LOW_BROAD_SCAN,
    PROVIDER_TIMEOUT,
    PROVIDER_RATE_LIMIT,
    PROVIDER_AUTH_ERROR,
    PROVIDER_UNAVAILABLE,
    PROVIDER_USAGE_UNAVAILABLE,
    EXECUTION_DENIED,
    EXECUTION_POLICY_VIOLATION,
    EXECUTION_TIMEOUT,
    EXECUTION_EXIT_NONZERO,
    EXECUTION_AUDIT_UNAVAILABLE,
    LENS_REQUIRED_MISSING,
    LENS_REQUIRED_FAILED,
    BUDGET_RUN_EXCEEDED,
    BUDGET_LENS_EXCEEDED,
    ARTIFACT_SCHEMA_INVALID,
    DETERMINISM_DRIFT_DETECTED,
};

// Inline literal unions of the seed's interfaces, given names here.
/// ProviderBinding.adapterId: "openai-codex" | "anthropic-claude".
enum class AdapterId { openai_codex, anthropic_claude };
/// PermissionProfile.worktreeMode.
enum class WorktreeMode { none, ephemeral };
/// ExecutionCommandSpec.cwdMode.
enum class CwdMode { repo_root, ephemeral_worktree };
/// LensPlan.blockingPolicy.
enum class BlockingPolicy { rule_defined, severity_threshold, mixed };
/// LensPlan.overflowPolicy.
enum class OverflowPolicy { stop, skip, escalate };

/// The seed spelling of a value.
std::string_view to_string(RunMode value);
std::string_view to_string(VerdictStatus value);
std::string_view to_string(LensClass value);
std::string_view to_string(LensStatus value);
std::string_view to_string(Severity value);
std::string_view to_string(PermissionProfileId value);
std::string_view to_string(UsageUnavailableReason value);
std::string_view to_string(ErrorCode value);
std::string_view to_string(AdapterId value);
std::string_view to_string(WorktreeMode value);
std::string_view to_string(CwdMode value);
std::string_view to_string(BlockingPolicy value);
std::string_view to_string(OverflowPolicy value);

/// The value spelled `text` exactly (case-sensitive), or nullopt. Defined for the enums above.
template <class E>
std::optional<E> enum_from_string(std::string_view text);

/// Every value of E in the seed's order. Defined for the enums above.
template <class E>
std::span<const E> enum_values();

/// The enum's name as the seed spells it ("ErrorCode", "adapterId", ...), for error messages.
template <class E>
std::string_view enum_name();

}  // namespace qa::contracts

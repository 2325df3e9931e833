#include "contracts/enums.hpp"

#include <array>
#include <cstddef>
#include <utility>

namespace qa::contracts {
namespace {

/// One table per enum: its name, and the seed spelling of each enumerator indexed by value.
/// Enumerators are declared in the seed's order with default values, so the index is the value.
template <class E>
struct Table;

#define QA_CONTRACTS_TABLE(E, ...)                                                    \
    template <>                                                                       \
    struct Table<E> {                                                                 \
        static constexpr std::string_view name = #E;                                  \
        static constexpr auto names = std::to_array<std::string_view>({__VA_ARGS__}); \
    }

QA_CONTRACTS_TABLE(RunMode, "strict", "best_effort");
QA_CONTRACTS_TABLE(VerdictStatus, "PASS", "FAIL");
QA_CONTRACTS_TABLE(LensClass, "consistency", "security", "architecture", "style", "performance");
QA_CONTRACTS_TABLE(LensStatus, "completed", "degraded", "failed", "skipped");
QA_CONTRACTS_TABLE(Severity, "critical", "high", "medium", "low", "info");
QA_CONTRACTS_TABLE(PermissionProfileId, "read_only", "exec_sandboxed",
                   "exec_sandboxed_network_off");
QA_CONTRACTS_TABLE(UsageUnavailableReason, "PROVIDER_NOT_SUPPORTED", "MISSING_USAGE_DATA",
                   "ADAPTER_ERROR");
QA_CONTRACTS_TABLE(ErrorCode, "BASE_REF_CONFIGURED_NOT_FOUND",
                   "BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE", "BASE_REF_FALLBACK_ORIGIN_MAIN",
                   "BASE_REF_FALLBACK_ORIGIN_MASTER", "BASE_REF_RESOLUTION_FAILED",
                   "DIFF_TOO_LARGE", "CONTEXT_BOUND_EXCEEDED", "PLAN_CONFIDENCE_LOW_BROAD_SCAN",
                   "PROVIDER_TIMEOUT", "PROVIDER_RATE_LIMIT", "PROVIDER_AUTH_ERROR",
                   "PROVIDER_UNAVAILABLE", "PROVIDER_USAGE_UNAVAILABLE", "EXECUTION_DENIED",
                   "EXECUTION_POLICY_VIOLATION", "EXECUTION_TIMEOUT", "EXECUTION_EXIT_NONZERO",
                   "EXECUTION_AUDIT_UNAVAILABLE", "LENS_REQUIRED_MISSING", "LENS_REQUIRED_FAILED",
                   "BUDGET_RUN_EXCEEDED", "BUDGET_LENS_EXCEEDED", "ARTIFACT_SCHEMA_INVALID",
                   "DETERMINISM_DRIFT_DETECTED");
QA_CONTRACTS_TABLE(AdapterId, "openai-codex", "anthropic-claude");
QA_CONTRACTS_TABLE(WorktreeMode, "none", "ephemeral");
QA_CONTRACTS_TABLE(CwdMode, "repo_root", "ephemeral_worktree");
QA_CONTRACTS_TABLE(BlockingPolicy, "rule_defined", "severity_threshold", "mixed");
QA_CONTRACTS_TABLE(OverflowPolicy, "stop", "skip", "escalate");

#undef QA_CONTRACTS_TABLE

// A table shorter or longer than its enum would misname values: check the last enumerators.
static_assert(Table<ErrorCode>::names.size() == 24);
static_assert(static_cast<std::size_t>(ErrorCode::DETERMINISM_DRIFT_DETECTED) + 1 ==
              Table<ErrorCode>::names.size());
static_assert(static_cast<std::size_t>(RunMode::best_effort) + 1 == Table<RunMode>::names.size());
static_assert(static_cast<std::size_t>(VerdictStatus::FAIL) + 1 ==
              Table<VerdictStatus>::names.size());
static_assert(static_cast<std::size_t>(LensClass::performance) + 1 ==
              Table<LensClass>::names.size());
static_assert(static_cast<std::size_t>(LensStatus::skipped) + 1 == Table<LensStatus>::names.size());
static_assert(static_cast<std::size_t>(Severity::info) + 1 == Table<Severity>::names.size());
static_assert(static_cast<std::size_t>(PermissionProfileId::exec_sandboxed_network_off) + 1 ==
              Table<PermissionProfileId>::names.size());
static_assert(static_cast<std::size_t>(UsageUnavailableReason::ADAPTER_ERROR) + 1 ==
              Table<UsageUnavailableReason>::names.size());
static_assert(static_cast<std::size_t>(AdapterId::anthropic_claude) + 1 ==
              Table<AdapterId>::names.size());
static_assert(static_cast<std::size_t>(WorktreeMode::ephemeral) + 1 ==
              Table<WorktreeMode>::names.size());
static_assert(static_cast<std::size_t>(CwdMode::ephemeral_worktree) + 1 ==
              Table<CwdMode>::names.size());
static_assert(static_cast<std::size_t>(BlockingPolicy::mixed) + 1 ==
              Table<BlockingPolicy>::names.size());
static_assert(static_cast<std::size_t>(OverflowPolicy::escalate) + 1 ==
              Table<OverflowPolicy>::names.size());

template <class E, std::size_t... I>
constexpr auto make_values(std::index_sequence<I...>) {
    return std::array<E, sizeof...(I)>{static_cast<E>(I)...};
}

/// All values of E, built from the table so the two can never disagree in length.
template <class E>
constexpr auto kValues = make_values<E>(std::make_index_sequence<Table<E>::names.size()>());

template <class E>
std::string_view name_of(E value) {
    const auto index = static_cast<std::size_t>(value);
    // Only a value cast from an out-of-range integer lands here; never seed text.
    return index < Table<E>::names.size() ? Table<E>::names[index] : std::string_view("?");
}

}  // namespace

template <class E>
std::optional<E> enum_from_string(std::string_view text) {
    for (std::size_t i = 0; i < Table<E>::names.size(); ++i) {
        if (Table<E>::names[i] == text) {
            return static_cast<E>(i);
        }
    }
    return std::nullopt;
}

template <class E>
std::span<const E> enum_values() {
    return kValues<E>;
}

template <class E>
std::string_view enum_name() {
    return Table<E>::name;
}

#define QA_CONTRACTS_ENUM(E)                                              \
    std::string_view to_string(E value) {                                 \
        return name_of(value);                                            \
    }                                                                     \
    template std::optional<E> enum_from_string<E>(std::string_view text); \
    template std::span<const E> enum_values<E>();                         \
    template std::string_view enum_name<E>();

QA_CONTRACTS_ENUM(RunMode)
QA_CONTRACTS_ENUM(VerdictStatus)
QA_CONTRACTS_ENUM(LensClass)
QA_CONTRACTS_ENUM(LensStatus)
QA_CONTRACTS_ENUM(Severity)
QA_CONTRACTS_ENUM(PermissionProfileId)
QA_CONTRACTS_ENUM(UsageUnavailableReason)
QA_CONTRACTS_ENUM(ErrorCode)
QA_CONTRACTS_ENUM(AdapterId)
QA_CONTRACTS_ENUM(WorktreeMode)
QA_CONTRACTS_ENUM(CwdMode)
QA_CONTRACTS_ENUM(BlockingPolicy)
QA_CONTRACTS_ENUM(OverflowPolicy)

#undef QA_CONTRACTS_ENUM

}  // namespace qa::contracts

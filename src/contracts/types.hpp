#pragma once

/// The seed-002 contract types as plain data. Field names are the seed's (camelCase), since they
/// are the JSON member names of every artifact; `T | null` is std::optional, integers are
/// std::int64_t, costs are double. Literal-typed fields (temperature: 0, retryMax: 2, the
/// schemaVersion strings, ...) are ordinary members whose default is the only valid value: the
/// JSON reader rejects anything else, so a value read from disk always holds it.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "contracts/enums.hpp"
#include "json/value.hpp"

namespace qa::contracts {

/// Token and cost usage of a lens (or the run); a null counter is "unknown", with the reason.
struct UsageMetrics {
    std::optional<std::int64_t> inputTokens;
    std::optional<std::int64_t> outputTokens;
    std::optional<std::int64_t> totalTokens;
    std::optional<double> costUsd;
    std::optional<UsageUnavailableReason> unavailableReason;

    bool operator==(const UsageMetrics&) const = default;
};

/// A provider pinned to an exact model with fixed sampling and retry parameters.
struct ProviderBinding {
    std::string bindingId;
    AdapterId adapterId = AdapterId::openai_codex;
    std::string adapterVersion;
    std::string modelId;
    double temperature = 0;  ///< literal 0
    double topP = 1;         ///< literal 1
    std::int64_t maxTokens = 0;
    std::optional<std::int64_t> seed;
    std::int64_t timeoutMs = 0;
    std::int64_t retryMax = 2;                                 ///< literal 2
    std::array<std::int64_t, 2> retryBackoffMs = {500, 1500};  ///< literal [500, 1500]

    bool operator==(const ProviderBinding&) const = default;
};

/// The guardrails of one permission profile: network, worktree, command prefixes and bounds.
struct PermissionProfile {
    PermissionProfileId profileId = PermissionProfileId::read_only;
    bool readOnly = true;
    bool allowNetwork = false;
    WorktreeMode worktreeMode = WorktreeMode::none;
    std::vector<std::vector<std::string>> allowedCommandPrefixes;
    std::int64_t maxCommandsPerPlan = 0;
    std::int64_t commandTimeoutMs = 0;
    std::int64_t maxStdoutBytes = 0;
    std::int64_t maxStderrBytes = 0;

    bool operator==(const PermissionProfile&) const = default;
};

/// A static command template of an execution lens (argv, never a shell string).
struct ExecutionCommandSpec {
    std::int64_t ordinal = 0;
    std::vector<std::string> command;
    CwdMode cwdMode = CwdMode::ephemeral_worktree;
    std::string purpose;

    bool operator==(const ExecutionCommandSpec&) const = default;
};

/// What one command did, recorded by hashes of its output.
struct ExecutionCommandResult {
    std::int64_t ordinal = 0;
    std::optional<std::int64_t> exitCode;  ///< null when the command never exited (timeout)
    bool timedOut = false;
    std::string stdoutSha256;
    std::string stderrSha256;
    /// Extension: the profile key of the sandbox limit the command hit (max_processes,
    /// max_memory_mb, max_file_size_mb, tmp_size_mb); absent when it hit none.
    std::optional<std::string> limitExceeded;

    bool operator==(const ExecutionCommandResult&) const = default;
};

/// Extension: one path a sandboxed command could see, and whether it could write there.
struct SandboxMount {
    std::string path;  ///< as the command sees it (a profile's `~/` kept as written)
    bool writable = false;
    std::string source;  ///< what it is: "system", "etc", "profile", "checkout", "tmpfs"...

    bool operator==(const SandboxMount&) const = default;
};

/// Extension: the sandbox's view, so that a reviewer sees what a command could read.
struct SandboxView {
    std::vector<SandboxMount> mounts;
    bool network = false;
    std::int64_t maxProcesses = 0;
    std::int64_t maxMemoryBytes = 0;  ///< per process
    std::int64_t maxFileSizeBytes = 0;
    std::int64_t tmpSizeBytes = 0;
    std::string processLimit;  ///< how max_processes is enforced: rlimit, cgroup, unenforced

    bool operator==(const SandboxView&) const = default;
};

/// The audit of an execution-enabled lens plan.
struct ExecutionAudit {
    std::string schemaVersion{kExecutionAuditV1};
    PermissionProfileId permissionProfileId = PermissionProfileId::read_only;
    std::optional<std::string> worktreePath;
    std::vector<ExecutionCommandResult> commands;
    std::optional<SandboxView> sandbox;  ///< extension: absent in seed-shaped audits

    bool operator==(const ExecutionAudit&) const = default;
};

/// The normalized input of one run; everything a run's outcome may depend on.
struct SkillInput {
    std::string schemaVersion{kSkillInputV1};
    std::string repoId;
    std::string repoRoot;
    std::string vcs = "git";  ///< literal "git"
    std::optional<std::string> baseRef;
    std::string headRef;
    RunMode runMode = RunMode::strict;
    std::optional<std::vector<std::string>> requestedLensIds;
    std::int64_t maxConcurrency = 1;
    std::vector<LensClass> allowExecutionLensClasses;
    std::vector<PermissionProfile> permissionProfiles;
    PermissionProfileId defaultPermissionProfileId = PermissionProfileId::read_only;
    std::string artifactRoot;
    std::int64_t runBudgetMaxTokens = 0;
    std::optional<double> runBudgetMaxCostUsd;
    std::vector<ProviderBinding> providerBindings;
    std::string configHash;

    bool operator==(const SkillInput&) const = default;
};

/// One planned lens (or sub-lens) invocation with its scope, budget and permissions.
struct LensPlan {
    std::string schemaVersion{kLensPlanV1};
    std::int64_t planOrdinal = 0;
    std::string lensId;
    std::optional<std::string> subLensId;
    std::string lensVersion;
    LensClass lensClass = LensClass::consistency;
    bool required = false;
    BlockingPolicy blockingPolicy = BlockingPolicy::rule_defined;
    std::string providerBindingId;
    PermissionProfileId permissionProfileId = PermissionProfileId::read_only;
    std::vector<std::string> changedFiles;
    std::vector<std::string> fullContextFiles;
    std::vector<std::string> omittedFiles;
    std::string scopeDigest;
    std::vector<ExecutionCommandSpec> executionCommands;
    std::int64_t maxInputTokens = 0;
    std::int64_t maxOutputTokens = 0;
    std::optional<double> maxCostUsd;
    OverflowPolicy overflowPolicy = OverflowPolicy::stop;

    bool operator==(const LensPlan&) const = default;
};

/// One problem a lens found, pointing at a line range of a changed file.
struct Finding {
    std::string findingId;
    std::string lensId;
    std::optional<std::string> subLensId;
    std::string ruleId;
    Severity severity = Severity::info;
    bool blocking = false;
    std::string file;
    std::int64_t startLine = 1;
    std::int64_t endLine = 1;
    std::string summary;
    json::Value evidence = json::Object{};  ///< an open JSON object, lens-specific
    std::string evidenceHash;

    bool operator==(const Finding&) const = default;
};

/// The normalized outcome of one lens plan.
struct LensResult {
    std::string schemaVersion{kLensResultV1};
    std::int64_t planOrdinal = 0;
    std::string lensId;
    std::optional<std::string> subLensId;
    std::string lensVersion;
    LensStatus status = LensStatus::completed;
    bool degraded = false;
    std::vector<Finding> findings;
    std::vector<std::string> evidenceSummary;
    UsageMetrics usage;
    std::vector<ErrorCode> errorCodes;
    std::vector<ErrorCode> warningCodes;
    std::optional<ExecutionAudit> executionAudit;
    std::string adapterResponseHash;

    bool operator==(const LensResult&) const = default;
};

/// The aggregated PASS/FAIL verdict of a run.
struct FinalVerdict {
    std::string schemaVersion{kFinalVerdictV1};
    VerdictStatus status = VerdictStatus::FAIL;  ///< closed by default: nothing passes unset
    bool degraded = false;
    std::vector<std::string> rationale;
    std::vector<std::string> requiredLensIds;
    std::vector<std::string> missingRequiredLensIds;
    std::vector<std::string> failedRequiredLensIds;
    std::vector<Finding> blockingFindings;
    std::vector<ErrorCode> errorCodes;
    UsageMetrics aggregateUsage;

    bool operator==(const FinalVerdict&) const = default;
};

/// Everything one run produced, keyed by its execution key.
struct SkillResult {
    std::string schemaVersion{kSkillResultV1};
    std::string executionKey;
    std::string normalizedInputHash;
    std::vector<LensPlan> lensPlans;
    std::vector<LensResult> lensResults;
    FinalVerdict finalVerdict;

    bool operator==(const SkillResult&) const = default;
};

}  // namespace qa::contracts

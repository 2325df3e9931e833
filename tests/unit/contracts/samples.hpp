#pragma once

/// Realistic values of every contract type, as a run with one rule lens, one model lens and
/// one execution lens would produce them. Every hash field holds a real SHA-256.

#include <string>

#include "contracts/types.hpp"
#include "util/sha256.hpp"

namespace qa::test::contracts_samples {

namespace c = qa::contracts;

inline std::string hash_of(const std::string& text) {
    return util::sha256_hex(text);
}

inline c::UsageMetrics usage_known() {
    c::UsageMetrics u;
    u.inputTokens = 12840;
    u.outputTokens = 911;
    u.totalTokens = 13751;
    u.costUsd = 0.04237;
    return u;
}

inline c::UsageMetrics usage_unknown() {
    c::UsageMetrics u;
    u.unavailableReason = c::UsageUnavailableReason::PROVIDER_NOT_SUPPORTED;
    return u;
}

inline c::ProviderBinding binding() {
    c::ProviderBinding b;
    b.bindingId = "claude-review";
    b.adapterId = c::AdapterId::anthropic_claude;
    b.adapterVersion = "1.0.0";
    b.modelId = "claude-sonnet-4-20250514";
    b.maxTokens = 8000;
    b.seed = std::nullopt;
    b.timeoutMs = 120000;
    return b;
}

inline c::ProviderBinding binding_openai() {
    c::ProviderBinding b;
    b.bindingId = "codex";
    b.adapterId = c::AdapterId::openai_codex;
    b.adapterVersion = "1.0.0";
    b.modelId = "gpt-5-codex";
    b.maxTokens = 4096;
    b.seed = 42;
    b.timeoutMs = 60000;
    return b;
}

inline c::PermissionProfile profile_sandboxed() {
    c::PermissionProfile p;
    p.profileId = c::PermissionProfileId::exec_sandboxed_network_off;
    p.readOnly = false;
    p.allowNetwork = false;
    p.worktreeMode = c::WorktreeMode::ephemeral;
    p.allowedCommandPrefixes = {{"cargo", "test"}, {"npm", "run", "lint"}};
    p.maxCommandsPerPlan = 4;
    p.commandTimeoutMs = 120000;
    p.maxStdoutBytes = 1 << 20;
    p.maxStderrBytes = 1 << 20;
    return p;
}

inline c::PermissionProfile profile_read_only() {
    c::PermissionProfile p;
    p.profileId = c::PermissionProfileId::read_only;
    p.readOnly = true;
    p.allowNetwork = false;
    p.worktreeMode = c::WorktreeMode::none;
    p.maxCommandsPerPlan = 0;
    p.commandTimeoutMs = 0;
    p.maxStdoutBytes = 0;
    p.maxStderrBytes = 0;
    return p;
}

inline c::ExecutionCommandSpec command_spec() {
    c::ExecutionCommandSpec s;
    s.ordinal = 0;
    s.command = {"cargo", "test", "--locked", "--offline"};
    s.cwdMode = c::CwdMode::ephemeral_worktree;
    s.purpose = "unit tests of the changed crate";
    return s;
}

inline c::ExecutionCommandResult command_result() {
    c::ExecutionCommandResult r;
    r.ordinal = 0;
    r.exitCode = 101;
    r.timedOut = false;
    r.stdoutSha256 = hash_of("test result: FAILED. 41 passed; 1 failed");
    r.stderrSha256 = hash_of("");
    return r;
}

inline c::ExecutionAudit audit() {
    c::ExecutionAudit a;
    a.permissionProfileId = c::PermissionProfileId::exec_sandboxed_network_off;
    a.worktreePath = ".worktrees/qa-skill/" + hash_of("key") + "/2/";
    a.commands.push_back(command_result());
    c::ExecutionCommandResult timed_out;
    timed_out.ordinal = 1;
    timed_out.exitCode = std::nullopt;
    timed_out.timedOut = true;
    timed_out.stdoutSha256 = hash_of("partial");
    timed_out.stderrSha256 = hash_of("");
    a.commands.push_back(timed_out);
    return a;
}

inline c::SkillInput skill_input() {
    c::SkillInput in;
    in.repoId = "github.com/acme/payments";
    in.repoRoot = ".";
    in.baseRef = "origin/main";
    in.headRef = "HEAD";
    in.runMode = c::RunMode::strict;
    in.requestedLensIds = std::vector<std::string>{"consistency", "secrets"};
    in.maxConcurrency = 4;
    in.allowExecutionLensClasses = {c::LensClass::performance, c::LensClass::style};
    in.permissionProfiles = {profile_read_only(), profile_sandboxed()};
    in.defaultPermissionProfileId = c::PermissionProfileId::read_only;
    in.artifactRoot = ".qa-skill";
    in.runBudgetMaxTokens = 300000;
    in.runBudgetMaxCostUsd = 12.0;
    in.providerBindings = {binding(), binding_openai()};
    in.configHash = hash_of("[run]\nmode = \"strict\"\n");
    return in;
}

inline c::LensPlan plan_rule() {
    c::LensPlan p;
    p.planOrdinal = 0;
    p.lensId = "secrets";
    p.subLensId = "aws-keys";
    p.lensVersion = "1.2.0";
    p.lensClass = c::LensClass::security;
    p.required = true;
    p.blockingPolicy = c::BlockingPolicy::rule_defined;
    p.providerBindingId = "none";
    p.permissionProfileId = c::PermissionProfileId::read_only;
    p.changedFiles = {"src/billing/charge.py", "src/config.py"};
    p.scopeDigest = hash_of("secrets/aws-keys");
    p.maxInputTokens = 0;
    p.maxOutputTokens = 0;
    p.maxCostUsd = std::nullopt;
    p.overflowPolicy = c::OverflowPolicy::stop;
    return p;
}

inline c::LensPlan plan_model() {
    c::LensPlan p;
    p.planOrdinal = 1;
    p.lensId = "consistency";
    p.lensVersion = "0.3.1";
    p.lensClass = c::LensClass::consistency;
    p.required = false;
    p.blockingPolicy = c::BlockingPolicy::mixed;
    p.providerBindingId = "claude-review";
    p.permissionProfileId = c::PermissionProfileId::read_only;
    p.changedFiles = {"src/billing/charge.py"};
    p.fullContextFiles = {"src/billing/charge.py"};
    p.omittedFiles = {"vendor/huge.min.js"};
    p.scopeDigest = hash_of("consistency");
    p.maxInputTokens = 70000;
    p.maxOutputTokens = 8000;
    p.maxCostUsd = 1.5;
    p.overflowPolicy = c::OverflowPolicy::escalate;
    return p;
}

inline c::LensPlan plan_exec() {
    c::LensPlan p;
    p.planOrdinal = 2;
    p.lensId = "tests";
    p.lensVersion = "1.0.0";
    p.lensClass = c::LensClass::performance;
    p.required = true;
    p.blockingPolicy = c::BlockingPolicy::severity_threshold;
    p.providerBindingId = "none";
    p.permissionProfileId = c::PermissionProfileId::exec_sandboxed_network_off;
    p.changedFiles = {"src/lib.rs"};
    p.scopeDigest = hash_of("tests");
    p.executionCommands = {command_spec()};
    p.overflowPolicy = c::OverflowPolicy::skip;
    return p;
}

inline c::Finding finding() {
    c::Finding f;
    f.findingId = "secrets/aws-keys:" + hash_of("AKIA").substr(0, 16);
    f.lensId = "secrets";
    f.subLensId = "aws-keys";
    f.ruleId = "aws-access-key-id";
    f.severity = c::Severity::critical;
    f.blocking = true;
    f.file = "src/config.py";
    f.startLine = 12;
    f.endLine = 12;
    f.summary = "AWS access key id committed in source";
    f.evidence = json::Object{
        {"match", "AKIA****************"},
        {"entropy", 3.68},
        {"column", 17},
        {"context", json::Array{"AWS_KEY = \"AKIA...\"", nullptr, true}},
    };
    f.evidenceHash = hash_of("AKIAIOSFODNN7EXAMPLE");
    return f;
}

inline c::LensResult result_rule() {
    c::LensResult r;
    const c::LensPlan p = plan_rule();
    r.planOrdinal = p.planOrdinal;
    r.lensId = p.lensId;
    r.subLensId = p.subLensId;
    r.lensVersion = p.lensVersion;
    r.status = c::LensStatus::completed;
    r.degraded = false;
    r.findings = {finding()};
    r.evidenceSummary = {"1 rule matched in 2 files"};
    r.usage = usage_unknown();
    r.adapterResponseHash = hash_of("rule-engine");
    return r;
}

inline c::LensResult result_model() {
    c::LensResult r;
    const c::LensPlan p = plan_model();
    r.planOrdinal = p.planOrdinal;
    r.lensId = p.lensId;
    r.lensVersion = p.lensVersion;
    r.status = c::LensStatus::degraded;
    r.degraded = true;
    r.evidenceSummary = {"context bound: 1 file omitted"};
    r.usage = usage_known();
    r.errorCodes = {};
    r.warningCodes = {c::ErrorCode::CONTEXT_BOUND_EXCEEDED, c::ErrorCode::PROVIDER_RATE_LIMIT};
    r.adapterResponseHash = hash_of("{\"content\":[]}");
    return r;
}

inline c::LensResult result_exec() {
    c::LensResult r;
    const c::LensPlan p = plan_exec();
    r.planOrdinal = p.planOrdinal;
    r.lensId = p.lensId;
    r.lensVersion = p.lensVersion;
    r.status = c::LensStatus::failed;
    r.degraded = true;
    r.usage = usage_unknown();
    r.errorCodes = {c::ErrorCode::EXECUTION_EXIT_NONZERO, c::ErrorCode::EXECUTION_TIMEOUT};
    r.executionAudit = audit();
    r.adapterResponseHash = hash_of("exec");
    return r;
}

inline c::FinalVerdict verdict() {
    c::FinalVerdict v;
    v.status = c::VerdictStatus::FAIL;
    v.degraded = true;
    v.rationale = {"1 blocking finding", "required lens tests failed"};
    v.requiredLensIds = {"secrets", "tests"};
    v.missingRequiredLensIds = {};
    v.failedRequiredLensIds = {"tests"};
    v.blockingFindings = {finding()};
    v.errorCodes = {c::ErrorCode::LENS_REQUIRED_FAILED};
    v.aggregateUsage = usage_known();
    v.aggregateUsage.costUsd = std::nullopt;
    v.aggregateUsage.unavailableReason = c::UsageUnavailableReason::MISSING_USAGE_DATA;
    return v;
}

inline c::SkillResult skill_result() {
    c::SkillResult s;
    s.executionKey = hash_of("execution key");
    s.normalizedInputHash = hash_of("input");
    s.lensPlans = {plan_rule(), plan_model(), plan_exec()};
    s.lensResults = {result_rule(), result_model(), result_exec()};
    s.finalVerdict = verdict();
    return s;
}

}  // namespace qa::test::contracts_samples

#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "exec/phase_input.hpp"
#include "exec/phase_output.hpp"
#include "exec/runner.hpp"
#include "exec/trust.hpp"
#include "settings/profile.hpp"

namespace qa::exec {

/// The lens class phase validation executes under: the project checked against its own
/// tooling (formatter, linter, build, tests). It must be in allow_execution_lens_classes.
inline constexpr contracts::LensClass kPhaseLensClass = contracts::LensClass::consistency;

/// The review half of seed 004 (code_review, security_review), supplied by the caller: it comes
/// from the rule and model lenses, which this module does not depend on.
struct PhaseReviews {
    ReviewCheck codeReview;
    ReviewCheck securityReview;
    bool criticalSecurityIssue = false;
};
using ReviewFn = std::function<PhaseReviews(const PhaseInput& input,
                                            const std::filesystem::path& repo_root, bool is_git)>;

/// What phase validation reads of the configuration of the project it checks, found by the caller
/// (the command loads `.qa-skill.toml`), so that this module reads no configuration.
struct PhaseSettings {
    std::string executionHash;  ///< config::execution_config_hash: what trust is checked against
    contracts::PermissionProfileId defaultPermissionProfile =
        contracts::PermissionProfileId::read_only;
    std::vector<settings::ProfileSettings> permissionProfiles;  ///< `[permission_profiles.<id>]`
    std::vector<contracts::LensClass> allowExecutionLensClasses;
};

struct PhaseEnv {
    /// The settings of the project rooted at the path given (the repository's root, or the
    /// working directory outside one); may throw settings::ConfigError.
    std::function<PhaseSettings(const std::filesystem::path& root)> settings;
    TrustEnv trust;
    RunnerEnv runner;
    /// `--profile`: the user's explicit choice; otherwise default_permission_profile.
    std::optional<contracts::PermissionProfileId> profileOverride;
    ReviewFn reviews;
    /// Starts the sandboxes (the binary's runner registers them, so a signal kills them);
    /// nullptr: without a registry.
    const lenses::api::CommandRunner* commands = nullptr;
    util::CancellationToken cancel;  ///< a signal: the running command is killed at once
};

struct PhaseRun {
    PhaseOutput output;
    contracts::ExecutionAudit audit;
    std::vector<std::string> notes;  ///< what the output's schema has no field for
};

/// Seed 004 on the working directory: the files on disk (tracked and untracked, not ignored)
/// are copied into `.worktrees/qa-skill/<key>/0/`, and the formatter, linter, build and tests
/// run there in the sandbox (check mode; a file a tool changes in the copy is an issue), each
/// re-run up to max_retries times while it fails. Throws ExecError (EXECUTION_DENIED: not
/// trusted, class not allowed, read-only profile, no sandbox; EXECUTION_POLICY_VIOLATION: a
/// command outside the profile) before anything runs, and what `env.settings` throws.
PhaseRun run_phase_validation(const PhaseInput& input, const PhaseEnv& env);

}  // namespace qa::exec

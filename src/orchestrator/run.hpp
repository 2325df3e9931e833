#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "baseline/exact_keys.hpp"
#include "contracts/types.hpp"
#include "git/push_refs.hpp"
#include "git/repository.hpp"
#include "input/lens_kind.hpp"
#include "orchestrator/execution_service.hpp"
#include "orchestrator/run_control.hpp"
#include "plan/planner.hpp"

namespace qa::orchestrator {

/// Which change a run checks.
enum class ChangeKind {
    staged,     ///< the index against HEAD (pre-commit, --dry-run)
    range,      ///< base...head (CI, `qa-skill run --base X --head Y`)
    all_files,  ///< every tracked file as added (onboarding, baselines)
    pushed,     ///< one run per pushed ref (pre-push)
    /// Named files (the pre-commit framework's file list): a file with staged changes is judged
    /// on its staged diff, any other named file of the index whole, so `pre-commit run
    /// --all-files` audits the tree while a commit judges what it changes.
    files,
    message,  ///< the commit-msg hook: RunRequest::message, for credentials only
    history,  ///< `qa-skill audit`: every commit of RunRequest::revision, for credentials only
};

/// Everything a run needs from its caller. Hooks and the CLI only fill this in.
struct RunRequest {
    std::filesystem::path startDir = ".";
    git::GitEnv gitEnv;
    ChangeKind kind = ChangeKind::staged;
    std::optional<std::string> base;  ///< --base (range), overrides config base_ref
    std::optional<std::string> head;  ///< --head (range); default HEAD
    std::string remote;               ///< pre-push: the remote's name or URL
    std::vector<git::PushUpdate> pushUpdates;
    std::vector<std::string> files;  ///< ChangeKind::files: repository-relative paths
    std::string message;             ///< ChangeKind::message: the message file's text
    std::string revision;            ///< ChangeKind::history: REV, A..B or --all
    std::optional<std::filesystem::path> configFile;    ///< --config: overrides the tree's config
    std::optional<contracts::RunMode> runModeOverride;  ///< --run-mode
    std::optional<std::size_t> jobsOverride;            ///< --jobs: host fact, not in SkillInput
    std::optional<std::vector<std::string>> lensIds;    ///< requestedLensIds
    /// QA_SKILL_SKIP: lenses left out of this run (never security or gate); the rest fill
    /// requestedLensIds, and the gate lens reports the skip as gate-weakened.
    std::vector<std::string> skipLensIds;
    bool writeArtifacts = true;
    /// --verify-determinism: replay each written run from its stored input and compare.
    bool verifyDeterminism = false;
    /// --input FILE: the normalized SkillInput the run was asked for; each target's repoId and
    /// configHash must be its own (exit 2 otherwise). `inputFile` names it in messages.
    std::optional<contracts::SkillInput> input;
    std::string inputFile;
    /// Execution lenses' environment (trust store, bubblewrap); nullopt offers no execution:
    /// their plans then fail with EXECUTION_DENIED. The binaries set it from the process.
    std::optional<ExecutionEnv> execution;
};

/// One checked change (a push of several refs gives one per ref).
struct RunOutcome {
    std::string label;  ///< "staged changes", "refs/heads/x -> refs/heads/x", "base...head"
    contracts::SkillInput input;
    contracts::SkillResult result;
    plan::PlanOutcome plan;
    std::vector<std::string> baseRefCodes;
    std::optional<std::filesystem::path> artifactDir;
    /// Where this run's artifacts went instead when artifactDir already held other hashed bytes
    /// for its key (DETERMINISM_DRIFT_DETECTED).
    std::optional<std::filesystem::path> driftDir;
    /// The baseline the run applied ("<path> (index)", "<path> at <sha>"), when the tree under
    /// test has one, and how many findings it accepted (they stay in lensResults, not blocking).
    std::optional<std::string> baselineSource;
    std::size_t baselineAccepted = 0;
    /// Findings an entry of an older baseline matched only by a secret's masked form: not
    /// accepted (baseline::Baseline::unverifiable), and the user is told to refresh the file.
    std::size_t baselineUnverifiable = 0;
    /// The exact hashes of the guessable secrets found (baseline/exact_keys.hpp): in memory
    /// only, for `baseline create` and `check`; never written.
    baseline::ExactKeys exactKeys;
};

/// A repository's own rules file the run read (`rules_files`), as text: what the report
/// describes the repository's rules from (SARIF).
struct OwnRulesText {
    std::string path;
    std::string text;
};

struct RunReport {
    std::vector<RunOutcome> runs;
    std::vector<OwnRulesText> ownRules;
    std::filesystem::path repoRoot;  ///< the working tree root (where `baseline create` writes)
    /// The run's lens catalog (prepare.hpp): kept with the report, not on run()'s stack,
    /// because an overdue lens thread may use it until the process ends.
    std::shared_ptr<const void> lenses;
    /// The working tree's `.qa-skill.toml` is not the one checked (prepare.hpp): one line.
    std::optional<std::string> configNote;
    /// The kind of each lens of the run (built-in and external), by lensId: what the report
    /// needs to know of a finding's lens (whether a directive can suppress it).
    std::map<std::string, input::LensKind, std::less<>> lensKinds;

    /// PASS only when every run passed (a push of no refs, or of deletions only, passes).
    bool passed() const;
};

/// The whole seed-002 flow: prepare (configuration, change sets, trees under test), then per
/// target plan, execute, decide and write.
/// Throws settings::ConfigError (exit 2), git::GitError, util::IoError and others for the caller
/// to map onto exit codes, and util::Interrupted when `control.cancel` is cancelled (nothing is
/// then written); a run that completes returns its verdicts, PASS or FAIL. Every thread it
/// starts has ended when it returns or throws.
RunReport run(const RunRequest& request, const RunControl& control = {});

/// The commit sha `revision` names in the request's repository. Throws util::InputError (exit
/// 2) naming it when it names no commit.
std::string resolve_commit(const RunRequest& request, const std::string& revision);

/// Plans only (`qa-skill plan`): no lens runs and nothing is written.
RunReport plan_only(const RunRequest& request);

}  // namespace qa::orchestrator

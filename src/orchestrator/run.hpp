#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "baseline/exact_keys.hpp"
#include "contracts/types.hpp"
#include "input/lens_kind.hpp"
#include "orchestrator/run_control.hpp"
#include "plan/planner.hpp"
#include "prepare/own_rules_text.hpp"
#include "prepare/run_request.hpp"

namespace qa::orchestrator {

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

struct RunReport {
    std::vector<RunOutcome> runs;
    std::vector<prepare::OwnRulesText> ownRules;
    std::filesystem::path repoRoot;  ///< the working tree root (where `baseline create` writes)
    /// The run's lens catalog (prepare/prepare.hpp): kept with the report, not on run()'s stack,
    /// because an overdue lens thread may use it until the process ends.
    std::shared_ptr<const void> lenses;
    /// The working tree's `.qa-skill.toml` is not the one checked (prepare/prepare.hpp): one line.
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
RunReport run(const prepare::RunRequest& request, const RunControl& control = {});

/// The commit sha `revision` names in the request's repository. Throws util::InputError (exit
/// 2) naming it when it names no commit.
std::string resolve_commit(const prepare::RunRequest& request, const std::string& revision);

/// Plans only (`qa-skill plan`): no lens runs and nothing is written.
RunReport plan_only(const prepare::RunRequest& request);

}  // namespace qa::orchestrator

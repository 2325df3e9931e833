#pragma once

#include <memory>

#include "lenses/api/lens.hpp"
#include "rules/rule_set.hpp"

namespace qa::lenses {

/// The execution lens `phase` (seed 004 in the gate): its sub-lenses `formatter`, `linter`,
/// `build` and `tests` run the project's own tools, in check mode, on the exact tree under test,
/// in the sandbox, through context.services.execution. Commands come from the options
/// (`format_command`...) or the defaults of the language (`language`, or detected from the
/// tree's root files); a failing check re-runs up to `max_retries` times.
///
/// - A check that fails (non-zero exit, a file the tool changed in the checkout) is a blocking
///   finding at each file of the tree the tool's output names, or at `.qa-skill.toml` when it
///   names none, with EXECUTION_EXIT_NONZERO; the tests' finding carries the failing count read
///   from the runner's own summary, or says it could not be read.
/// - EXECUTION_TIMEOUT: a failed result in strict mode (a required lens fails the run), a
///   degraded one with the code in best_effort (a non-required lens then degrades the run).
/// - EXECUTION_DENIED / EXECUTION_POLICY_VIOLATION: a failed result, nothing ran.
/// - The result carries the plan's ExecutionAudit (commands by ordinal, output hashes, the
///   sandbox's view). A failing command's output, capped and with every secret the credential
///   rules find masked, is in its findings' evidence (`output`, `outputTail`: the last lines,
///   which the terminal report prints under the finding).
/// - The sub-lenses share one checkout per tree and take turns on it in plan order (build
///   before tests, so a compiled project's tests find its build). Every command of every check
///   is checked against the profile's policy before the first one runs.
class PhaseLens final : public lenses::api::Lens {
  public:
    /// `credentials` mask what a command printed before it is stored or shown.
    explicit PhaseLens(std::shared_ptr<const rules::RuleSet> credentials)
        : credentials_(std::move(credentials)) {}

    contracts::LensResult run(const contracts::LensPlan& plan,
                              const lenses::api::LensContext& context) const override;

  private:
    std::shared_ptr<const rules::RuleSet> credentials_;
};

}  // namespace qa::lenses

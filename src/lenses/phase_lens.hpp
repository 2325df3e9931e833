#pragma once

#include "dispatch/lens.hpp"

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
/// - The result carries the plan's ExecutionAudit (commands by ordinal, output hashes).
class PhaseLens final : public dispatch::Lens {
  public:
    contracts::LensResult run(const contracts::LensPlan& plan,
                              const dispatch::LensContext& context) const override;
};

}  // namespace qa::lenses

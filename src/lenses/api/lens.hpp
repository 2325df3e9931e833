#pragma once

// The lens API: what a lens implementation (rule, model, execution or external) receives and
// returns. doc/dev/lens-api.md describes it for lens authors.
//
// - A Lens is stateless after construction; one instance serves every worker at once.
// - run(plan, context) returns a LensResult for the plan. Expected failures (a provider's 429,
//   a command's non-zero exit, an invalid answer) are failed or degraded results with error
//   codes; exceptions are for bugs and unreadable input and become failed results too.
// - context.run is the immutable RunInput (SkillInput + every lens's resolved settings);
//   context.settings is this lens's LensInput; context.changes the read-only change;
//   context.services the provider client, command runner, budget ledger and clock (null when
//   the run does not offer them); context.cancel the CancellationToken to poll and to pass on.
// - A lens never reads the Config, the environment or the working tree.

#include <functional>
#include <string>

#include "contracts/types.hpp"
#include "input/run_input.hpp"
#include "lenses/api/change_source.hpp"
#include "lenses/api/services.hpp"
#include "util/cancellation.hpp"

namespace qa::lenses::api {

/// Everything a lens run receives besides its plan, and nothing else.
struct LensContext {
    const input::RunInput& run;  ///< the run's immutable input (every lens's settings)
    const input::LensInput&
        settings;                 ///< this lens's resolved settings (== *run.lens(plan.lensId))
    const ChangeSource& changes;  ///< the change under test, read-only
    const Services& services;     ///< provider client, command runner, budget ledger, clock
    /// Stops at the lens's deadline, when the dispatcher gives up on it and when the run is
    /// cancelled (a signal). A lens polls it between units of work (a file, a rule pass) and
    /// passes it to whatever may block (run_process, an HTTP transfer); it then throws or
    /// returns early. A lens that ignores it is waited for all the same (its thread is always
    /// joined): the binaries end the process with exit 3 once it is overdue.
    util::CancellationToken cancel;

    bool should_stop() const { return cancel.stop_requested(); }
};

/// A lens plug-in: from a LensPlan and its context to a LensResult. Implementations are
/// stateless after construction, so one instance serves every worker at once. Its id, version
/// and class are the registry's (plan.lensId, plan.lensVersion), never restated here.
class Lens {
  public:
    virtual ~Lens() = default;
    /// Runs one plan. May throw; the dispatcher turns that into a failed result.
    virtual contracts::LensResult run(const contracts::LensPlan& plan,
                                      const LensContext& context) const = 0;
};

/// Finds the lens implementation for a plan's lensId; nullptr when none is built in.
using LensLookup = std::function<const Lens*(const std::string& lens_id)>;

}  // namespace qa::lenses::api

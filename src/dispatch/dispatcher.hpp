#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "lenses/api/lens.hpp"
#include "util/cancellation.hpp"

namespace qa::dispatch {

using lenses::api::LensLookup;

/// How the dispatcher treats lenses that do not stop when told to.
struct DispatchOptions {
    /// After its deadline (or the run's cancellation) a lens has this long to notice its token
    /// and return before it is overdue.
    std::chrono::milliseconds grace{1000};
    /// Called on the dispatching thread, once per overdue lens. The dispatcher keeps waiting
    /// for the lens afterwards (it never detaches a thread that borrows the run's state), so
    /// the binaries end the process here (exit 3, see orchestrator::Failsafe); when unset, or
    /// when it returns, the plans that no free worker is left to start fail unstarted and the
    /// run waits for the overdue lens to return.
    std::function<void(const contracts::LensPlan&)> on_overdue;
};

/// Runs LensPlans on a fixed pool of `max_concurrency` threads in queue (planOrdinal) order,
/// each under its lens's time limit, and returns one LensResult per plan, indexed by
/// planOrdinal: the output never depends on timing or on the number of cores.
///
/// A lens that throws gives a failed result; a lens past its time limit is asked to stop
/// through its token and gives a failed result whatever it returns; when the run's token is
/// cancelled, running lenses are asked to stop and unstarted plans fail unstarted. Nothing is
/// ever silently missing. Every worker is joined before run() returns.
class Dispatcher {
  public:
    Dispatcher(std::size_t max_concurrency, LensLookup lookup, DispatchOptions options = {});

    /// Each plan's lens gets `input`, its LensInput, `changes`, `services` and a token that
    /// stops at its `timeout` and when `cancel` stops.
    std::vector<contracts::LensResult> run(const std::vector<contracts::LensPlan>& plans,
                                           const lenses::api::ChangeSource& changes,
                                           const input::RunInput& input,
                                           const lenses::api::Services& services = {},
                                           const util::CancellationToken& cancel = {}) const;

  private:
    std::size_t max_concurrency_;
    LensLookup lookup_;
    DispatchOptions options_;
};

}  // namespace qa::dispatch

#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "dispatch/lens.hpp"

namespace qa::dispatch {

/// Finds the lens implementation for a plan's lensId; nullptr when none is built in.
using LensLookup = std::function<const Lens*(const std::string& lens_id)>;

/// Runs LensPlans on a fixed pool of `max_concurrency` threads in queue (planOrdinal) order,
/// each under its lens's time limit, and returns one LensResult per plan, indexed by
/// planOrdinal: the output never depends on timing or on the number of cores.
///
/// A lens that throws gives a failed result; a lens past its time limit is abandoned (its thread
/// is detached and its late result discarded) and gives a failed result; plans that no worker
/// could start give failed results too. Nothing is ever silently missing.
struct DispatchResult {
    std::vector<contracts::LensResult> results;  ///< results[i].planOrdinal == plans[i]
    bool threadsAbandoned = false;  ///< a worker is still inside a lens past its time limit
};

class Dispatcher {
  public:
    Dispatcher(std::size_t max_concurrency, LensLookup lookup);

    /// Borrowed arguments must outlive the process when threadsAbandoned is set: an abandoned
    /// worker may still read them (callers then end the process with _Exit).
    DispatchResult run(const std::vector<contracts::LensPlan>& plans, const ChangeSource& changes,
                       const config::Config& config, const std::atomic<bool>& cancelled) const;

  private:
    std::size_t max_concurrency_;
    LensLookup lookup_;
};

/// A failed LensResult for `plan` with a human reason in evidenceSummary.
contracts::LensResult failed_result(const contracts::LensPlan& plan, const std::string& reason,
                                    std::vector<contracts::ErrorCode> codes = {});

}  // namespace qa::dispatch

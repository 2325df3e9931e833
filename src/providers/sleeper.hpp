#pragma once

#include <chrono>

#include "util/cancellation.hpp"

namespace qa::providers {

/// Waits between retries. Abstract so tests can record the waits instead of spending them; the
/// real implementation is ThreadSleeper.
class Sleeper {
  public:
    virtual ~Sleeper() = default;
    /// Waits `delay` or until `stop`; false when stopped early.
    virtual bool sleep_for(std::chrono::milliseconds delay,
                           const util::CancellationToken& stop) const = 0;
};

/// Sleeps in slices of at most 20 ms, polling the stop check between them: a cancelled lens never
/// sits out a 60-second Retry-After.
class ThreadSleeper final : public Sleeper {
  public:
    bool sleep_for(std::chrono::milliseconds delay,
                   const util::CancellationToken& stop) const override;
};

}  // namespace qa::providers

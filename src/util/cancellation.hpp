#pragma once

#include <algorithm>
#include <chrono>
#include <stop_token>

namespace qa::util {

/// What cancellable work polls: "should I give up now?". A std::stop_token (set by a signal,
/// by the dispatcher when a lens passes its time limit, by the caller) plus an optional
/// deadline. Cheap to copy. A default token never stops.
///
/// Work that can block must not block past its next poll: wait in slices (run_process polls
/// every few tens of milliseconds) or hand stop_token() to an API that takes one (the
/// providers' HTTP client checks it from curl's progress callback).
class CancellationToken {
  public:
    using Clock = std::chrono::steady_clock;

    CancellationToken() = default;
    explicit CancellationToken(std::stop_token stop,
                               Clock::time_point deadline = Clock::time_point::max())
        : stop_(std::move(stop)), deadline_(deadline) {}

    /// This token, also stopped at `deadline` (the earlier of it and any deadline it had).
    CancellationToken with_deadline(Clock::time_point deadline) const {
        return CancellationToken(stop_, std::min(deadline_, deadline));
    }

    bool stop_requested() const noexcept {
        return stop_.stop_requested() ||
               (deadline_ != Clock::time_point::max() && Clock::now() >= deadline_);
    }
    /// Whether the stop was requested (cancellation), as opposed to the deadline passing.
    bool cancelled() const noexcept { return stop_.stop_requested(); }
    /// For APIs that take a std::stop_token; it does not carry the deadline.
    const std::stop_token& stop_token() const noexcept { return stop_; }
    /// Clock::time_point::max() when there is none.
    Clock::time_point deadline() const noexcept { return deadline_; }

  private:
    std::stop_token stop_;
    Clock::time_point deadline_ = Clock::time_point::max();
};

}  // namespace qa::util

#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>

namespace qa::util {

/// Owns one stop flag: whoever holds it can ask every token made from it to stop. It must
/// outlive those tokens (the binaries keep theirs in main's Failsafe; the dispatcher keeps one
/// per plan for the whole dispatch).
class StopSource {
  public:
    void request_stop() noexcept { stopped_.store(true, std::memory_order_release); }
    bool stop_requested() const noexcept { return stopped_.load(std::memory_order_acquire); }
    const std::atomic<bool>& flag() const noexcept { return stopped_; }

  private:
    std::atomic<bool> stopped_{false};
};

/// What cancellable work polls: "should I give up now?". A token combines the run's stop flag
/// (a signal, the caller), a narrower one (the dispatcher stopping one lens) and a deadline.
/// Cheap to copy; it borrows the flags, never owns them. A default token never stops.
///
/// Work that can block (a child process, an HTTP transfer) must not block past the next poll:
/// wait in slices (run_process polls every few tens of milliseconds) or use a callback that
/// polls (curl's progress callback).
class CancellationToken {
  public:
    using Clock = std::chrono::steady_clock;

    CancellationToken() = default;
    explicit CancellationToken(const StopSource& source) : run_(&source.flag()) {}

    /// This token, also stopped by `source`.
    CancellationToken with_source(const StopSource& source) const {
        CancellationToken t = *this;
        t.own_ = &source.flag();
        return t;
    }
    /// This token, also stopped at `deadline` (the earlier of it and any deadline it had).
    CancellationToken with_deadline(Clock::time_point deadline) const {
        CancellationToken t = *this;
        t.deadline_ = std::min(deadline_, deadline);
        return t;
    }

    bool stop_requested() const noexcept {
        return (run_ != nullptr && run_->load(std::memory_order_acquire)) ||
               (own_ != nullptr && own_->load(std::memory_order_acquire)) ||
               (deadline_ != Clock::time_point::max() && Clock::now() >= deadline_);
    }
    /// Whether the stop came from a flag (cancellation) rather than from the deadline.
    bool cancelled() const noexcept {
        return (run_ != nullptr && run_->load(std::memory_order_acquire)) ||
               (own_ != nullptr && own_->load(std::memory_order_acquire));
    }
    /// Clock::time_point::max() when there is none.
    Clock::time_point deadline() const noexcept { return deadline_; }

  private:
    const std::atomic<bool>* run_ = nullptr;
    const std::atomic<bool>* own_ = nullptr;
    Clock::time_point deadline_ = Clock::time_point::max();
};

}  // namespace qa::util

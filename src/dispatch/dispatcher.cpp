#include "dispatch/dispatcher.hpp"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>

#include "lenses/api/findings.hpp"
#include "settings/defaults.hpp"

namespace qa::dispatch {

using lenses::api::failed_result;

namespace {

using Clock = std::chrono::steady_clock;

enum class SlotState { pending, running, done };

/// State shared by the workers and the supervising thread; it lives on run()'s stack, which
/// is safe because run() joins every worker before it returns.
struct Shared {
    explicit Shared(std::size_t n)
        : results(n),
          states(n, SlotState::pending),
          deadlines(n),
          stops(n),
          stopped_at(n),
          overdue(n, false) {}
    std::mutex mu;
    std::condition_variable cv;
    std::vector<std::optional<contracts::LensResult>> results;
    std::vector<SlotState> states;
    std::vector<Clock::time_point> deadlines;
    std::vector<std::stop_source> stops;        ///< per plan: set to ask a lens to give up
    std::vector<Clock::time_point> stopped_at;  ///< when the supervisor stopped slot i (or saw it)
    std::vector<bool> overdue;                  ///< past stopped_at + grace, still running
    std::size_t next = 0;
    std::size_t idle_workers = 0;  ///< workers that found the queue empty and returned
};

/// How often the supervisor looks at the run's token when no deadline is nearer.
constexpr std::chrono::milliseconds kPollInterval{50};

std::chrono::milliseconds time_limit(const input::RunInput& input, const std::string& lens_id) {
    const input::LensInput* lens = input.lens(lens_id);
    return lens != nullptr ? lens->timeout
                           : std::chrono::milliseconds(settings::defaults::kLensTimeoutMs);
}

std::string time_limit_message(const input::RunInput& input, const std::string& lens_id) {
    return "lens exceeded its time limit of " + std::to_string(time_limit(input, lens_id).count()) +
           " ms";
}

}  // namespace

Dispatcher::Dispatcher(std::size_t max_concurrency, LensLookup lookup, DispatchOptions options)
    : max_concurrency_(std::max<std::size_t>(1, max_concurrency)),
      lookup_(std::move(lookup)),
      options_(std::move(options)) {}

std::vector<contracts::LensResult> Dispatcher::run(const std::vector<contracts::LensPlan>& plans,
                                                   const lenses::api::ChangeSource& changes,
                                                   const input::RunInput& input,
                                                   const lenses::api::Services& services,
                                                   const util::CancellationToken& cancel) const {
    const std::size_t n = plans.size();
    Shared shared(n);
    const std::size_t workers = std::min(max_concurrency_, n);

    // Workers take plans strictly in queue order; where a result lands depends only on its
    // planOrdinal, never on which worker ran it or when it finished.
    const auto work = [&]() {
        for (;;) {
            std::size_t i;
            Clock::time_point deadline;
            {
                std::lock_guard lock(shared.mu);
                if (shared.next >= n) {
                    ++shared.idle_workers;
                    shared.cv.notify_all();
                    return;
                }
                i = shared.next++;
                shared.states[i] = SlotState::running;
                deadline = Clock::now() + time_limit(input, plans[i].lensId);
                shared.deadlines[i] = deadline;
            }
            const contracts::LensPlan& plan = plans[i];
            // The run's cancellation reaches the lens at once, not at the supervisor's next look.
            const std::stop_callback forward(cancel.stop_token(),
                                             [&shared, i] { shared.stops[i].request_stop(); });
            const util::CancellationToken token(shared.stops[i].get_token(), deadline);
            contracts::LensResult result;
            if (cancel.cancelled()) {
                result = failed_result(plan, "run cancelled before the lens started");
            } else {
                try {
                    const lenses::api::Lens* lens = lookup_(plan.lensId);
                    const input::LensInput* settings = input.lens(plan.lensId);
                    if (lens == nullptr || settings == nullptr) {
                        result = failed_result(plan, "no implementation of lens \"" + plan.lensId +
                                                         "\" is built into this binary");
                    } else {
                        const lenses::api::LensContext context{input, *settings, changes, services,
                                                               token};
                        result = lens->run(plan, context);
                        result.planOrdinal = plan.planOrdinal;
                    }
                } catch (const std::exception& e) {
                    result =
                        failed_result(plan, "lens threw an exception: " + std::string(e.what()));
                } catch (...) {
                    result = failed_result(plan, "lens threw an unknown exception");
                }
                // A lens that noticed its stop and returned early is still too late, whatever
                // it returned.
                if (cancel.cancelled()) {
                    result = failed_result(plan, "run cancelled before the lens finished");
                } else if (Clock::now() >= deadline) {
                    // What a failed lens said about it stays: its codes name what the limit cut
                    // short (EXECUTION_TIMEOUT, PROVIDER_TIMEOUT), its audit what ran.
                    const bool failed = result.status == contracts::LensStatus::failed;
                    auto timed_out = failed_result(
                        plan, time_limit_message(input, plan.lensId),
                        failed ? result.errorCodes : std::vector<contracts::ErrorCode>{});
                    if (failed) {
                        timed_out.executionAudit = std::move(result.executionAudit);
                    }
                    result = std::move(timed_out);
                }
            }
            std::lock_guard lock(shared.mu);
            shared.results[i] = std::move(result);
            shared.states[i] = SlotState::done;
            shared.cv.notify_all();
        }
    };

    std::vector<std::thread> threads;
    threads.reserve(workers);
    try {
        for (std::size_t w = 0; w < workers; ++w) {
            threads.emplace_back(work);
        }
    } catch (...) {
        // No thread left behind: let the started ones drain the queue, then rethrow.
        for (auto& t : threads) {
            t.join();
        }
        throw;
    }

    std::unique_lock lock(shared.mu);
    for (;;) {
        const auto now = Clock::now();
        const bool cancelled = cancel.cancelled();
        std::size_t done = 0, overdue_running = 0;
        auto wake = now + kPollInterval;
        std::vector<std::size_t> newly_overdue;
        for (std::size_t i = 0; i < n; ++i) {
            if (shared.states[i] == SlotState::done) {
                ++done;
            } else if (shared.states[i] == SlotState::running) {
                if (!cancelled && now < shared.deadlines[i]) {
                    wake = std::min(wake, shared.deadlines[i]);
                    continue;
                }
                // The grace runs from when the supervisor first sees the stop: a signal forwards
                // the run's cancellation to stops[i] at once, without recording when.
                if (shared.stopped_at[i] == Clock::time_point{}) {
                    shared.stops[i].request_stop();
                    shared.stopped_at[i] = now;
                }
                const auto overdue_at = shared.stopped_at[i] + options_.grace;
                if (now >= overdue_at) {
                    ++overdue_running;
                    if (!shared.overdue[i]) {
                        shared.overdue[i] = true;
                        newly_overdue.push_back(i);
                    }
                } else {
                    wake = std::min(wake, overdue_at);
                }
            }
        }
        if (done == n) {
            break;
        }
        if (!newly_overdue.empty() && options_.on_overdue) {
            lock.unlock();
            for (const std::size_t i : newly_overdue) {
                options_.on_overdue(plans[i]);
            }
            lock.lock();
            continue;
        }
        // Every busy worker is held by an overdue lens: nothing pending could start any more.
        const std::size_t busy = workers - shared.idle_workers;
        if (shared.next < n && overdue_running > 0 && overdue_running == busy) {
            for (std::size_t i = shared.next; i < n; ++i) {
                shared.states[i] = SlotState::done;
                shared.results[i] = failed_result(
                    plans[i], cancelled ? "run cancelled before the lens started"
                                        : "not started: every worker was held by a lens past "
                                          "its time limit");
            }
            shared.next = n;
            continue;
        }
        shared.cv.wait_until(lock, wake);
    }
    lock.unlock();
    for (auto& t : threads) {
        t.join();  // an overdue lens is waited for: it borrows plans, changes and config
    }
    std::vector<contracts::LensResult> out;
    out.reserve(n);
    for (auto& r : shared.results) {
        out.push_back(std::move(*r));
    }
    return out;
}

}  // namespace qa::dispatch

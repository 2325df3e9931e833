#include "dispatch/dispatcher.hpp"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "json/canonical.hpp"
#include "util/sha256.hpp"

namespace qa::dispatch {
namespace {

using Clock = std::chrono::steady_clock;

enum class SlotState { pending, running, done, abandoned };

/// State shared with the workers. Held by shared_ptr: an abandoned worker may outlive run().
struct Shared {
    explicit Shared(std::size_t n)
        : results(n), states(n, SlotState::pending), deadlines(n), stop_flags(n) {}
    std::mutex mu;
    std::condition_variable cv;
    std::vector<std::optional<contracts::LensResult>> results;
    std::vector<SlotState> states;
    std::vector<Clock::time_point> deadlines;
    std::vector<std::atomic<bool>> stop_flags;  ///< per plan: set to ask a lens to give up
    std::size_t next = 0;
    std::size_t idle_workers = 0;        ///< workers that found the queue empty and returned
    std::size_t held_by_abandoned = 0;   ///< workers still inside a lens that was abandoned
    Clock::time_point last_abandoned{};  ///< when a running lens was last abandoned
};

/// How long a worker inside an abandoned lens may take to notice its stop flag and come back
/// before the plans it would have run are given up: a lens that checks should_stop() returns
/// within milliseconds, and one that never does must not hold the run much longer.
constexpr std::chrono::milliseconds kAbandonGrace{1000};

std::chrono::milliseconds time_limit(const config::Config& config, const std::string& lens_id) {
    const auto it = config.lenses.find(lens_id);
    return std::chrono::milliseconds(it == config.lenses.end() ? 60000 : it->second.timeoutMs);
}

std::string time_limit_message(const config::Config& config, const std::string& lens_id) {
    return "lens exceeded its time limit of " +
           std::to_string(time_limit(config, lens_id).count()) + " ms";
}

}  // namespace

contracts::LensResult failed_result(const contracts::LensPlan& plan, const std::string& reason,
                                    std::vector<contracts::ErrorCode> codes) {
    contracts::LensResult r;
    r.schemaVersion = "lens-result.v1";
    r.planOrdinal = plan.planOrdinal;
    r.lensId = plan.lensId;
    r.subLensId = plan.subLensId;
    r.lensVersion = plan.lensVersion;
    r.status = contracts::LensStatus::failed;
    r.degraded = true;
    r.evidenceSummary = {reason};
    r.usage.unavailableReason = contracts::UsageUnavailableReason::ADAPTER_ERROR;
    r.errorCodes = std::move(codes);
    r.executionAudit = std::nullopt;
    r.adapterResponseHash = util::sha256_hex(json::canonical(json::Value(reason)));
    return r;
}

Dispatcher::Dispatcher(std::size_t max_concurrency, LensLookup lookup)
    : max_concurrency_(std::max<std::size_t>(1, max_concurrency)), lookup_(std::move(lookup)) {}

DispatchResult Dispatcher::run(const std::vector<contracts::LensPlan>& plans,
                               const ChangeSource& changes, const config::Config& config,
                               const std::atomic<bool>& cancelled) const {
    const std::size_t n = plans.size();
    auto shared = std::make_shared<Shared>(n);
    const std::size_t workers = std::min(max_concurrency_, n);

    // Workers take plans strictly in queue order; where a result lands depends only on its
    // planOrdinal, never on which worker ran it or when it finished.
    const auto work = [shared, &plans, &changes, &config, lookup = lookup_]() {
        for (;;) {
            std::size_t i;
            {
                std::lock_guard lock(shared->mu);
                if (shared->next >= shared->results.size()) {
                    ++shared->idle_workers;
                    shared->cv.notify_all();
                    return;
                }
                i = shared->next++;
                shared->states[i] = SlotState::running;
                shared->deadlines[i] = Clock::now() + time_limit(config, plans[i].lensId);
            }
            const contracts::LensPlan& plan = plans[i];
            contracts::LensResult result;
            try {
                const Lens* lens = lookup(plan.lensId);
                const auto settings = config.lenses.find(plan.lensId);
                if (lens == nullptr || settings == config.lenses.end()) {
                    result = failed_result(plan, "no implementation of lens \"" + plan.lensId +
                                                     "\" is built into this binary");
                } else {
                    const LensContext context{changes, config, settings->second,
                                              shared->deadlines[i], shared->stop_flags[i]};
                    result = lens->run(plan, context);
                    result.planOrdinal = plan.planOrdinal;
                    // A lens that noticed its deadline and returned early is still too late.
                    if (Clock::now() >= shared->deadlines[i]) {
                        result = failed_result(plan, time_limit_message(config, plan.lensId));
                    }
                }
            } catch (const std::exception& e) {
                result = failed_result(plan, "lens threw an exception: " + std::string(e.what()));
            } catch (...) {
                result = failed_result(plan, "lens threw an unknown exception");
            }
            std::lock_guard lock(shared->mu);
            if (shared->states[i] == SlotState::abandoned) {
                --shared->held_by_abandoned;
                shared->cv.notify_all();
                continue;  // its failed result is already recorded; this late one is dropped
            }
            shared->results[i] = std::move(result);
            shared->states[i] = SlotState::done;
            shared->cv.notify_all();
        }
    };

    std::vector<std::thread> threads;
    threads.reserve(workers);
    for (std::size_t w = 0; w < workers; ++w) {
        threads.emplace_back(work);
    }
    {
        std::unique_lock lock(shared->mu);
        for (;;) {
            std::size_t done = 0, running = 0;
            auto next_deadline = Clock::time_point::max();
            for (std::size_t i = 0; i < n; ++i) {
                const SlotState s = shared->states[i];
                if (s == SlotState::done || s == SlotState::abandoned) {
                    ++done;
                } else if (s == SlotState::running) {
                    const bool expired = Clock::now() >= shared->deadlines[i];
                    if (expired || cancelled.load()) {
                        shared->stop_flags[i] = true;
                        shared->states[i] = SlotState::abandoned;
                        shared->results[i] = failed_result(
                            plans[i], expired ? time_limit_message(config, plans[i].lensId)
                                              : "run cancelled before the lens finished");
                        ++shared->held_by_abandoned;
                        shared->last_abandoned = Clock::now();
                        ++done;
                    } else {
                        ++running;
                        next_deadline = std::min(next_deadline, shared->deadlines[i]);
                    }
                }
            }
            if (done == n) {
                break;
            }
            // Every worker is stuck in an abandoned lens, and has had its grace to come back:
            // nothing pending can start any more.
            const bool pool_held = shared->next < n && running == 0 &&
                                   shared->held_by_abandoned == workers - shared->idle_workers;
            const auto grace_ends = shared->last_abandoned + kAbandonGrace;
            const bool pool_exhausted = pool_held && Clock::now() >= grace_ends;
            if (pool_held && !pool_exhausted) {
                next_deadline = std::min(next_deadline, grace_ends);
            }
            if (pool_exhausted || cancelled.load()) {
                for (std::size_t i = shared->next; i < n; ++i) {
                    shared->states[i] = SlotState::abandoned;
                    shared->results[i] = failed_result(
                        plans[i], cancelled.load() ? "run cancelled before the lens started"
                                                   : "not started: every worker was held by a "
                                                     "lens past its time limit");
                }
                shared->next = n;
                continue;
            }
            const auto wake =
                std::min(next_deadline, Clock::now() + std::chrono::milliseconds(100));
            shared->cv.wait_until(lock, wake);
        }
    }
    // Join the workers that finished; detach those still inside an abandoned lens (they hold the
    // shared state by shared_ptr and stop at their lens's next should_stop() check).
    bool all_idle = false;
    {
        std::unique_lock lock(shared->mu);
        shared->cv.wait_for(lock, std::chrono::milliseconds(50),
                            [&] { return shared->idle_workers == workers; });
        all_idle = shared->idle_workers == workers;
        lock.unlock();
        for (auto& t : threads) {
            if (all_idle) {
                t.join();
            } else {
                t.detach();
            }
        }
    }
    DispatchResult out;
    out.threadsAbandoned = !all_idle;
    out.results.reserve(n);
    std::lock_guard lock(shared->mu);  // an abandoned worker may still take the lock
    for (auto& r : shared->results) {
        out.results.push_back(std::move(*r));
    }
    return out;
}

}  // namespace qa::dispatch

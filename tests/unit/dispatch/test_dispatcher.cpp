#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <stop_token>
#include <thread>

#include "contracts/json_io.hpp"
#include "dispatch/dispatcher.hpp"
#include "json/canonical.hpp"
#include "support/contract_builders.hpp"
#include "util/cancellation.hpp"

using namespace qa;

namespace {

class NoChanges : public lenses::api::ChangeSource {
  public:
    const lenses::api::ChangedFileView* file(std::string_view) const override { return nullptr; }
    std::optional<std::string> full_content(std::string_view) const override {
        return std::nullopt;
    }
};

/// A lens whose result depends only on its plan, and that takes a plan-dependent time, so that
/// with several workers results finish out of order.
class EchoLens : public lenses::api::Lens {
  public:
    contracts::LensResult run(const contracts::LensPlan& plan,
                              const lenses::api::LensContext&) const override {
        {
            std::lock_guard lock(mu);
            started.push_back(plan.planOrdinal);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds((plan.planOrdinal * 7) % 5));
        auto r = test::make_result(plan, contracts::LensStatus::completed);
        r.evidenceSummary = {"ran " + plan.lensId + " #" + std::to_string(plan.planOrdinal)};
        return r;
    }
    mutable std::mutex mu;
    mutable std::vector<std::int64_t> started;
};

class ThrowingLens : public lenses::api::Lens {
  public:
    contracts::LensResult run(const contracts::LensPlan&,
                              const lenses::api::LensContext&) const override {
        throw std::runtime_error("rule file is corrupt");
    }
};

/// Runs until asked to stop: a lens past its time limit.
class HangingLens : public lenses::api::Lens {
  public:
    contracts::LensResult run(const contracts::LensPlan& plan,
                              const lenses::api::LensContext& context) const override {
        started = true;
        while (!context.should_stop()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        return test::make_result(plan, contracts::LensStatus::completed);
    }
    mutable std::atomic<bool> started{false};
};

input::RunInput config_with(std::initializer_list<std::pair<const char*, std::int64_t>> lenses) {
    input::RunInput input;
    for (const auto& [id, timeout] : lenses) {
        input.lenses[id].lensId = id;
        input.lenses[id].timeout = std::chrono::milliseconds(timeout);
    }
    return input;
}

std::string canonical_results(const std::vector<contracts::LensResult>& results) {
    json::Array out;
    for (const auto& r : results) {
        out.push_back(contracts::to_json(r));
    }
    return json::canonical(json::Value(std::move(out)));
}

}  // namespace

TEST_CASE("seed test 3: dispatch order and results do not depend on the worker count",
          "[dispatch][seed]") {
    EchoLens echo;
    std::vector<contracts::LensPlan> plans;
    plans.reserve(24);
    for (int i = 0; i < 24; ++i) {
        plans.push_back(test::make_plan(i, "echo", i % 3 != 0));
    }
    const auto cfg = config_with({{"echo", 10000}});
    const NoChanges changes;
    std::string reference;
    for (const std::size_t workers : {1U, 2U, 3U, 8U, 16U}) {
        echo.started.clear();
        const dispatch::Dispatcher d(workers, [&](const std::string&) { return &echo; });
        const auto out = d.run(plans, changes, cfg);
        for (std::size_t i = 0; i < out.size(); ++i) {
            REQUIRE(out[i].planOrdinal == static_cast<std::int64_t>(i));
        }
        const std::string bytes = canonical_results(out);
        if (reference.empty()) {
            reference = bytes;
            // One worker starts plans exactly in queue order.
            std::vector<std::int64_t> expected(plans.size());
            for (std::size_t i = 0; i < expected.size(); ++i) {
                expected[i] = static_cast<std::int64_t>(i);
            }
            CHECK(echo.started == expected);
        }
        CHECK(bytes == reference);
    }
}

TEST_CASE("a lens that throws gives a failed result, not a crash", "[dispatch]") {
    ThrowingLens lens;
    const auto cfg = config_with({{"throws", 1000}});
    const NoChanges changes;
    const dispatch::Dispatcher d(2, [&](const std::string&) { return &lens; });
    const auto out = d.run({test::make_plan(0, "throws", true)}, changes, cfg);
    REQUIRE(out.size() == 1);
    CHECK(out[0].status == contracts::LensStatus::failed);
    CHECK(out[0].evidenceSummary.at(0).find("rule file is corrupt") != std::string::npos);
}

TEST_CASE("a lens past its time limit fails and the others still run", "[dispatch]") {
    HangingLens hangs;
    EchoLens echo;
    const auto cfg = config_with({{"hangs", 50}, {"echo", 10000}});
    const NoChanges changes;
    const dispatch::Dispatcher d(1, [&](const std::string& id) -> const lenses::api::Lens* {
        return id == "hangs" ? static_cast<const lenses::api::Lens*>(&hangs) : &echo;
    });
    const auto out =
        d.run({test::make_plan(0, "hangs", true), test::make_plan(1, "echo", true)}, changes, cfg);
    REQUIRE(out.size() == 2);
    CHECK(out[0].status == contracts::LensStatus::failed);
    CHECK(out[0].evidenceSummary.at(0).find("time limit") != std::string::npos);
    CHECK(out[1].status == contracts::LensStatus::completed);
}

TEST_CASE("a lens with no implementation gives a failed result", "[dispatch]") {
    const auto cfg = config_with({{"ghost", 1000}});
    const NoChanges changes;
    const dispatch::Dispatcher d(4, [](const std::string&) { return nullptr; });
    const auto out = d.run({test::make_plan(0, "ghost", true)}, changes, cfg);
    REQUIRE(out.size() == 1);
    CHECK(out[0].status == contracts::LensStatus::failed);
}

namespace {

/// Ignores its token for `ignore` and records when it really returned: a lens that does not
/// poll, as a blocking call without a cancellation hook would.
class StubbornLens : public lenses::api::Lens {
  public:
    explicit StubbornLens(std::chrono::milliseconds ignore) : ignore_(ignore) {}
    contracts::LensResult run(const contracts::LensPlan& plan,
                              const lenses::api::LensContext&) const override {
        started = true;
        std::this_thread::sleep_for(ignore_);
        returned = true;
        return test::make_result(plan, contracts::LensStatus::completed);
    }
    std::chrono::milliseconds ignore_;
    mutable std::atomic<bool> started{false};
    mutable std::atomic<bool> returned{false};
};

}  // namespace

TEST_CASE("a cancelled run stops running lenses and never starts the others", "[dispatch]") {
    HangingLens hangs;
    EchoLens echo;
    const auto cfg = config_with({{"hangs", 600000}, {"echo", 600000}});
    const NoChanges changes;
    std::stop_source run_stop;
    const dispatch::Dispatcher d(1, [&](const std::string& id) -> const lenses::api::Lens* {
        return id == "hangs" ? static_cast<const lenses::api::Lens*>(&hangs) : &echo;
    });
    // The signal arrives while the first lens runs (it only returns when told to stop); waiting
    // for it to start, not a fixed delay, keeps this true on a loaded machine.
    std::thread signal([&] {
        while (!hangs.started) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        run_stop.request_stop();
    });
    const auto out = d.run({test::make_plan(0, "hangs", true), test::make_plan(1, "echo", true),
                            test::make_plan(2, "echo", true)},
                           changes, cfg, {}, util::CancellationToken(run_stop.get_token()));
    signal.join();
    REQUIRE(out.size() == 3);
    CHECK(out[0].status == contracts::LensStatus::failed);
    CHECK(out[0].evidenceSummary.at(0) == "run cancelled before the lens finished");
    for (const std::size_t i : {1U, 2U}) {
        CHECK(out[i].status == contracts::LensStatus::failed);
        CHECK(out[i].evidenceSummary.at(0) == "run cancelled before the lens started");
    }
    CHECK(echo.started.empty());
}

TEST_CASE("a lens that ignores its stop is reported overdue and still joined", "[dispatch]") {
    StubbornLens stubborn(std::chrono::milliseconds(800));
    EchoLens echo;
    const auto cfg = config_with({{"stubborn", 10}, {"echo", 600000}});
    const NoChanges changes;
    std::vector<std::string> overdue;
    dispatch::DispatchOptions options;
    options.grace = std::chrono::milliseconds(20);
    options.on_overdue = [&](const contracts::LensPlan& plan) { overdue.push_back(plan.lensId); };
    const dispatch::Dispatcher d(
        1,
        [&](const std::string& id) -> const lenses::api::Lens* {
            return id == "stubborn" ? static_cast<const lenses::api::Lens*>(&stubborn) : &echo;
        },
        options);
    const auto out = d.run({test::make_plan(0, "stubborn", true), test::make_plan(1, "echo", true)},
                           changes, cfg);
    // run() returned only after the lens did: nothing it borrowed is freed under it.
    CHECK(stubborn.returned.load());
    CHECK(overdue == std::vector<std::string>{"stubborn"});
    REQUIRE(out.size() == 2);
    CHECK(out[0].status == contracts::LensStatus::failed);
    CHECK(out[0].evidenceSummary.at(0) == "lens exceeded its time limit of 10 ms");
    // The only worker was held by the overdue lens: the next plan is given up, never passed.
    CHECK(out[1].status == contracts::LensStatus::failed);
    CHECK(out[1].evidenceSummary.at(0).find("not started") != std::string::npos);
    CHECK(echo.started.empty());
}

TEST_CASE(
    "after a signal a lens gets its whole grace to stop (killing a sandbox, removing a "
    "checkout), it is not abandoned at once",
    "[dispatch]") {
    StubbornLens slow_to_stop(std::chrono::milliseconds(200));
    const auto cfg = config_with({{"slow", 600000}});
    const NoChanges changes;
    std::vector<std::string> overdue;
    dispatch::DispatchOptions options;
    options.grace = std::chrono::milliseconds(1500);
    options.on_overdue = [&](const contracts::LensPlan& plan) { overdue.push_back(plan.lensId); };
    const dispatch::Dispatcher d(
        1, [&](const std::string&) { return &slow_to_stop; }, options);
    std::stop_source run_stop;
    // The signal arrives while the lens runs: waiting for it to start, not a fixed delay (under
    // a sanitizer build at load 10 the worker had not started it after 30 ms).
    std::thread signal([&] {
        while (!slow_to_stop.started) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        run_stop.request_stop();
    });
    const auto out = d.run({test::make_plan(0, "slow", true)}, changes, cfg, {},
                           util::CancellationToken(run_stop.get_token()));
    signal.join();
    CHECK(slow_to_stop.returned.load());
    CHECK(overdue.empty());  // 200 ms is well within the grace
    REQUIRE(out.size() == 1);
    CHECK(out[0].evidenceSummary.at(0) == "run cancelled before the lens finished");
}

TEST_CASE("while one worker is held by an overdue lens the others drain the queue", "[dispatch]") {
    StubbornLens stubborn(std::chrono::milliseconds(300));
    EchoLens echo;
    const auto cfg = config_with({{"stubborn", 10}, {"echo", 600000}});
    const NoChanges changes;
    dispatch::DispatchOptions options;
    options.grace = std::chrono::milliseconds(20);
    const dispatch::Dispatcher d(
        2,
        [&](const std::string& id) -> const lenses::api::Lens* {
            return id == "stubborn" ? static_cast<const lenses::api::Lens*>(&stubborn) : &echo;
        },
        options);
    std::vector<contracts::LensPlan> plans = {test::make_plan(0, "stubborn", true)};
    for (int i = 1; i < 6; ++i) {
        plans.push_back(test::make_plan(i, "echo", true));
    }
    const auto out = d.run(plans, changes, cfg);
    CHECK(stubborn.returned.load());
    REQUIRE(out.size() == 6);
    CHECK(out[0].status == contracts::LensStatus::failed);
    for (std::size_t i = 1; i < 6; ++i) {
        CHECK(out[i].status == contracts::LensStatus::completed);
        CHECK(out[i].planOrdinal == static_cast<std::int64_t>(i));
    }
}

TEST_CASE("a lens's token carries its deadline", "[dispatch]") {
    HangingLens hangs;
    const auto cfg = config_with({{"hangs", 30}});
    const NoChanges changes;
    const dispatch::Dispatcher d(3, [&](const std::string&) { return &hangs; });
    // Three hanging lenses on three workers: each returns at its own deadline, by itself.
    const auto out = d.run({test::make_plan(0, "hangs", true), test::make_plan(1, "hangs", true),
                            test::make_plan(2, "hangs", true)},
                           changes, cfg);
    REQUIRE(out.size() == 3);
    for (const auto& r : out) {
        CHECK(r.status == contracts::LensStatus::failed);
        CHECK(r.evidenceSummary.at(0) == "lens exceeded its time limit of 30 ms");
    }
}

TEST_CASE("an empty queue dispatches nothing", "[dispatch]") {
    const auto cfg = config_with({});
    const NoChanges changes;
    const dispatch::Dispatcher d(4, [](const std::string&) { return nullptr; });
    CHECK(d.run({}, changes, cfg).empty());
}

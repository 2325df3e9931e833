#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "contracts/json_io.hpp"
#include "dispatch/dispatcher.hpp"
#include "json/canonical.hpp"
#include "support/contract_builders.hpp"

using namespace qa;

namespace {

class NoChanges : public dispatch::ChangeSource {
  public:
    const dispatch::ChangedFileView* file(std::string_view) const override { return nullptr; }
    std::optional<std::string> full_content(std::string_view) const override {
        return std::nullopt;
    }
};

/// A lens whose result depends only on its plan, and that takes a plan-dependent time, so that
/// with several workers results finish out of order.
class EchoLens : public dispatch::Lens {
  public:
    std::string_view id() const override { return "echo"; }
    std::string_view version() const override { return "1.0.0"; }
    contracts::LensClass lens_class() const override { return contracts::LensClass::style; }
    contracts::LensResult run(const contracts::LensPlan& plan,
                              const dispatch::LensContext&) const override {
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

class ThrowingLens : public dispatch::Lens {
  public:
    std::string_view id() const override { return "throws"; }
    std::string_view version() const override { return "1.0.0"; }
    contracts::LensClass lens_class() const override { return contracts::LensClass::style; }
    contracts::LensResult run(const contracts::LensPlan&,
                              const dispatch::LensContext&) const override {
        throw std::runtime_error("rule file is corrupt");
    }
};

/// Runs until asked to stop: a lens past its time limit.
class HangingLens : public dispatch::Lens {
  public:
    std::string_view id() const override { return "hangs"; }
    std::string_view version() const override { return "1.0.0"; }
    contracts::LensClass lens_class() const override { return contracts::LensClass::style; }
    contracts::LensResult run(const contracts::LensPlan& plan,
                              const dispatch::LensContext& context) const override {
        while (!context.should_stop()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        return test::make_result(plan, contracts::LensStatus::completed);
    }
};

config::Config config_with(std::initializer_list<std::pair<const char*, std::int64_t>> lenses) {
    config::Config c;
    for (const auto& [id, timeout] : lenses) {
        c.lenses[id].timeoutMs = timeout;
    }
    return c;
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
    for (int i = 0; i < 24; ++i) {
        plans.push_back(test::make_plan(i, "echo", i % 3 != 0));
    }
    const auto cfg = config_with({{"echo", 10000}});
    const NoChanges changes;
    const std::atomic<bool> cancelled{false};
    std::string reference;
    for (const std::size_t workers : {1, 2, 3, 8, 16}) {
        echo.started.clear();
        const dispatch::Dispatcher d(workers, [&](const std::string&) { return &echo; });
        const auto out = d.run(plans, changes, cfg, cancelled);
        REQUIRE_FALSE(out.threadsAbandoned);
        for (std::size_t i = 0; i < out.results.size(); ++i) {
            REQUIRE(out.results[i].planOrdinal == static_cast<std::int64_t>(i));
        }
        const std::string bytes = canonical_results(out.results);
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
    const std::atomic<bool> cancelled{false};
    const dispatch::Dispatcher d(2, [&](const std::string&) { return &lens; });
    const auto out = d.run({test::make_plan(0, "throws", true)}, changes, cfg, cancelled);
    REQUIRE(out.results.size() == 1);
    CHECK(out.results[0].status == contracts::LensStatus::failed);
    CHECK(out.results[0].evidenceSummary.at(0).find("rule file is corrupt") != std::string::npos);
}

TEST_CASE("a lens past its time limit fails and the others still run", "[dispatch]") {
    HangingLens hangs;
    EchoLens echo;
    const auto cfg = config_with({{"hangs", 50}, {"echo", 10000}});
    const NoChanges changes;
    const std::atomic<bool> cancelled{false};
    const dispatch::Dispatcher d(1, [&](const std::string& id) -> const dispatch::Lens* {
        return id == "hangs" ? static_cast<const dispatch::Lens*>(&hangs) : &echo;
    });
    const auto out = d.run({test::make_plan(0, "hangs", true), test::make_plan(1, "echo", true)},
                           changes, cfg, cancelled);
    REQUIRE(out.results.size() == 2);
    CHECK(out.results[0].status == contracts::LensStatus::failed);
    CHECK(out.results[0].evidenceSummary.at(0).find("time limit") != std::string::npos);
    CHECK(out.results[1].status == contracts::LensStatus::completed);
}

TEST_CASE("a lens with no implementation gives a failed result", "[dispatch]") {
    const auto cfg = config_with({{"ghost", 1000}});
    const NoChanges changes;
    const std::atomic<bool> cancelled{false};
    const dispatch::Dispatcher d(4, [](const std::string&) { return nullptr; });
    const auto out = d.run({test::make_plan(0, "ghost", true)}, changes, cfg, cancelled);
    REQUIRE(out.results.size() == 1);
    CHECK(out.results[0].status == contracts::LensStatus::failed);
}

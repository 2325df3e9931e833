#include <catch2/catch.hpp>

#include <algorithm>

#include "contracts/enums.hpp"
#include "support/contract_builders.hpp"
#include "verdict/aggregate.hpp"
#include "verdict/decide.hpp"

using namespace qa;
using contracts::ErrorCode;
using contracts::LensStatus;
using contracts::RunMode;
using contracts::VerdictStatus;
using test::make_plan;
using test::make_result;

namespace {

bool has(const std::vector<ErrorCode>& codes, ErrorCode c) {
    return std::find(codes.begin(), codes.end(), c) != codes.end();
}

}  // namespace

TEST_CASE("a degraded verdict always carries its codes", "[verdict]") {
    const auto required = make_plan(0, "security", true);
    const auto optional = make_plan(1, "style", false, contracts::LensClass::style);
    const auto ok = make_result(required, LensStatus::completed);

    // An escalated budget: the lens kept its findings, degraded, the code a warning.
    auto escalated = make_result(optional, LensStatus::degraded);
    escalated.degraded = true;
    escalated.warningCodes = {ErrorCode::BUDGET_LENS_EXCEEDED};
    // Files left out of a plan: completed, degraded, CONTEXT_BOUND_EXCEEDED as a warning.
    auto bounded = make_result(optional, LensStatus::completed);
    bounded.degraded = true;
    bounded.warningCodes = {ErrorCode::CONTEXT_BOUND_EXCEEDED};

    for (const auto& result : {escalated, bounded}) {
        for (const auto mode : {RunMode::strict, RunMode::best_effort}) {
            const auto v = verdict::aggregate(mode, {required, optional}, {ok, result}, {});
            CHECK(v.status == VerdictStatus::PASS);
            CHECK(v.degraded);
            REQUIRE_FALSE(v.errorCodes.empty());
            CHECK(has(v.errorCodes, result.warningCodes.front()));
        }
    }
    // Nothing degraded: no code.
    const auto clean = verdict::aggregate(RunMode::strict, {required}, {ok}, {});
    CHECK_FALSE(clean.degraded);
    CHECK(clean.errorCodes.empty());
}

TEST_CASE("a drifted run fails strict and degrades best_effort, naming both folders",
          "[verdict][drift]") {
    contracts::FinalVerdict pass;
    pass.status = VerdictStatus::PASS;
    const auto strict = verdict::drifted(pass, RunMode::strict, "runs/a and runs/a.drift-b");
    CHECK(strict.status == VerdictStatus::FAIL);
    CHECK(strict.degraded);
    CHECK(has(strict.errorCodes, ErrorCode::DETERMINISM_DRIFT_DETECTED));
    CHECK(strict.rationale.back() == "runs/a and runs/a.drift-b");
    const auto lenient = verdict::drifted(pass, RunMode::best_effort, "x");
    CHECK(lenient.status == VerdictStatus::PASS);
    CHECK(lenient.degraded);
    CHECK(has(lenient.errorCodes, ErrorCode::DETERMINISM_DRIFT_DETECTED));
}

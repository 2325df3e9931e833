#include <catch2/catch.hpp>

#include <algorithm>

#include "contracts/enums.hpp"
#include "contracts/finding_order.hpp"
#include "support/contract_builders.hpp"
#include "verdict/aggregate.hpp"

using namespace qa;
using contracts::ErrorCode;
using contracts::LensStatus;
using contracts::RunMode;
using contracts::Severity;
using contracts::VerdictStatus;
using test::make_finding;
using test::make_plan;
using test::make_result;

namespace {

bool has(const std::vector<ErrorCode>& codes, ErrorCode c) {
    return std::find(codes.begin(), codes.end(), c) != codes.end();
}

}  // namespace

TEST_CASE("seed test 4: tied findings order by the conflict key, evidenceHash last",
          "[verdict][seed]") {
    // Same severity, lens, file, line and rule: only evidenceHash tells them apart.
    auto a = make_finding("security", "r1", Severity::high, "a.py", 3, "evidence-a");
    auto b = make_finding("security", "r1", Severity::high, "a.py", 3, "evidence-b");
    auto crit = make_finding("style", "r0", Severity::critical, "z.py", 9, "x");
    auto low = make_finding("architecture", "r9", Severity::low, "a.py", 1, "y");
    auto other_file = make_finding("security", "r1", Severity::high, "b.py", 1, "z");
    auto other_lens = make_finding("architecture", "r1", Severity::high, "z.py", 1, "w");
    std::vector<contracts::Finding> expected = {crit, other_lens, a, b, other_file, low};
    std::sort(expected.begin() + 2, expected.begin() + 4,
              [](const auto& x, const auto& y) { return x.evidenceHash < y.evidenceHash; });
    for (int round = 0; round < 20; ++round) {
        std::vector<contracts::Finding> shuffled = {low, b, other_file, crit, a, other_lens};
        std::rotate(shuffled.begin(), shuffled.begin() + round % 6, shuffled.end());
        contracts::sort_findings(shuffled);
        REQUIRE(shuffled == expected);
    }
}

TEST_CASE("PASS only when every required lens completed with no blocking finding", "[verdict]") {
    const auto plan = make_plan(0, "security", true);
    auto result = make_result(plan, LensStatus::completed);
    auto v = verdict::aggregate(RunMode::strict, {plan}, {result}, {});
    CHECK(v.status == VerdictStatus::PASS);
    CHECK(v.requiredLensIds == std::vector<std::string>{"security"});

    result.findings.push_back(make_finding("security", "k", Severity::critical, "a.py", 1, "e"));
    v = verdict::aggregate(RunMode::strict, {plan}, {result}, {});
    CHECK(v.status == VerdictStatus::FAIL);
    CHECK(v.blockingFindings.size() == 1);

    result.findings.back().blocking = false;
    v = verdict::aggregate(RunMode::strict, {plan}, {result}, {});
    CHECK(v.status == VerdictStatus::PASS);
    CHECK(v.blockingFindings.empty());
}

TEST_CASE("a run whose base did not resolve fails whatever the lenses said", "[verdict]") {
    // No base: nothing to diff, no plan; the verdict alone decides, in both modes.
    for (const auto mode : {RunMode::strict, RunMode::best_effort}) {
        const auto v = verdict::aggregate(mode, {}, {}, {ErrorCode::BASE_REF_RESOLUTION_FAILED});
        CHECK(v.status == VerdictStatus::FAIL);
        CHECK(has(v.errorCodes, ErrorCode::BASE_REF_RESOLUTION_FAILED));
        CHECK(std::find(v.rationale.begin(), v.rationale.end(),
                        "no base ref resolved: nothing was checked") != v.rationale.end());
    }
    // A fallback that resolved is only a note.
    const auto v =
        verdict::aggregate(RunMode::strict, {}, {}, {ErrorCode::BASE_REF_FALLBACK_ORIGIN_MAIN});
    CHECK(v.status == VerdictStatus::PASS);
}

TEST_CASE("a required plan without a result is LENS_REQUIRED_MISSING", "[verdict]") {
    const auto plan = make_plan(0, "security", true);
    const auto v = verdict::aggregate(RunMode::best_effort, {plan}, {}, {});
    CHECK(v.status == VerdictStatus::FAIL);
    CHECK(v.missingRequiredLensIds == std::vector<std::string>{"security"});
    CHECK(has(v.errorCodes, ErrorCode::LENS_REQUIRED_MISSING));
}

TEST_CASE("seed test 5: a required lens's provider outage fails strict mode", "[verdict][seed]") {
    const auto plan = make_plan(0, "consistency", true, contracts::LensClass::consistency);
    auto result = make_result(plan, LensStatus::failed);
    result.errorCodes = {ErrorCode::PROVIDER_UNAVAILABLE};
    for (const auto mode : {RunMode::strict, RunMode::best_effort}) {
        const auto v = verdict::aggregate(mode, {plan}, {result}, {});
        CHECK(v.status == VerdictStatus::FAIL);
        CHECK(v.failedRequiredLensIds == std::vector<std::string>{"consistency"});
        CHECK(has(v.errorCodes, ErrorCode::PROVIDER_UNAVAILABLE));
        CHECK(has(v.errorCodes, ErrorCode::LENS_REQUIRED_FAILED));
    }
    // Degraded but completed still fails strict: required-scope degradation.
    auto degraded = make_result(plan, LensStatus::degraded);
    degraded.warningCodes = {ErrorCode::CONTEXT_BOUND_EXCEEDED};
    CHECK(verdict::aggregate(RunMode::strict, {plan}, {degraded}, {}).status ==
          VerdictStatus::FAIL);
}

TEST_CASE("seed test 6: a non-required outage passes best_effort only degraded with codes",
          "[verdict][seed]") {
    const auto required = make_plan(0, "security", true);
    const auto optional = make_plan(1, "performance", false, contracts::LensClass::performance);
    const auto ok = make_result(required, LensStatus::completed);
    auto outage = make_result(optional, LensStatus::failed);
    outage.errorCodes = {ErrorCode::PROVIDER_TIMEOUT};
    auto v = verdict::aggregate(RunMode::best_effort, {required, optional}, {ok, outage}, {});
    CHECK(v.status == VerdictStatus::PASS);
    CHECK(v.degraded);
    CHECK(has(v.errorCodes, ErrorCode::PROVIDER_TIMEOUT));
    CHECK(v.failedRequiredLensIds.empty());

    // The same outage with no deterministic code explaining it is not a PASS.
    outage.errorCodes.clear();
    v = verdict::aggregate(RunMode::best_effort, {required, optional}, {ok, outage}, {});
    CHECK(v.status == VerdictStatus::FAIL);
}

TEST_CASE("seed test 7: budget overflow follows stop, skip and escalate", "[verdict][seed]") {
    contracts::SkillInput input;
    input.runBudgetMaxTokens = 1000;
    input.runBudgetMaxCostUsd = 12.0;

    auto stop = make_plan(0, "consistency", true, contracts::LensClass::consistency);
    stop.maxInputTokens = 100;
    stop.overflowPolicy = contracts::OverflowPolicy::stop;
    auto skip = make_plan(1, "performance", false, contracts::LensClass::performance);
    skip.maxInputTokens = 100;
    skip.overflowPolicy = contracts::OverflowPolicy::skip;
    auto escalate = make_plan(2, "style", false, contracts::LensClass::style);
    escalate.maxInputTokens = 100;
    escalate.overflowPolicy = contracts::OverflowPolicy::escalate;

    std::vector<contracts::LensResult> results;
    for (const auto* p : {&stop, &skip, &escalate}) {
        auto r = make_result(*p, LensStatus::completed);
        r.usage = test::known_usage(150, 10, 0.01);  // 150 > maxInputTokens 100
        r.findings.push_back(
            make_finding(p->lensId, "x", Severity::low, "a.py", 1, p->lensId, false));
        results.push_back(r);
    }
    const auto plans = std::vector<contracts::LensPlan>{stop, skip, escalate};
    verdict::apply_budgets(input, plans, results);
    CHECK(results[0].status == LensStatus::failed);
    CHECK(has(results[0].errorCodes, ErrorCode::BUDGET_LENS_EXCEEDED));
    CHECK(results[1].status == LensStatus::skipped);
    CHECK(results[1].findings.empty());
    CHECK(has(results[1].errorCodes, ErrorCode::BUDGET_LENS_EXCEEDED));
    CHECK(results[2].status == LensStatus::degraded);
    CHECK(results[2].findings.size() == 1);
    CHECK(has(results[2].warningCodes, ErrorCode::BUDGET_LENS_EXCEEDED));

    // strict: the required lens stopped, so the run fails; best_effort cannot rescue it.
    for (const auto mode : {RunMode::strict, RunMode::best_effort}) {
        CHECK(verdict::aggregate(mode, plans, results, {}).status == VerdictStatus::FAIL);
    }

    // Without the required lens, best_effort passes degraded; strict passes too, since what
    // degraded is not required, but the codes are there.
    const std::vector<contracts::LensPlan> optional_plans = {skip, escalate};
    const std::vector<contracts::LensResult> optional_results = {results[1], results[2]};
    const auto v = verdict::aggregate(RunMode::best_effort, optional_plans, optional_results, {});
    CHECK(v.status == VerdictStatus::PASS);
    CHECK(v.degraded);

    // The run budget: the lens that crosses it and every later one get BUDGET_RUN_EXCEEDED.
    input.runBudgetMaxTokens = 200;
    std::vector<contracts::LensResult> run_results;
    for (const auto* p : {&stop, &skip, &escalate}) {
        auto r = make_result(*p, LensStatus::completed);
        r.usage = test::known_usage(90, 10, 0.0);  // within each lens budget; 100 per lens
        run_results.push_back(r);
    }
    verdict::apply_budgets(input, plans, run_results);
    CHECK(run_results[0].errorCodes.empty());
    CHECK(run_results[1].errorCodes.empty());
    CHECK(has(run_results[2].warningCodes, ErrorCode::BUDGET_RUN_EXCEEDED));
}

TEST_CASE("seed test 8: usage sums known figures and stays null with a reason", "[verdict][seed]") {
    const auto p0 = make_plan(0, "security", true);
    const auto p1 = make_plan(1, "consistency", false, contracts::LensClass::consistency);
    auto r0 = make_result(p0, LensStatus::completed);
    auto r1 = make_result(p1, LensStatus::completed);
    r0.usage = test::known_usage(10, 5, 0.5);
    r1.usage = test::known_usage(20, 7, 0.25);
    auto total = verdict::aggregate_usage({r0, r1});
    CHECK(total.inputTokens == 30);
    CHECK(total.outputTokens == 12);
    CHECK(total.totalTokens == 42);
    CHECK(total.costUsd == Approx(0.75));
    CHECK_FALSE(total.unavailableReason.has_value());

    r1.usage.costUsd = std::nullopt;
    r1.usage.unavailableReason = contracts::UsageUnavailableReason::PROVIDER_NOT_SUPPORTED;
    total = verdict::aggregate_usage({r0, r1});
    CHECK(total.inputTokens == 30);
    CHECK_FALSE(total.costUsd.has_value());
    CHECK(total.unavailableReason == contracts::UsageUnavailableReason::PROVIDER_NOT_SUPPORTED);

    r1.usage.unavailableReason = std::nullopt;
    total = verdict::aggregate_usage({r0, r1});
    CHECK(total.unavailableReason == contracts::UsageUnavailableReason::MISSING_USAGE_DATA);
}

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "orchestrator/whole_scan.hpp"
#include "support/contract_builders.hpp"

using namespace qa;
using contracts::ErrorCode;
using contracts::LensStatus;
using contracts::Severity;

namespace {

orchestrator::RunOutcome complete_run() {
    orchestrator::RunOutcome run;
    const auto plan = test::make_plan(0, "security", true);
    auto result = test::make_result(plan, LensStatus::completed);
    result.findings = {test::make_finding("security", "r1", Severity::high, "a.py", 1, "x"),
                       test::make_finding("security", "r2", Severity::low, "b.py", 2, "y")};
    run.result.lensResults.push_back(std::move(result));
    auto style = test::make_result(test::make_plan(1, "style", false), LensStatus::completed);
    style.findings = {test::make_finding("style", "r3", Severity::low, "c.js", 3, "z")};
    run.result.lensResults.push_back(std::move(style));
    return run;
}

}  // namespace

TEST_CASE("a whole-tree scan in which every lens completed is complete, with every finding",
          "[orchestrator][baseline]") {
    orchestrator::RunReport report;
    report.runs.push_back(complete_run());
    const auto scan = orchestrator::whole_scan_of(report);
    CHECK(scan.complete());
    CHECK(scan.incomplete.empty());
    std::vector<std::string> rules;
    for (const auto& f : scan.findings) {
        rules.push_back(f.ruleId);
    }
    CHECK(rules == std::vector<std::string>{"r1", "r2", "r3"});
}

TEST_CASE("a whole-tree scan says each reason it is incomplete", "[orchestrator][baseline]") {
    orchestrator::RunReport report;
    auto run = complete_run();
    run.plan.codes = {ErrorCode::DIFF_TOO_LARGE};

    auto failed = test::make_result(test::make_plan(2, "phase", true), LensStatus::failed);
    failed.subLensId = "tests";
    failed.errorCodes = {ErrorCode::EXECUTION_DENIED};
    run.result.lensResults.push_back(failed);

    // Completed but degraded: some files were left out of its plan.
    auto degraded = test::make_result(test::make_plan(3, "style", false), LensStatus::completed);
    degraded.degraded = true;
    degraded.warningCodes = {ErrorCode::CONTEXT_BOUND_EXCEEDED};
    degraded.findings = {test::make_finding("style", "r4", Severity::low, "d.js", 4, "w")};
    run.result.lensResults.push_back(degraded);

    run.result.finalVerdict.missingRequiredLensIds = {"architecture"};
    report.runs.push_back(std::move(run));

    const auto scan = orchestrator::whole_scan_of(report);
    CHECK_FALSE(scan.complete());
    CHECK(scan.incomplete == std::vector<std::string>{
                                 "files left out: DIFF_TOO_LARGE",
                                 "lens phase/tests failed (degraded) EXECUTION_DENIED",
                                 "lens style completed (degraded) CONTEXT_BOUND_EXCEEDED",
                                 "required lens did not run: architecture",
                             });
    // The findings of incomplete lenses are still reported.
    CHECK(scan.findings.size() == 4);
}

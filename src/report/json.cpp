// --format json: the run's verdicts as canonical JSON.
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "report/report.hpp"

namespace qa::report {

std::string json(const orchestrator::RunReport& report) {
    json::Array runs;
    for (const auto& run : report.runs) {
        runs.push_back(json::Object{
            {"label", run.label},
            {"artifactDir",
             run.artifactDir ? json::Value(run.artifactDir->string()) : json::Value()},
            {"skillResult", contracts::to_json(run.result)},
        });
    }
    return json::canonical(json::Object{{"status", report.passed() ? "PASS" : "FAIL"},
                                        {"runs", std::move(runs)}}) +
           "\n";
}

}  // namespace qa::report

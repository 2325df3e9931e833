#include <map>

#include "contracts/enums.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "report/report.hpp"

namespace qa::report {
namespace {

std::string sarif_level(const contracts::Finding& f) {
    if (f.blocking || f.severity == contracts::Severity::critical ||
        f.severity == contracts::Severity::high) {
        return "error";
    }
    return f.severity == contracts::Severity::medium ? "warning" : "note";
}

}  // namespace

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

std::string sarif(const orchestrator::RunReport& report) {
    std::map<std::string, std::string> rules;  // id -> description, sorted for stable output
    json::Array results;
    for (const auto& run : report.runs) {
        for (const auto& lens : run.result.lensResults) {
            for (const auto& f : lens.findings) {
                const std::string rule_id = f.lensId + "/" + f.ruleId;
                rules.emplace(rule_id, f.summary);
                results.push_back(json::Object{
                    {"ruleId", rule_id},
                    {"level", sarif_level(f)},
                    {"message", json::Object{{"text", f.summary}}},
                    {"locations",
                     json::Array{json::Object{
                         {"physicalLocation",
                          json::Object{{"artifactLocation", json::Object{{"uri", f.file}}},
                                       {"region", json::Object{{"startLine", f.startLine},
                                                               {"endLine", f.endLine}}}}}}}},
                    {"partialFingerprints", json::Object{{"evidenceHash/v1", f.evidenceHash}}},
                    {"properties",
                     json::Object{{"severity", std::string(contracts::to_string(f.severity))},
                                  {"blocking", f.blocking},
                                  {"findingId", f.findingId}}},
                });
            }
        }
    }
    json::Array rule_list;
    for (const auto& [id, text] : rules) {
        rule_list.push_back(
            json::Object{{"id", id}, {"shortDescription", json::Object{{"text", text}}}});
    }
    const json::Value doc = json::Object{
        {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
        {"version", "2.1.0"},
        {"runs",
         json::Array{json::Object{
             {"tool", json::Object{{"driver", json::Object{{"name", "qa-skill"},
                                                           {"version", QA_SKILL_VERSION},
                                                           {"informationUri",
                                                            "https://github.com/qa-skill/qa-skill"},
                                                           {"rules", std::move(rule_list)}}}}},
             {"results", std::move(results)},
         }}},
    };
    return json::canonical(doc) + "\n";
}

}  // namespace qa::report

// --format sarif: SARIF 2.1.0 as GitHub code scanning and the SARIF validator accept it.
#include <algorithm>
#include <map>
#include <set>

#include "contracts/enums.hpp"
#include "json/canonical.hpp"
#include "report/finding_facts.hpp"
#include "report/report.hpp"
#include "report/uri.hpp"
#include "rules/catalog.hpp"

namespace qa::report {
namespace {

using rules::RuleInfo;

/// GitHub code scanning's `security-severity`: a score in the band GitHub shows under the same
/// name (critical 9.0-10, high 7.0-8.9, medium 4.0-6.9, low 0.1-3.9).
std::string security_severity(const std::string& severity) {
    if (severity == "critical") {
        return "9.5";
    }
    if (severity == "high") {
        return "8.0";
    }
    if (severity == "medium") {
        return "5.5";
    }
    if (severity == "low") {
        return "2.0";
    }
    return "0.0";
}

std::string sarif_id(const contracts::Finding& f) {
    return f.lensId + "/" + f.ruleId;
}

/// error blocks; an accepted (baselined) finding is a note; the rest by severity.
std::string sarif_level(const contracts::Finding& f, const FindingFacts& facts) {
    if (f.blocking) {
        return "error";
    }
    if (facts.baselined) {
        return "note";
    }
    switch (f.severity) {
        case contracts::Severity::critical:
        case contracts::Severity::high:
        case contracts::Severity::medium:
            return "warning";
        default:
            return "note";
    }
}

json::Value rule_entry(const std::string& sarif_rule_id, const contracts::Finding& first,
                       const std::map<std::string, RuleInfo>& catalog) {
    const auto it = catalog.find(first.ruleId);
    RuleInfo info;
    if (it != catalog.end()) {
        info = it->second;
    } else {
        // A rule outside the built-in data (a model lens, a repository's own rules): describe
        // it by its lens and id, never by the text of one of its findings.
        info.id = first.ruleId;
        info.description = "Rule " + first.ruleId + " of the " + first.lensId + " lens.";
        info.severity = std::string(contracts::to_string(first.severity));
        info.blocking = first.blocking;
        info.tags = {first.lensId};
    }
    json::Array tags;
    for (const auto& t : std::set<std::string>(info.tags.begin(), info.tags.end())) {
        tags.push_back(t);
    }
    if (first.lensId == "security" &&
        std::find(info.tags.begin(), info.tags.end(), "security") == info.tags.end()) {
        tags.push_back("security");
    }
    json::Object properties{{"tags", std::move(tags)}, {"severity", info.severity}};
    if (info.severity != "info") {
        properties.emplace_back("security-severity", security_severity(info.severity));
    }
    json::Object rule{
        {"id", sarif_rule_id},
        {"name", info.id},
        {"shortDescription", json::Object{{"text", info.description}}},
        {"fullDescription",
         json::Object{{"text", info.description + (info.blocking ? " Blocks a commit or push."
                                                                 : " Reported, not blocking.")}}},
        {"defaultConfiguration", json::Object{{"level", info.blocking ? "error" : "warning"}}},
        {"properties", std::move(properties)}};
    if (!info.fix.empty()) {
        rule.emplace_back("help", json::Object{{"text", info.fix}});
    }
    return rule;
}

json::Value result_entry(const contracts::Finding& f, std::size_t rule_index,
                         const orchestrator::RunOutcome& run) {
    const FindingFacts facts = facts_of(f);
    json::Object region{{"startLine", f.startLine}, {"endLine", std::max(f.endLine, f.startLine)}};
    if (facts.column) {
        region.emplace_back("startColumn", *facts.column);
        if (facts.endColumn && *facts.endColumn > *facts.column) {
            region.emplace_back("endColumn", *facts.endColumn);
        }
    }
    json::Object result{
        {"ruleId", sarif_id(f)},
        {"ruleIndex", static_cast<std::int64_t>(rule_index)},
        {"level", sarif_level(f, facts)},
        {"message", json::Object{{"text", f.summary}}},
        {"locations",
         json::Array{json::Object{
             {"physicalLocation",
              json::Object{{"artifactLocation", json::Object{{"uri", path_to_uri(f.file)}}},
                           {"region", std::move(region)}}}}}},
        {"partialFingerprints", json::Object{{"evidenceHash/v1", f.evidenceHash}}},
        {"properties", json::Object{{"severity", std::string(contracts::to_string(f.severity))},
                                    {"blocking", f.blocking},
                                    {"findingId", f.findingId}}},
    };
    if (facts.count) {
        // One finding standing for the same problem on several lines of the file.
        result.emplace_back("occurrenceCount", *facts.count);
    }
    if (facts.baselined) {
        result.emplace_back("baselineState", "unchanged");
        result.emplace_back(
            "suppressions",
            json::Array{json::Object{{"kind", "external"},
                                     {"status", "accepted"},
                                     {"justification", "accepted in the baseline " +
                                                           run.baselineSource.value_or("file")}}});
    }
    return result;
}

/// Whether the tool did its job: false when the verdict is FAIL for a reason other than
/// findings (a required lens failed or is missing, no base could be resolved).
bool execution_successful(const contracts::FinalVerdict& v) {
    if (v.status == contracts::VerdictStatus::PASS) {
        return true;
    }
    return !v.blockingFindings.empty() && v.failedRequiredLensIds.empty() &&
           v.missingRequiredLensIds.empty();
}

json::Value invocation(const orchestrator::RunOutcome& run) {
    const auto& v = run.result.finalVerdict;
    const bool ok = execution_successful(v);
    json::Array notes;
    for (const auto code : v.errorCodes) {
        notes.push_back(json::Object{
            {"level", ok ? "warning" : "error"},
            {"descriptor", json::Object{{"id", std::string(contracts::to_string(code))}}},
            {"message",
             json::Object{{"text", "error code " + std::string(contracts::to_string(code))}}}});
    }
    if (!ok || v.degraded) {
        for (const auto& reason : v.rationale) {
            notes.push_back(json::Object{{"level", ok ? "warning" : "error"},
                                         {"message", json::Object{{"text", reason}}}});
        }
    }
    json::Object inv{{"executionSuccessful", ok}};
    if (!notes.empty()) {
        inv.emplace_back("toolExecutionNotifications", std::move(notes));
    }
    return inv;
}

json::Value sarif_run(const orchestrator::RunOutcome* run,
                      const std::map<std::string, RuleInfo>& catalog) {
    // Rules in id order; each result points at its rule by index.
    std::map<std::string, const contracts::Finding*> first_of_rule;
    if (run != nullptr) {
        for (const auto& lens : run->result.lensResults) {
            for (const auto& f : lens.findings) {
                first_of_rule.emplace(sarif_id(f), &f);
            }
        }
    }
    json::Array rules;
    std::map<std::string, std::size_t> index;
    for (const auto& [id, f] : first_of_rule) {
        index.emplace(id, rules.size());
        rules.push_back(rule_entry(id, *f, catalog));
    }
    json::Array results;
    if (run != nullptr) {
        for (const auto& lens : run->result.lensResults) {
            for (const auto& f : lens.findings) {
                results.push_back(result_entry(f, index.at(sarif_id(f)), *run));
            }
        }
    }
    json::Object out{
        {"tool", json::Object{{"driver", json::Object{{"name", "qa-skill"},
                                                      {"version", QA_SKILL_VERSION},
                                                      {"informationUri",
                                                       "https://github.com/qa-skill/qa-skill"},
                                                      {"rules", std::move(rules)}}}}},
        {"results", std::move(results)},
        // Columns count characters (the lenses record them so), not UTF-16 code units.
        {"columnKind", "unicodeCodePoints"},
    };
    if (run != nullptr) {
        // One run per checked change; the id keeps the runs of a multi-ref push apart in code
        // scanning (its category) and names the change.
        out.emplace_back("automationDetails", json::Object{{"id", "qa-skill/" + run->label + "/"}});
        out.emplace_back("invocations", json::Array{invocation(*run)});
    } else {
        out.emplace_back("invocations", json::Array{json::Object{{"executionSuccessful", true}}});
    }
    return out;
}

}  // namespace

std::string sarif(const orchestrator::RunReport& report) {
    auto catalog = rules::builtin_rules();
    std::vector<rules::RuleSource> own;  // a repository's own rules, described by their data too
    for (const auto& f : report.ownRules) {
        own.push_back(rules::RuleSource{f.text, f.path, "security"});
    }
    rules::add_rules(catalog, own);
    json::Array runs;
    for (const auto& run : report.runs) {
        runs.push_back(sarif_run(&run, catalog));
    }
    if (runs.empty()) {
        runs.push_back(sarif_run(nullptr, catalog));  // nothing to check: one empty run
    }
    const json::Value doc = json::Object{
        {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
        {"version", "2.1.0"},
        {"runs", std::move(runs)},
    };
    return json::canonical(doc) + "\n";
}

}  // namespace qa::report

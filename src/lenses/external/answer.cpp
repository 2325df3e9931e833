#include "lenses/external/answer.hpp"

#include <algorithm>

#include "contracts/json_io.hpp"
#include "json/error.hpp"
#include "json/schema_validator.hpp"
#include "lenses/answer_text.hpp"
#include "lenses/api/findings.hpp"

namespace qa::lenses::external {
namespace {

using contracts::LensResult;

std::string schema_problem(const std::vector<json::ValidationError>& errors) {
    std::string out = "not a valid lens-result.v1: ";
    for (std::size_t i = 0; i < errors.size() && i < 3; ++i) {
        out += (i > 0 ? "; " : "") + (errors[i].pointer.empty() ? "/" : errors[i].pointer) + ": " +
               errors[i].message;
    }
    if (errors.size() > 3) {
        out += " (and " + std::to_string(errors.size() - 3) + " more)";
    }
    return out;
}

}  // namespace

std::variant<LensResult, std::string> read_answer(std::string_view stdout_text,
                                                  const contracts::LensPlan& plan,
                                                  const rules::RuleSet& credentials) {
    if (stdout_text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        return std::string("nothing on stdout");
    }
    // Compiled once per process: validation is const and thread-safe.
    static const json::SchemaValidator schema = json::SchemaValidator::embedded("lens-result.v1");
    LensResult answer;
    try {
        if (const auto errors = schema.validate(stdout_text); !errors.empty()) {
            return schema_problem(errors);
        }
        answer = contracts::parse_lens_result(stdout_text);
    } catch (const json::Error& e) {
        return std::string(e.what());  // "not valid JSON: ..."
    }
    const auto mismatch = [](std::string_view field, const std::string& got,
                             const std::string& want) {
        return "for another plan: " + std::string(field) + " is \"" + got + "\", expected \"" +
               want + "\"";
    };
    if (answer.lensId != plan.lensId) {
        return mismatch("lensId", answer.lensId, plan.lensId);
    }
    if (answer.lensVersion != plan.lensVersion) {
        return mismatch("lensVersion", answer.lensVersion, plan.lensVersion);
    }
    if (answer.subLensId != plan.subLensId) {
        return mismatch("subLensId", answer.subLensId.value_or("null"),
                        plan.subLensId.value_or("null"));
    }
    if (answer.planOrdinal != plan.planOrdinal) {
        return mismatch("planOrdinal", std::to_string(answer.planOrdinal),
                        std::to_string(plan.planOrdinal));
    }

    std::vector<contracts::Finding> findings;
    for (std::size_t i = 0; i < answer.findings.size(); ++i) {
        const auto& f = answer.findings[i];
        const std::string where = "finding " + std::to_string(i) + " ";
        if (!valid_answer_rule_id(f.ruleId)) {
            return where + "has a ruleId that is not [A-Za-z0-9._/-]{1,128}";
        }
        if (std::find(plan.changedFiles.begin(), plan.changedFiles.end(), f.file) ==
            plan.changedFiles.end()) {
            return where + "is on a file the plan does not hold";
        }
        if (f.startLine < 1 || f.endLine < f.startLine) {
            return where + "has no valid line range (startLine >= 1, endLine >= startLine)";
        }
        // Rule ids live in the lens's namespace, as `security/<id>` does for the built-in
        // rules: a suppression or a baseline entry names `<lensId>/<rule>`.
        const std::string prefix = plan.lensId + "/";
        const std::string rule_id = f.ruleId.rfind(prefix, 0) == 0 ? f.ruleId : prefix + f.ruleId;
        // The program's evidenceHash names its evidence; bound to the rule, as every lens's is.
        auto finding = lenses::api::make_finding(
            plan, rule_id, f.severity, f.blocking, f.file, f.startLine,
            clean_answer_text(credentials, f.file, f.summary),
            clean_answer_value(credentials, f.file, f.evidence), f.evidenceHash);
        finding.endLine = f.endLine;
        findings.push_back(std::move(finding));
    }
    std::vector<std::string> summary;
    for (const auto& line : answer.evidenceSummary) {
        summary.push_back(clean_answer_text(credentials, "", line));
    }

    LensResult out = lenses::api::completed_result(plan, std::move(findings), std::move(summary));
    out.status = answer.status;
    out.degraded = out.degraded || answer.degraded;
    out.usage = answer.usage;
    for (const auto code : answer.errorCodes) {
        out.errorCodes.push_back(code);
    }
    for (const auto code : answer.warningCodes) {
        if (std::find(out.warningCodes.begin(), out.warningCodes.end(), code) ==
            out.warningCodes.end()) {
            out.warningCodes.push_back(code);
        }
    }
    return out;
}

}  // namespace qa::lenses::external

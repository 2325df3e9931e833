#include "lenses/external/answer.hpp"

#include <algorithm>

#include "contracts/json_io.hpp"
#include "dispatch/findings.hpp"
#include "json/error.hpp"
#include "json/schema_validator.hpp"
#include "rules/scrub.hpp"

namespace qa::lenses::external {
namespace {

using contracts::LensResult;

bool valid_rule_id(std::string_view id) {
    return !id.empty() && id.size() <= 128 && std::all_of(id.begin(), id.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return std::isalnum(u) != 0 || c == '.' || c == '_' || c == '/' || c == '-';
    });
}

/// `text` as it may be stored and shown: secrets masked, control characters replaced.
std::string clean(const rules::RuleSet& credentials, std::string_view file, std::string_view text) {
    std::string out = rules::without_secrets(credentials, file, text);
    std::replace_if(
        out.begin(), out.end(),
        [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == '\x7f'; }, ' ');
    return out;
}

json::Value clean_value(const rules::RuleSet& credentials, std::string_view file,
                        const json::Value& value) {
    if (value.is_string()) {
        return clean(credentials, file, value.as_string());
    }
    if (value.is_array()) {
        json::Array out;
        for (const auto& item : value.as_array()) {
            out.push_back(clean_value(credentials, file, item));
        }
        return out;
    }
    if (value.is_object()) {
        json::Object out;
        for (const auto& [key, item] : value.as_object()) {
            out.emplace_back(clean(credentials, file, key), clean_value(credentials, file, item));
        }
        return out;
    }
    return value;
}

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
        if (!valid_rule_id(f.ruleId)) {
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
        auto finding =
            dispatch::make_finding(plan, rule_id, f.severity, f.blocking, f.file, f.startLine,
                                   clean(credentials, f.file, f.summary),
                                   clean_value(credentials, f.file, f.evidence), f.evidenceHash);
        finding.endLine = f.endLine;
        findings.push_back(std::move(finding));
    }
    std::vector<std::string> summary;
    for (const auto& line : answer.evidenceSummary) {
        summary.push_back(clean(credentials, "", line));
    }

    LensResult out = dispatch::completed_result(plan, std::move(findings), std::move(summary));
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

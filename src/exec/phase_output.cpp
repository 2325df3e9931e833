#include "exec/phase_output.hpp"

#include "json/canonical.hpp"

namespace qa::exec {
namespace {

json::Value strings(const std::vector<std::string>& items) {
    json::Array a;
    for (const auto& s : items) {
        a.emplace_back(s);
    }
    return a;
}

json::Value command_check(const CommandCheck& c, const char* list_name) {
    return json::Object{{"status", c.status},
                        {list_name, strings(c.issues)},
                        {"retry_count", c.retryCount},
                        {"command", c.command},
                        {"execution_time_ms", c.executionTimeMs}};
}

json::Value review_check(const ReviewCheck& c, const char* list_name) {
    return json::Object{{"status", c.status},
                        {list_name, strings(c.findings)},
                        {"severity", c.severity},
                        {"execution_time_ms", c.executionTimeMs}};
}

void write(const json::Value& v, int depth, std::string& out) {
    const std::string pad(static_cast<std::size_t>(depth + 1) * 2, ' ');
    const std::string end_pad(static_cast<std::size_t>(depth) * 2, ' ');
    if (v.is_object()) {
        if (v.as_object().empty()) {
            out += "{}";
            return;
        }
        out += "{\n";
        bool first = true;
        for (const auto& [key, member] : v.as_object()) {
            out += first ? "" : ",\n";
            first = false;
            out += pad;
            json::append_canonical_string(key, out);
            out += ": ";
            write(member, depth + 1, out);
        }
        out += "\n" + end_pad + "}";
    } else if (v.is_array()) {
        if (v.as_array().empty()) {
            out += "[]";
            return;
        }
        out += "[\n";
        bool first = true;
        for (const auto& item : v.as_array()) {
            out += first ? "" : ",\n";
            first = false;
            out += pad;
            write(item, depth + 1, out);
        }
        out += "\n" + end_pad + "]";
    } else {
        json::append_canonical(v, out);
    }
}

}  // namespace

std::int64_t PhaseOutput::total_retries() const {
    return formatter.retryCount + linter.retryCount + build.retryCount + tests.retryCount;
}

json::Value to_json(const PhaseOutput& o) {
    json::Object root{{"status", o.status},
                      {"execution_time_ms", o.executionTimeMs},
                      {"total_retries", o.total_retries()}};
    if (o.criticalSecurityIssue) {
        root.emplace_back("critical_security_issue", true);
    }
    root.emplace_back(
        "checks",
        json::Object{{"formatter", command_check(o.formatter, "issues")},
                     {"linter", command_check(o.linter, "issues")},
                     {"build", command_check(o.build, "errors")},
                     {"tests", json::Object{{"status", o.tests.status},
                                            {"failing_count", o.tests.failingCount},
                                            {"retry_count", o.tests.retryCount},
                                            {"command", o.tests.command},
                                            {"execution_time_ms", o.tests.executionTimeMs}}},
                     {"code_review", review_check(o.codeReview, "findings")},
                     {"security_review", review_check(o.securityReview, "vulnerabilities")}});
    return root;
}

std::string pretty_json(const json::Value& value) {
    std::string out;
    write(value, 0, out);
    out += "\n";
    return out;
}

PhaseOutput invalid_input_output(const std::string& message) {
    PhaseOutput o;
    o.status = "fail";
    o.formatter.status = o.linter.status = o.build.status = o.tests.status = "fail";
    o.codeReview.status = o.securityReview.status = "fail";
    o.formatter.issues.push_back(message);
    return o;
}

}  // namespace qa::exec

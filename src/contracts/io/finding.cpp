// Finding, and its canonical JSON written without a value tree.
#include "contracts/io/read.hpp"
#include "contracts/io/write.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"

namespace qa::contracts {

json::Value to_json(const Finding& v) {
    return json::Object{
        {"findingId", v.findingId},
        {"lensId", v.lensId},
        {"subLensId", io::opt_string(v.subLensId)},
        {"ruleId", v.ruleId},
        {"severity", io::enum_value(v.severity)},
        {"blocking", v.blocking},
        {"file", v.file},
        {"startLine", v.startLine},
        {"endLine", v.endLine},
        {"summary", v.summary},
        {"evidence", v.evidence},
        {"evidenceHash", v.evidenceHash},
    };
}

std::string canonical_json(const Finding& v) {
    // The members in canonical (UTF-16 code unit) order, written without a value tree: a scan
    // may produce tens of thousands of findings. A test holds this equal to canonical(to_json).
    std::string out;
    out.reserve(256 + v.summary.size() + v.file.size());
    const auto string_member = [&](const char* key, std::string_view value) {
        out += key;
        json::append_canonical_string(value, out);
    };
    out += v.blocking ? R"({"blocking":true,"endLine":)" : R"({"blocking":false,"endLine":)";
    json::append_canonical(json::Value(v.endLine), out);
    out += R"(,"evidence":)";
    json::append_canonical(v.evidence, out);
    string_member(R"(,"evidenceHash":)", v.evidenceHash);
    string_member(R"(,"file":)", v.file);
    string_member(R"(,"findingId":)", v.findingId);
    string_member(R"(,"lensId":)", v.lensId);
    string_member(R"(,"ruleId":)", v.ruleId);
    string_member(R"(,"severity":)", to_string(v.severity));
    out += R"(,"startLine":)";
    json::append_canonical(json::Value(v.startLine), out);
    if (v.subLensId) {
        string_member(R"(,"subLensId":)", *v.subLensId);
    } else {
        out += R"(,"subLensId":null)";
    }
    string_member(R"(,"summary":)", v.summary);
    out.push_back('}');
    return out;
}

Finding io::read_finding(const Field& f) {
    const Members m(f, "Finding",
                    {"findingId", "lensId", "subLensId", "ruleId", "severity", "blocking", "file",
                     "startLine", "endLine", "summary", "evidence", "evidenceHash"});
    Finding v;
    v.findingId = read_string(m["findingId"]);
    v.lensId = read_string(m["lensId"]);
    v.subLensId = read_opt_string(m["subLensId"]);
    v.ruleId = read_string(m["ruleId"]);
    v.severity = read_enum<Severity>(m["severity"]);
    v.blocking = read_bool(m["blocking"]);
    v.file = read_string(m["file"]);
    v.startLine = read_integer(m["startLine"], 1);
    v.endLine = read_integer(m["endLine"], 1);
    v.summary = read_string(m["summary"]);
    const Field evidence = m["evidence"];
    if (!evidence.value.is_object()) {
        fail(evidence, "an object");
    }
    v.evidence = evidence.value;
    v.evidenceHash = read_hash(m["evidenceHash"]);
    return v;
}

}  // namespace qa::contracts

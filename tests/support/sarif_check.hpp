#pragma once
/// Checks a SARIF log the way code scanning and the SARIF validator do: the vendored SARIF 2.1.0
/// schema (tests/fixtures/sarif), the `uri`/`uri-reference` formats the schema names but the
/// draft-07 validator leaves to the caller, and, when QA_SARIF_MULTITOOL names the binary of npm
/// @microsoft/sarif-multitool-linux, `Sarif.Multitool validate` itself.

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "support/hook_fixture.hpp"

namespace qa::test {

/// RFC 3986 URI-reference over its character set: unreserved, reserved and %XX only, and no ':'
/// in the first segment of a relative reference (it would read as a scheme).
inline bool is_uri_reference(const std::string& s) {
    static const std::regex chars(R"(^([A-Za-z0-9\-._~!$&'()*+,;=:@/?#\[\]]|%[0-9A-Fa-f]{2})*$)");
    static const std::regex scheme(R"(^[A-Za-z][A-Za-z0-9+.\-]*:)");
    if (!std::regex_match(s, chars)) {
        return false;
    }
    const auto colon = s.find(':');
    const auto slash = s.find('/');
    return colon == std::string::npos || (slash != std::string::npos && slash < colon) ||
           std::regex_search(s, scheme);
}

/// Every "uri" and "informationUri" member under `v` that is not a URI reference, as messages.
inline void bad_uris(const json::Value& v, const std::string& where,
                     std::vector<std::string>& out) {
    if (v.is_object()) {
        for (const auto& [key, child] : v.as_object()) {
            if ((key == "uri" || key == "informationUri") && child.is_string() &&
                !is_uri_reference(child.as_string())) {
                out.push_back(where + "/" + key + ": not a uri-reference: " + child.as_string());
            }
            bad_uris(child, where + "/" + key, out);
        }
    } else if (v.is_array()) {
        for (std::size_t i = 0; i < v.as_array().size(); ++i) {
            bad_uris(v.as_array()[i], where + "/" + std::to_string(i), out);
        }
    }
}

/// Every way `sarif_text` breaks SARIF 2.1.0 (empty when it is valid).
inline std::vector<std::string> sarif_problems(const std::string& sarif_text) {
    static const json::SchemaValidator schema = json::SchemaValidator::from_file(
        std::filesystem::path(QA_SOURCE_DIR) / "tests/fixtures/sarif/sarif-schema-2.1.0.json");
    std::vector<std::string> out;
    for (const auto& e : schema.validate(sarif_text)) {
        out.push_back("schema: " + e.pointer + ": " + e.message);
    }
    bad_uris(json::parse(sarif_text), "", out);

    const char* multitool = std::getenv("QA_SARIF_MULTITOOL");
    if (multitool != nullptr && *multitool != '\0') {
        const TempDir dir("qa-skill-sarif");
        write_file(dir.path() / "log.sarif", sarif_text);
        const auto r = run(shell_quote(multitool) + " validate " +
                           shell_quote((dir.path() / "log.sarif").string()) + " --output " +
                           shell_quote((dir.path() / "out.sarif").string()) + " 2>&1");
        // It exits 0 even when the log is invalid; each problem is a "<file>(l,c): error ..."
        // line of its console output.
        if (r.exit_code != 0 || r.out.find(": error ") != std::string::npos) {
            out.push_back("Sarif.Multitool validate (exit " + std::to_string(r.exit_code) +
                          "): " + r.out);
        }
    }
    return out;
}

}  // namespace qa::test

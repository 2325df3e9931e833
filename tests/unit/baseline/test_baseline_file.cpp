#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "baseline/baseline.hpp"
#include "baseline/fingerprint.hpp"
#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "json/schema_validator.hpp"

using qa::baseline::Baseline;
using qa::baseline::BaselineError;

namespace {

qa::contracts::Finding finding(const std::string& file, const std::string& rule, char hash,
                               std::int64_t line) {
    qa::contracts::Finding f;
    f.lensId = "security";
    f.ruleId = rule;
    f.file = file;
    f.startLine = line;
    f.endLine = line;
    f.summary = rule + " (xxxx********(40))";
    f.evidenceHash = std::string(64, hash);
    return f;
}

std::vector<qa::contracts::Finding> sample() {
    return {finding("src/b.py", "jwt", 'c', 9), finding("src/a.py", "github-pat", 'a', 3),
            finding("src/a.py", "github-pat", 'a', 12),  // the same secret twice in a file
            finding("src/a.py", "aws-access-key-id", 'b', 1)};
}

/// The BaselineError that parsing `text` throws.
BaselineError parse_error(const std::string& text) {
    try {
        Baseline::parse(text, "repo/.qa-skill-baseline.json");
    } catch (const BaselineError& e) {
        return e;
    }
    FAIL("no BaselineError for: " << text);
    throw std::logic_error("unreachable");
}

std::string entry(const std::string& fp, const std::string& extra = "") {
    return R"({"fingerprint":")" + fp + R"(","path":"a.py","ruleId":"jwt")" + extra + "}";
}

}  // namespace

TEST_CASE("a baseline has one sorted entry per fingerprint", "[baseline]") {
    auto findings = sample();
    const Baseline b = Baseline::from_findings(findings);
    REQUIRE(b.entries().size() == 3);
    CHECK(b.entries()[0].path == "src/a.py");
    CHECK(b.entries()[0].ruleId == "aws-access-key-id");
    CHECK(b.entries()[1].ruleId == "github-pat");
    CHECK(b.entries()[2].path == "src/b.py");
    CHECK(b.entries()[1].fingerprint == qa::baseline::fingerprint(findings[1]));
    CHECK(b.entries()[1].note == findings[1].summary);
    CHECK(b.find(qa::baseline::fingerprint(findings[0])) == &b.entries()[2]);
    CHECK(b.find(std::string(64, '0')) == nullptr);

    // The order findings arrive in does not change a byte.
    std::reverse(findings.begin(), findings.end());
    CHECK(Baseline::from_findings(findings).render() == b.render());
    CHECK(Baseline::from_findings(findings).digest() == b.digest());
}

TEST_CASE("the baseline file is canonical JSON with one entry per line", "[baseline]") {
    const Baseline b = Baseline::from_findings(sample());
    const std::string text = b.render();
    CHECK(std::count(text.begin(), text.end(), '\n') == 5);  // opening, 3 entries, closing
    std::string joined = text;
    joined.erase(std::remove(joined.begin(), joined.end(), '\n'), joined.end());
    CHECK(joined == qa::json::canonical(qa::json::parse(text)));
    CHECK(qa::json::SchemaValidator::embedded("baseline.v1").validate(text).empty());

    const Baseline again = Baseline::parse(text, "x");
    CHECK(again.entries() == b.entries());
    CHECK(again.render() == text);
    CHECK(again.digest() == b.digest());

    const std::string empty = Baseline().render();
    CHECK(empty == "{\"entries\":[],\"schemaVersion\":\"baseline.v1\"}\n");
    CHECK(Baseline::parse(empty, "x").entries().empty());
}

TEST_CASE("hand edits: any order and layout read the same, notes are optional", "[baseline]") {
    const std::string fp1(64, '1'), fp2(64, '2');
    const std::string tidy =
        R"({"entries":[)" + entry(fp1) + "," + entry(fp2) + R"(],"schemaVersion":"baseline.v1"})";
    const std::string messy = "{\n  \"schemaVersion\": \"baseline.v1\",\n  \"entries\": [\n    " +
                              entry(fp2) + ",\n    " + entry(fp1) + "\n  ]\n}\n";
    const Baseline a = Baseline::parse(tidy, "a");
    const Baseline b = Baseline::parse(messy, "b");
    CHECK(a.entries() == b.entries());
    CHECK(a.digest() == b.digest());
    CHECK_FALSE(a.entries()[0].note.has_value());
    CHECK(a.render().find("note") == std::string::npos);
}

TEST_CASE("a malformed baseline names the file and the JSON pointer", "[baseline]") {
    const std::string fp(64, 'f');
    const std::string file = "repo/.qa-skill-baseline.json";
    SECTION("not JSON") {
        const auto e = parse_error("{\"entries\": [");
        CHECK(e.file() == file);
        CHECK_THAT(e.what(), Catch::StartsWith(file + ": "));
        CHECK_THAT(e.what(), Catch::Contains("not valid JSON"));
    }
    SECTION("wrong schemaVersion") {
        const auto e = parse_error(R"({"entries":[],"schemaVersion":"baseline.v2"})");
        CHECK(e.pointer() == "/schemaVersion");
        CHECK_THAT(e.what(), Catch::StartsWith(file + ": /schemaVersion: "));
    }
    SECTION("missing entries") {
        const auto e = parse_error(R"({"schemaVersion":"baseline.v1"})");
        CHECK_THAT(e.what(), Catch::StartsWith(file + ": "));
        CHECK_THAT(e.what(), Catch::Contains("entries"));
    }
    SECTION("a fingerprint that is no sha256") {
        const auto e = parse_error(R"({"entries":[)" + entry("ghp_raw_secret_here") +
                                   R"(],"schemaVersion":"baseline.v1"})");
        CHECK(e.pointer() == "/entries/0/fingerprint");
    }
    SECTION("an unknown member of an entry") {
        const auto e = parse_error(R"({"entries":[)" + entry(fp, R"(,"line":3)") +
                                   R"(],"schemaVersion":"baseline.v1"})");
        CHECK_THAT(e.pointer(), Catch::StartsWith("/entries/0"));
    }
    SECTION("a repeated fingerprint") {
        const auto e = parse_error(R"({"entries":[)" + entry(fp) + "," + entry(fp) +
                                   R"(],"schemaVersion":"baseline.v1"})");
        CHECK(e.pointer() == "/entries/1/fingerprint");
        CHECK_THAT(e.what(), Catch::Contains("/entries/0"));
    }
}

TEST_CASE("a member named twice is a BaselineError naming the file, not an internal error",
          "[baseline]") {
    // Found by tests/fuzz/fuzz_baseline: json::Error escaped, and the hook ended with exit 3.
    const std::string text = R"({"entries":[],"entries":[],"schemaVersion":"baseline.v1"})";
    try {
        (void)Baseline::parse(text, ".qa-skill-baseline.json");
        FAIL("a duplicated member was accepted");
    } catch (const BaselineError& e) {
        CHECK(e.file() == ".qa-skill-baseline.json");
        CHECK(std::string(e.what()).find("duplicate member name \"entries\"") != std::string::npos);
    }
}

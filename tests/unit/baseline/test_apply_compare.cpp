#include <catch2/catch.hpp>

#include "baseline/apply.hpp"
#include "baseline/compare.hpp"
#include "baseline/fingerprint.hpp"

using qa::baseline::Baseline;

namespace {

qa::contracts::Finding finding(const std::string& file, char hash, std::int64_t line,
                               bool blocking = true) {
    qa::contracts::Finding f;
    f.lensId = "security";
    f.ruleId = "github-pat";
    f.severity = qa::contracts::Severity::critical;
    f.blocking = blocking;
    f.file = file;
    f.startLine = line;
    f.endLine = line;
    f.summary = "token";
    f.evidence = qa::json::Object{{"column", 1}};
    f.evidenceHash = std::string(64, hash);
    return f;
}

qa::contracts::LensResult result(std::vector<qa::contracts::Finding> findings) {
    qa::contracts::LensResult r;
    r.lensId = "security";
    r.findings = std::move(findings);
    r.evidenceSummary = {"1 file(s) scanned"};
    return r;
}

}  // namespace

TEST_CASE("applying a baseline keeps accepted findings but stops them blocking", "[baseline]") {
    const Baseline b = Baseline::from_findings({finding("a.py", 'a', 3)});
    std::vector<qa::contracts::LensResult> results = {
        result({finding("a.py", 'a', 30),    // moved within its file: accepted
                finding("a.py", 'b', 30),    // another secret on that line: still blocks
                finding("b.py", 'a', 3)}),   // the same secret in another file: still blocks
        result({finding("c.py", 'c', 1)})};  // untouched result

    CHECK(qa::baseline::apply(b, "x.json (index)", results) == 1);
    const auto& accepted = results[0].findings[0];
    CHECK_FALSE(accepted.blocking);
    const auto* fp = accepted.evidence.find("baselineFingerprint");
    REQUIRE(fp != nullptr);
    CHECK(fp->as_string() == b.entries()[0].fingerprint);
    CHECK(results[0].findings[1].blocking);
    CHECK(results[0].findings[2].blocking);
    CHECK(results[0].findings[1].evidence.find("baselineFingerprint") == nullptr);
    REQUIRE(results[0].evidenceSummary.size() == 2);
    CHECK(results[0].evidenceSummary[1] ==
          "1 finding(s) accepted by the baseline x.json (index), not blocking");
    CHECK(results[1].evidenceSummary.size() == 1);  // nothing accepted: nothing said
    CHECK(results[1].findings[0].blocking);

    // An empty baseline accepts nothing and adds nothing.
    auto untouched = results;
    CHECK(qa::baseline::apply(Baseline(), "x", untouched) == 0);
    CHECK(untouched == results);
}

TEST_CASE("comparing a baseline with a full scan finds stale entries and new findings",
          "[baseline]") {
    const Baseline b = Baseline::from_findings(
        {finding("a.py", 'a', 3), finding("a.py", 'b', 4), finding("b.py", 'c', 1, false)});
    const auto c =
        qa::baseline::compare(b, {finding("a.py", 'a', 40), finding("a.py", 'a', 41),
                                  finding("d.py", 'd', 2), finding("b.py", 'c', 9, false)});
    CHECK(c.matchedFindings == 3);
    REQUIRE(c.stale.size() == 1);
    CHECK(c.stale[0].fingerprint ==
          qa::baseline::fingerprint("github-pat", "a.py", std::string(64, 'b')));
    REQUIRE(c.unbaselined.size() == 1);
    CHECK(c.unbaselined[0].file == "d.py");

    const auto clean = qa::baseline::compare(
        b, {finding("a.py", 'a', 1), finding("a.py", 'b', 2), finding("b.py", 'c', 3)});
    CHECK(clean.stale.empty());
    CHECK(clean.unbaselined.empty());
    CHECK(clean.matchedFindings == 3);
}

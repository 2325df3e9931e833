#include <catch2/catch.hpp>

#include "baseline/fingerprint.hpp"

using qa::baseline::fingerprint;

namespace {

qa::contracts::Finding finding() {
    qa::contracts::Finding f;
    f.findingId = "0123456789abcdef";
    f.lensId = "security";
    f.subLensId = "secrets";
    f.ruleId = "github-pat";
    f.severity = qa::contracts::Severity::critical;
    f.blocking = true;
    f.file = "src/settings.py";
    f.startLine = 3;
    f.endLine = 3;
    f.summary = "GitHub personal access token (classic). (ghp_********(40))";
    f.evidenceHash = std::string(64, 'a');
    return f;
}

}  // namespace

TEST_CASE("the fingerprint is sha256 of rule, path and evidence hash, NUL-separated",
          "[baseline]") {
    // Pinned with coreutils: printf 'github-pat\0src/settings.py\0aaaa...' | sha256sum. A change
    // here invalidates every committed baseline, so it must be deliberate.
    CHECK(fingerprint("github-pat", "src/settings.py", std::string(64, 'a')) ==
          "47e01c42589ea754f961847a8cab975df013502d0fb6f0c37ccab3bb93774bac");
    CHECK(fingerprint(finding()) ==
          "47e01c42589ea754f961847a8cab975df013502d0fb6f0c37ccab3bb93774bac");
}

TEST_CASE("the fingerprint ignores position and presentation, not content", "[baseline]") {
    const auto base = fingerprint(finding());

    auto moved = finding();
    moved.startLine = 40;
    moved.endLine = 40;
    moved.findingId = "fedcba9876543210";  // findingId hashes the line, the fingerprint does not
    moved.summary = "reworded";
    moved.severity = qa::contracts::Severity::low;
    moved.blocking = false;
    moved.evidence = qa::json::Object{{"column", 7}};
    CHECK(fingerprint(moved) == base);

    auto other_secret = finding();
    other_secret.evidenceHash = std::string(64, 'b');
    CHECK(fingerprint(other_secret) != base);

    auto other_file = finding();
    other_file.file = "src/other.py";
    CHECK(fingerprint(other_file) != base);

    auto other_rule = finding();
    other_rule.ruleId = "generic-secret";
    CHECK(fingerprint(other_rule) != base);

    // The separators keep field boundaries apart.
    CHECK(fingerprint("ab", "c", "d") != fingerprint("a", "bc", "d"));
}

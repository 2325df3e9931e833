#include <catch2/catch.hpp>

#include "rules/rule_set.hpp"
#include "rules/suppression.hpp"
#include "support/baseline_fixture.hpp"

using qa::rules::SuppressionLog;
using qa::rules::UnusedSuppression;

namespace {

/// A fake GitHub token with a valid checksum (the prefix is split in the fixture's source).
std::string fake_token() {
    return qa::test::fake_github_token(5);
}

const qa::rules::RuleSet& security_rules() {
    static const auto rules = qa::rules::RuleSet::from_embedded("lenses/security/rules.toml");
    return rules;
}

/// The unused directives of `content` whose added lines are `added`, judged as the secrets
/// sub-lens does (rules without languages), after a scan that suppressed what `log` holds.
std::vector<UnusedSuppression> unused(const std::string& content, std::vector<std::uint32_t> added,
                                      const SuppressionLog& log = {}) {
    return qa::rules::unused_suppressions(
        {security_rules(), [](const qa::rules::Rule& r) { return r.languages.empty(); }, "app.py",
         "python", added, content, log});
}

}  // namespace

TEST_CASE("a directive that suppressed nothing is unused", "[rules][suppression]") {
    const auto u = unused("x = 1\ny = 2  # qa-skill: allow github-pat -- legacy fixture\n", {2});
    REQUIRE(u.size() == 1);
    CHECK(u[0].line == 2);
    CHECK(u[0].ruleId == "github-pat");

    // Its content key ignores the position: the same line elsewhere is the same directive.
    const auto moved =
        unused("a = 0\nb = 0\nc = 0\ny = 2  # qa-skill: allow github-pat -- legacy fixture\n", {4});
    REQUIRE(moved.size() == 1);
    CHECK(moved[0].contentKey == u[0].contentKey);
    CHECK(moved[0].contentKey.find("github-pat") == 0);
}

TEST_CASE("a directive that suppressed a finding is used", "[rules][suppression]") {
    const std::string content =
        "token = \"" + fake_token() + "\"  # qa-skill: allow github-pat -- test fixture\n";
    SuppressionLog log;
    log.record(1, "github-pat");
    CHECK(unused(content, {1}, log).empty());
    CHECK(log.contains(1, "github-pat"));
    CHECK_FALSE(log.contains(2, "github-pat"));

    // A directive alone on its line covers the line below.
    const std::string above =
        "# qa-skill: allow github-pat -- test fixture\ntoken = \"" + fake_token() + "\"\n";
    SuppressionLog below;
    below.record(2, "github-pat");
    CHECK(unused(above, {1, 2}, below).empty());
    // ... also when the line below is unchanged, so the scan never looked at it.
    CHECK(unused(above, {1}).empty());
    // ... but not when nothing there matches.
    REQUIRE(unused("# qa-skill: allow github-pat -- test fixture\ntoken = load()\n", {1}).size() ==
            1);
}

TEST_CASE("only directives on added lines, with a reason, for the lens's rules are judged",
          "[rules][suppression]") {
    const std::string content = "y = 2  # qa-skill: allow github-pat -- legacy fixture\n";
    CHECK(unused(content, {}).empty());                                     // not an added line
    CHECK(unused("y = 2  # qa-skill: allow github-pat\n", {1}).empty());    // no reason
    CHECK(unused("y = 'qa-skill: allow github-pat -- r'\n", {1}).empty());  // not a comment
    // eval-python belongs to the unsafe-code sub-lens, no-such-rule to nobody.
    CHECK(unused("y = 2  # qa-skill: allow eval-python, no-such-rule -- r\n", {1}).empty());

    // Of two ids, the one that suppressed nothing is reported.
    SuppressionLog log;
    log.record(1, "github-pat");
    const auto u = unused("y = 2  # qa-skill: allow github-pat, jwt -- two rules\n", {1}, log);
    REQUIRE(u.size() == 1);
    CHECK(u[0].ruleId == "jwt");
}

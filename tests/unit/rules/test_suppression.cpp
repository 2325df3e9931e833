#include <catch2/catch.hpp>

#include "rules/suppression.hpp"

using qa::rules::suppressed;

TEST_CASE("inline suppressions need the rule id and a reason", "[rules]") {
    const char* code = "key = load()";
    // Trailing comment on the line itself.
    CHECK(
        suppressed("x = 1  # qa-skill: allow generic-secret -- test vector", "", "generic-secret"));
    CHECK(suppressed("x = 1;  // qa-skill: allow jwt -- public sample token", "", "jwt"));
    CHECK(suppressed("x = 1;  /* qa-skill: allow jwt -- public sample */", "", "jwt"));
    CHECK(suppressed("<!-- qa-skill: allow url-password -- docs example -->", "", "url-password"));
    // Alone on the line above.
    CHECK(suppressed(code, "    # qa-skill: allow generic-secret -- fixture", "generic-secret"));
    CHECK(suppressed(code, "// qa-skill: allow a, generic-secret -- two rules", "generic-secret"));
    CHECK(suppressed(code, " * qa-skill: allow jwt -- in a block comment", "jwt"));

    // No reason, empty reason, or a reason without the " -- " separator: not suppressed.
    CHECK_FALSE(suppressed("x = 1  # qa-skill: allow generic-secret", "", "generic-secret"));
    CHECK_FALSE(suppressed("x = 1  # qa-skill: allow generic-secret --  ", "", "generic-secret"));
    CHECK_FALSE(suppressed("x = 1  /* qa-skill: allow jwt -- */", "", "jwt"));
    CHECK_FALSE(
        suppressed("x = 1  # qa-skill: allow generic-secret because", "", "generic-secret"));
    // Another rule, a prefix of the id, or no rule at all.
    CHECK_FALSE(suppressed("x = 1  # qa-skill: allow jwt -- r", "", "generic-secret"));
    CHECK_FALSE(suppressed("x = 1  # qa-skill: allow generic -- r", "", "generic-secret"));
    CHECK_FALSE(suppressed("x = 1  # qa-skill: allow -- r", "", "generic-secret"));
    // Not in a comment.
    CHECK_FALSE(suppressed("x = 'qa-skill: allow jwt -- r'", "", "jwt"));
    // The line above has code: its trailing directive is for itself, not for this line.
    CHECK_FALSE(suppressed(code, "y = 2  # qa-skill: allow jwt -- r", "jwt"));
    // Two lines above does not count (only the caller's previous line is looked at).
    CHECK_FALSE(suppressed(code, "", "jwt"));
    // Misspelt directive.
    CHECK_FALSE(suppressed("x  # qa-skill: allowjwt -- r", "", "jwt"));
    CHECK_FALSE(suppressed("x  # qa-skill allow jwt -- r", "", "jwt"));
}

TEST_CASE("a directive may name a rule as <lens>/<id>, as the reports show it", "[rules]") {
    CHECK(suppressed("k = 1  # qa-skill: allow security/aws-access-key-id -- fixture", "",
                     "aws-access-key-id"));
    CHECK(suppressed("k = 1", "// qa-skill: allow style/trailing-whitespace -- r",
                     "trailing-whitespace"));
    CHECK_FALSE(suppressed("k = 1  # qa-skill: allow security/aws -- r", "", "aws-access-key-id"));
}

TEST_CASE("directive problems: malformed, no reason, unknown id, allow-file per line", "[rules]") {
    using qa::rules::directive_problems;
    using qa::rules::RuleScope;
    const qa::rules::RuleKnown known = [](std::string_view id) {
        if (id == "aws-access-key-id") {
            return RuleScope::line;
        }
        return id == "missing-final-newline" ? RuleScope::file : RuleScope::unknown;
    };
    const auto one = [&](std::string_view line) {
        const auto problems = directive_problems(line, known);
        REQUIRE(problems.size() == 1);
        return problems.front();
    };
    // Well-formed: nothing to say, also with <lens>/<id> and in a block comment.
    CHECK(
        directive_problems("k = 1  # qa-skill: allow aws-access-key-id -- fixture", known).empty());
    CHECK(
        directive_problems("/* qa-skill: allow security/aws-access-key-id -- r */", known).empty());
    CHECK(directive_problems("# qa-skill: allow-file missing-final-newline -- generated", known)
              .empty());
    // Not directives: the tool named otherwise, code, a quoted example.
    CHECK(directive_problems("# run qa-skill run --staged first", known).empty());
    CHECK(directive_problems("x = 'qa-skill:allow jwt'", known).empty());
    CHECK(directive_problems("/// write `qa-skill: allow <rule-id> -- <reason>`", known).empty());
    CHECK(directive_problems("f(\"# qa-skill: allow nothing\")", known).empty());

    CHECK(one("k = 1  # qa-skill:allow aws-access-key-id -- r").starts_with("Malformed"));
    CHECK(one("k = 1  # qa-skill allow aws-access-key-id -- r").starts_with("Malformed"));
    CHECK(one("k = 1  # qa-skill: allow").starts_with("Malformed"));
    CHECK(one("k = 1  # qa-skill: allow -- reason").find("names no rule") != std::string::npos);
    CHECK(one("k = 1  # qa-skill: allow aws-access-key-id") ==
          "Inline suppression of aws-access-key-id without a reason suppresses nothing: add ` -- "
          "<reason>`");
    CHECK(one("k = 1  # qa-skill: allow aws-access-key-id --   ").find("without a reason") !=
          std::string::npos);
    CHECK(one("k = 1  # qa-skill: allow aws-key -- r") ==
          "Inline suppression names no known rule: aws-key");
    CHECK(one("k = 1  # qa-skill: allow security/aws-key -- r") ==
          "Inline suppression names no known rule: security/aws-key");
    CHECK(one("# qa-skill: allow-file aws-access-key-id -- r").find("covers the file checks") !=
          std::string::npos);
    // One problem per fault: no reason and an unknown id.
    CHECK(directive_problems("k  # qa-skill: allow nope", known).size() == 2);
}

TEST_CASE("allow-file directives name the file checks they suppress", "[rules]") {
    using qa::rules::file_allowed_ids;
    const auto ids = file_allowed_ids(
        "line one\n# qa-skill: allow-file style/missing-final-newline, oversize-file -- made so\n"
        "# qa-skill: allow-file crlf-in-lf-file\n"        // no reason: nothing
        "x = 'qa-skill: allow-file build-output -- r'\n"  // not in a comment
        "last");
    CHECK(ids == std::set<std::string>{"missing-final-newline", "oversize-file"});
}

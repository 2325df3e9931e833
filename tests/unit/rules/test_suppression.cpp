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

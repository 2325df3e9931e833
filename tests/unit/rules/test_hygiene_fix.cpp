// fix_hygiene fixes exactly what check_hygiene reports (what `qa-skill fix` applies).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rules/hygiene_fix.hpp"

using qa::rules::fix_hygiene;
using qa::rules::HygieneInput;

namespace {

qa::rules::HygieneFix fix(const std::string& content, std::vector<std::uint32_t> lines = {},
                          const std::set<std::string>& disabled = {}) {
    return fix_hygiene(HygieneInput{"a.txt", content, content.size(), lines, UINT64_MAX}, disabled);
}

}  // namespace

TEST_CASE("fix_hygiene removes trailing whitespace, makes CRLF lines LF and ends the file",
          "[rules][hygiene]") {
    const auto all = fix("a  \nb\t\r\nc\nd");
    CHECK(all.content == "a\nb\nc\nd\n");
    CHECK(all.trailingWhitespace == 2);
    CHECK(all.crlf == 1);
    CHECK(all.finalNewline);
    CHECK(all.describe() ==
          "trailing whitespace removed on 2 line(s), 1 CRLF line ending(s) made LF, final "
          "newline added");

    // Only the lines asked for: line 1 keeps its spaces, line 2 loses them.
    const auto added = fix("a  \nb  \nc\n", {2});
    CHECK(added.content == "a  \nb\nc\n");
    CHECK(added.trailingWhitespace == 1);

    // A CRLF file stays CRLF: its trailing spaces go, its CRs stay, its last line gets CRLF.
    const auto crlf = fix("a \r\nb\r\nc");
    CHECK(crlf.content == "a\r\nb\r\nc\r\n");
    CHECK(crlf.crlf == 0);

    // Nothing to fix, a binary file, a suppressed line, a disabled rule: unchanged.
    CHECK_FALSE(fix("clean\n").changed());
    CHECK_FALSE(fix(std::string("x  \n\0y  \n", 9)).changed());
    const std::string allowed = "keep  \n# qa-skill: allow-file trailing-whitespace -- needed\n";
    CHECK_FALSE(fix(allowed).changed());
    CHECK_FALSE(fix("a\r\nb\n", {}, {"crlf-in-lf-file"}).changed());
    // Mixed indentation needs a person.
    CHECK_FALSE(fix(" \tx\n").changed());
}

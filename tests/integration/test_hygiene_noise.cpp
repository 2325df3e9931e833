// Hygiene that speaks about the change (issue 26 item 10): `oversize-file` judges only a file the
// change adds or grows (an all-files run: one HEAD does not hold at that size), and a problem
// repeated on many lines of a file (`crlf-in-lf-file` on 120 lines) is one finding with a count,
// in the terminal, the JSON report, SARIF (occurrenceCount) and the baseline, whose fingerprint
// is the one its first line had.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "support/json_member.hpp"

using qa::json::Value;
using qa::test::HookSandbox;
using qa::test::member;
using qa::test::ProcResult;

namespace {

/// Every finding of rule `rule` (without its lens) in a `--format json` report.
std::vector<Value> findings_of(const ProcResult& r, const std::string& rule) {
    INFO(r.describe());
    const Value doc = qa::json::parse(r.out);
    std::vector<Value> out;
    for (const auto& run : member(doc, "runs").as_array()) {
        for (const auto& lens : member(member(run, "skillResult"), "lensResults").as_array()) {
            for (const auto& f : member(lens, "findings").as_array()) {
                if (member(f, "ruleId").as_string() == rule) {
                    out.push_back(f);
                }
            }
        }
    }
    return out;
}

/// `n` bytes of binary content (a NUL byte first), different for each `seed`.
std::string binary(std::size_t n, char seed) {
    std::string s(n, seed);
    s[0] = '\0';
    return s;
}

const std::string kLimit = "[lenses.style]\noptions = { max_file_bytes = 1000 }\n";

}  // namespace

TEST_CASE("oversize-file judges the files a change adds or grows, not an old large file",
          "[hygiene][hooks][oversize]") {
    HookSandbox sb;
    const auto repo = sb.installed_repo("logo");
    sb.add_file(repo, ".qa-skill.toml", kLimit);
    sb.add_file(repo, "logo.png", binary(5000, 'L'));  // committed long ago, over the limit
    REQUIRE(sb.git_in(repo, "commit -q --no-verify -m 'the old logo'").exit_code == 0);

    // A whole-tree run: the logo is in HEAD at this size, so it is not judged.
    const ProcResult all = sb.qa(repo, "run --all-files --no-artifacts --format json");
    INFO(all.describe());
    CHECK(all.exit_code == 0);
    CHECK(findings_of(all, "oversize-file").empty());
    // The pre-commit framework's `run --all-files` names every file to the hook: the same.
    const ProcResult named = sb.hook(repo, "pre-commit logo.png README.md .qa-skill.toml");
    INFO(named.describe());
    CHECK(named.exit_code == 0);
    CHECK(named.all().find("oversize-file") == std::string::npos);

    // A new large file staged: judged, in the all-files run and by the commit hook.
    sb.add_file(repo, "banner.png", binary(3000, 'B'));
    const ProcResult with_new = sb.qa(repo, "run --all-files --no-artifacts --format json");
    INFO(with_new.describe());
    CHECK(with_new.exit_code == 1);
    const auto found = findings_of(with_new, "oversize-file");
    REQUIRE(found.size() == 1);
    CHECK(member(found[0], "file").as_string() == "banner.png");
    const ProcResult named_new = sb.hook(repo, "pre-commit logo.png banner.png");
    INFO(named_new.describe());
    CHECK(named_new.all().find("banner.png") != std::string::npos);
    CHECK(named_new.all().find("oversize-file") != std::string::npos);
    const std::string head = sb.rev_parse(repo, "HEAD");
    const ProcResult refused = sb.git_in(repo, "commit -q -m banner");
    INFO(refused.describe());
    CHECK(refused.exit_code != 0);
    CHECK(refused.err.find("oversize-file") != std::string::npos);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
    REQUIRE(sb.git_in(repo, "rm -q --cached banner.png").exit_code == 0);

    // The logo shrinks (still over the limit), then moves: neither grows it, both commit.
    sb.add_file(repo, "logo.png", binary(4000, 'M'));
    const ProcResult smaller = sb.git_in(repo, "commit -q -m 'a smaller logo'");
    INFO(smaller.describe());
    CHECK(smaller.exit_code == 0);
    REQUIRE(sb.git_in(repo, "mv logo.png assets-logo.png").exit_code == 0);
    const ProcResult moved = sb.git_in(repo, "commit -q -m 'move the logo'");
    INFO(moved.describe());
    CHECK(moved.exit_code == 0);

    // It grows: judged again.
    sb.add_file(repo, "assets-logo.png", binary(4500, 'N'));
    const std::string before = sb.rev_parse(repo, "HEAD");
    const ProcResult grown = sb.git_in(repo, "commit -q -m 'a larger logo'");
    INFO(grown.describe());
    CHECK(grown.exit_code != 0);
    CHECK(grown.err.find("assets-logo.png") != std::string::npos);
    CHECK(grown.err.find("oversize-file") != std::string::npos);
    CHECK(sb.rev_parse(repo, "HEAD") == before);
}

TEST_CASE("a hygiene problem repeated on many lines is one finding with a count",
          "[hygiene][report][sarif][baseline]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("crlf");
    // An LF file with 120 CRLF lines (3 to 122) and trailing spaces on two lines.
    std::string text = "first line\nsecond line  \n";
    for (int i = 0; i < 120; ++i) {
        text += "line " + std::to_string(i) + "\r\n";
    }
    text += "last line \n";
    sb.add_file(repo, "notes.txt", text);

    const ProcResult json = sb.qa(repo, "run --staged --no-artifacts --format json");
    INFO(json.describe());
    CHECK(json.exit_code == 0);  // neither rule blocks by default
    const auto crlf = findings_of(json, "crlf-in-lf-file");
    REQUIRE(crlf.size() == 1);
    CHECK(member(crlf[0], "startLine").as_integer() == 3);
    const Value& evidence = member(crlf[0], "evidence");
    CHECK(member(evidence, "occurrences").as_integer() == 120);
    const auto& lines = member(evidence, "occurrenceLines").as_array();
    REQUIRE(lines.size() == 100);  // the first hundred are listed; the count says how many
    CHECK(lines.front().as_integer() == 3);
    CHECK(lines.back().as_integer() == 102);
    CHECK(member(crlf[0], "summary").as_string() ==
          "CRLF line ending in a file that uses LF (120 lines: 3, 4, 5, 6, 7 and 115 more)");
    const auto spaces = findings_of(json, "trailing-whitespace");
    REQUIRE(spaces.size() == 1);
    CHECK(member(spaces[0], "startLine").as_integer() == 2);
    CHECK(member(member(spaces[0], "evidence"), "occurrences").as_integer() == 2);

    // The terminal says it once.
    const ProcResult text_report = sb.qa(repo, "run --staged --no-artifacts -v");
    INFO(text_report.describe());
    const std::string shown = text_report.all();
    std::size_t mentions = 0;
    for (auto at = shown.find("crlf-in-lf-file"); at != std::string::npos;
         at = shown.find("crlf-in-lf-file", at + 1)) {
        ++mentions;
    }
    CHECK(mentions == 1);
    CHECK(shown.find("(120 lines: 3, 4, 5, 6, 7 and 115 more)") != std::string::npos);

    // SARIF: one result, its occurrenceCount the number of lines.
    const ProcResult sarif = sb.qa(repo, "run --staged --no-artifacts --format sarif");
    INFO(sarif.describe());
    const Value doc = qa::json::parse(sarif.out);
    std::size_t results = 0;
    for (const auto& run : member(doc, "runs").as_array()) {
        for (const auto& result : member(run, "results").as_array()) {
            if (member(result, "ruleId").as_string() == "style/crlf-in-lf-file") {
                ++results;
                CHECK(member(result, "occurrenceCount").as_integer() == 120);
            }
        }
    }
    CHECK(results == 1);

    // The fingerprint is the first line's, as when it was reported line by line: a baseline
    // made while the file had one CRLF line accepts the merged finding.
    const auto one = sb.repo_with_commit("one");
    sb.add_file(one, "notes.txt", "a\nb\r\nc\n");
    REQUIRE(sb.git_in(one, "commit -q --no-verify -m notes").exit_code == 0);
    const ProcResult created = sb.qa(one, "baseline create");
    INFO(created.describe());
    REQUIRE(created.exit_code == 0);
    sb.git_ok(one, "add .qa-skill-baseline.json");
    sb.add_file(one, "notes.txt", "a\nb\r\nc\r\nd\r\ne\n");
    const ProcResult after = sb.qa(one, "run --staged --no-artifacts --format json");
    INFO(after.describe());
    const auto merged = findings_of(after, "crlf-in-lf-file");
    REQUIRE(merged.size() == 1);
    CHECK(member(member(merged[0], "evidence"), "occurrences").as_integer() == 2);
    CHECK(member(merged[0], "evidence").find("baselineFingerprint") != nullptr);
}

// The built-in security and style lenses share one compiled rule set and one scan of each file:
// through `qa-skill run --all-files`, each lens still reports exactly its own rules, the
// style lens's own max_file_bytes decides oversize-file for text and binary files alike, and
// the findings are the same whatever the worker count, and a changes_only rule speaks only about
// what a change adds.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "json/parse.hpp"
#include "support/baseline_fixture.hpp"
#include "support/hook_fixture.hpp"
#include "support/json_member.hpp"

using qa::json::Value;
using qa::test::HookSandbox;
using qa::test::member;
using qa::test::ProcResult;

namespace {

/// (lens/rule, file) of every finding of a `--format json` report.
std::multiset<std::pair<std::string, std::string>> findings_of(const ProcResult& r) {
    INFO(r.describe());
    const Value doc = qa::json::parse(r.out);
    std::multiset<std::pair<std::string, std::string>> out;
    for (const auto& run : member(doc, "runs").as_array()) {
        for (const auto& lens : member(member(run, "skillResult"), "lensResults").as_array()) {
            for (const auto& f : member(lens, "findings").as_array()) {
                out.emplace(member(f, "lensId").as_string() + "/" + member(f, "ruleId").as_string(),
                            member(f, "file").as_string());
            }
        }
    }
    return out;
}

}  // namespace

TEST_CASE("security and style share one scan and each reports only its own rules",
          "[lenses][rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    // A secret, a leftover debug statement and trailing whitespace in one file; a text file and a
    // binary file over the style lens's 64-byte limit; a small file under it.
    sb.add_file(repo, "app.js",
                "const token = \"" + qa::test::fake_github_token(7) +
                    "\";\nconsole.log(token);   \ndebugger;\n");
    sb.add_file(repo, "small.txt", "small\n");
    sb.add_file(repo, ".qa-skill.toml", "[lenses.style]\noptions = { max_file_bytes = 64 }\n");
    REQUIRE(sb.git_in(repo, "commit -q --no-verify -m files").exit_code == 0);
    // Staged, not committed: an all-files run judges the size of what HEAD does not hold yet.
    sb.add_file(repo, "big.txt", std::string(100, 'a') + "\n");
    sb.add_file(repo, "big.bin", std::string("\0\1\2", 3) + std::string(100, 'b'));

    std::map<std::string, std::multiset<std::pair<std::string, std::string>>> by_jobs;
    for (const char* jobs : {"1", "2", "4"}) {
        const ProcResult r =
            sb.qa(repo, std::string("run --all-files --no-artifacts --format json --jobs ") + jobs);
        INFO(r.describe());
        REQUIRE(r.exit_code == 1);  // the secret blocks
        by_jobs[jobs] = findings_of(r);
    }
    CHECK(by_jobs["1"] == by_jobs["2"]);
    CHECK(by_jobs["1"] == by_jobs["4"]);
    const auto& found = by_jobs["1"];
    using F = std::pair<std::string, std::string>;
    CHECK(found.count(F{"security/github-pat", "app.js"}) == 1);
    CHECK(found.count(F{"style/debug-debugger-statement", "app.js"}) == 1);
    // changes_only: console.log is ordinary code in a whole-tree audit ...
    CHECK(found.count(F{"style/debug-console-log", "app.js"}) == 0);
    CHECK(found.count(F{"style/trailing-whitespace", "app.js"}) == 1);
    CHECK(found.count(F{"style/oversize-file", "big.txt"}) == 1);
    CHECK(found.count(F{"style/oversize-file", "big.bin"}) == 1);
    CHECK(found.count(F{"style/oversize-file", "small.txt"}) == 0);
    for (const auto& [rule, file] : found) {
        INFO(rule << " in " << file);
        // No rule reported under the other lens's name.
        CHECK((rule.rfind("security/", 0) == 0 || rule.rfind("style/", 0) == 0 ||
               rule.rfind("architecture/", 0) == 0));
        CHECK(rule != "security/debug-console-log");
        CHECK(rule != "style/github-pat");
    }

    // ... and reported when a change adds it.
    qa::test::write_file(repo / "app.js",
                         qa::test::read_bytes(repo / "app.js") + "console.log(1);\n");
    REQUIRE(sb.git_in(repo, "add app.js").exit_code == 0);
    const ProcResult staged = sb.qa(repo, "run --staged --no-artifacts --format json");
    INFO(staged.describe());
    const auto in_change = findings_of(staged);
    CHECK(in_change.count(F{"style/debug-console-log", "app.js"}) == 1);
    CHECK(in_change.count(F{"security/github-pat", "app.js"}) == 0);  // not on an added line
}

TEST_CASE("a disabled rule lens adds nothing to the shared scan, the other still reports",
          "[lenses][rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(
        repo, "app.js",
        "const token = \"" + qa::test::fake_github_token(11) + "\";\nconsole.log(token);   \n");
    REQUIRE(sb.git_in(repo, "commit -q --no-verify -m files").exit_code == 0);
    // Outside the tree, through --config, so that --all-files does not scan the config itself.
    const auto config = sb.root() / "ci.toml";
    qa::test::write_file(config, "[lenses.style]\nenabled = false\n");

    const ProcResult r = sb.qa(repo, "run --all-files --no-artifacts --format json --config " +
                                         qa::test::shell_quote(config.string()));
    INFO(r.describe());
    REQUIRE(r.exit_code == 1);
    const auto found = findings_of(r);
    using F = std::pair<std::string, std::string>;
    CHECK(found.count(F{"security/github-pat", "app.js"}) == 1);
    for (const auto& [rule, file] : found) {
        INFO(rule << " in " << file);
        CHECK(rule.rfind("style/", 0) != 0);
    }
}

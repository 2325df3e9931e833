// qa-skill-hook's outputs: --dry-run (plan and verdict, never blocking), --format json and
// --format sarif.
#include <catch2/catch.hpp>

#include <regex>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "support/json_member.hpp"

namespace fs = std::filesystem;
using qa::json::Value;
using qa::test::HookSandbox;
using qa::test::member;
using qa::test::ProcResult;

TEST_CASE("qa-skill-hook --dry-run prints plan and verdict and exits 0 on FAIL",
          "[hooks][output]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "src/app.py", qa::test::conflicted_python());

    const ProcResult r = sb.hook(repo, "--dry-run");
    INFO(r.describe());
    REQUIRE(r.exited);
    CHECK(r.exit_code == 0);
    CHECK(r.all().find("FAIL") != std::string::npos);
    CHECK(r.all().find("src/app.py:2") != std::string::npos);
    // The plan: at least one "#<ordinal>  <lens>" line.
    CHECK(std::regex_search(r.all(), std::regex(R"(#\d+\s+[a-z]+)")));

    // The same staged change through the real hook entry blocks.
    const ProcResult pre = sb.hook(repo, "pre-commit");
    INFO(pre.describe());
    CHECK(pre.exit_code == 1);

    // A clean change: still exit 0, verdict PASS.
    sb.git_ok(repo, "rm -q --cached src/app.py");
    fs::remove(repo / "src/app.py");
    sb.add_file(repo, "src/ok.py", "def ok():\n    return True\n");
    const ProcResult clean = sb.hook(repo, "--dry-run");
    INFO(clean.describe());
    CHECK(clean.exit_code == 0);
    CHECK(clean.all().find("PASS") != std::string::npos);
    CHECK(clean.all().find("FAIL") == std::string::npos);
}

TEST_CASE("qa-skill-hook pre-commit --format json and --format sarif", "[hooks][output]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "src/app.py", qa::test::conflicted_python());

    // The rule id as the text report names it on the marker's line (after the severity).
    const ProcResult text = sb.hook(repo, "pre-commit");
    INFO(text.describe());
    REQUIRE(text.exit_code == 1);
    std::smatch m;
    const std::string err = text.err;
    REQUIRE(std::regex_search(err, m, std::regex(R"(src/app\.py:2(?::\d+)?\s+\S+\s+(\S+))")));
    const std::string rule = m[1].str();
    INFO("rule " << rule);

    const ProcResult json = sb.hook(repo, "pre-commit --format json");
    INFO(json.describe());
    CHECK(json.exit_code == 1);
    const Value doc = qa::json::parse(json.out);
    CHECK(member(doc, "status").as_string() == "FAIL");
    const auto& runs = member(doc, "runs").as_array();
    REQUIRE(runs.size() == 1);
    CHECK(member(runs[0], "skillResult").is_object());
    CHECK(json.out.find(rule.substr(rule.find('/') + 1)) != std::string::npos);

    const ProcResult sarif = sb.hook(repo, "pre-commit --format sarif");
    INFO(sarif.describe());
    CHECK(sarif.exit_code == 1);
    CHECK(sarif.out.find("\"version\":\"2.1.0\"") != std::string::npos);
    const Value s = qa::json::parse(sarif.out);
    CHECK(member(s, "version").as_string() == "2.1.0");
    bool found = false;
    for (const auto& run : member(s, "runs").as_array()) {
        for (const auto& result : member(run, "results").as_array()) {
            const auto& loc = member(result, "locations").as_array();
            REQUIRE(!loc.empty());
            const auto& phys = member(loc[0], "physicalLocation");
            const auto& uri = member(member(phys, "artifactLocation"), "uri").as_string();
            const auto line = member(member(phys, "region"), "startLine").as_integer();
            const auto& id = member(result, "ruleId").as_string();
            if (uri == "src/app.py" && line == qa::test::kConflictMarkerLine &&
                id.find(rule) != std::string::npos) {
                found = true;
            }
        }
    }
    CHECK(found);

    // A clean change: JSON status PASS, exit 0.
    sb.git_ok(repo, "rm -q --cached src/app.py");
    sb.add_file(repo, "src/ok.py", "def ok():\n    return True\n");
    const ProcResult pass = sb.hook(repo, "pre-commit --format json");
    INFO(pass.describe());
    CHECK(pass.exit_code == 0);
    CHECK(member(qa::json::parse(pass.out), "status").as_string() == "PASS");
}

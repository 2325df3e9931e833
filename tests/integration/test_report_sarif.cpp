// SARIF through the real binaries, every output path validated against the vendored SARIF 2.1.0
// schema (and by Sarif.Multitool when QA_SARIF_MULTITOOL is set): percent-encoded URIs, rules
// from the rule data, columns, baselined findings, one run per pushed ref, and a FAIL without
// findings reported through invocations.
#include <catch2/catch.hpp>

#include <set>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "support/json_member.hpp"
#include "support/report_fixture.hpp"
#include "support/sarif_check.hpp"

using qa::json::Value;
using qa::test::config_py;
using qa::test::fake_aws_key;
using qa::test::HookSandbox;
using qa::test::member;
using qa::test::ProcResult;

namespace {

/// The SARIF of `r`, after checking it is valid and that the process exited with `code`.
Value valid_sarif(const ProcResult& r, int code) {
    INFO(r.describe());
    CHECK(r.exit_code == code);
    const auto problems = qa::test::sarif_problems(r.out);
    for (const auto& p : problems) {
        UNSCOPED_INFO(p);
    }
    CHECK(problems.empty());
    return qa::json::parse(r.out);
}

const Value* find_result(const Value& sarif, const std::string& rule_suffix) {
    for (const auto& run : member(sarif, "runs").as_array()) {
        for (const auto& result : member(run, "results").as_array()) {
            const auto& id = member(result, "ruleId").as_string();
            if (id.size() >= rule_suffix.size() &&
                id.compare(id.size() - rule_suffix.size(), rule_suffix.size(), rule_suffix) == 0) {
                return &result;
            }
        }
    }
    return nullptr;
}

const Value* find_rule(const Value& run, const std::string& id) {
    for (const auto& rule : member(member(member(run, "tool"), "driver"), "rules").as_array()) {
        if (member(rule, "id").as_string() == id) {
            return &rule;
        }
    }
    return nullptr;
}

const std::string kUnicodeName =
    "dir with space/\xC3\xBCn\xC3\xAF"
    "c\xC3\xB8"
    "d\xC3\xA9.py";
const std::string kUnicodeUri = "dir%20with%20space/%C3%BCn%C3%AFc%C3%B8d%C3%A9.py";

}  // namespace

TEST_CASE("SARIF of a blocked commit: valid, encoded URI, columns, rules from the rule data",
          "[report][sarif]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, kUnicodeName, config_py(fake_aws_key(11)));
    sb.add_file(repo, "db.py",
                "def f(cur, user_id):\n"
                "    cur.execute(\"SELECT * FROM t WHERE id = %s\" % user_id)\n");

    for (const std::string args : {"pre-commit --format sarif", "--dry-run --format sarif"}) {
        const Value s = valid_sarif(sb.hook(repo, args), args == "pre-commit --format sarif");
        const auto& runs = member(s, "runs").as_array();
        REQUIRE(runs.size() == 1);
        const Value* key = find_result(s, "/aws-access-key-id");
        REQUIRE(key != nullptr);
        CHECK(member(*key, "level").as_string() == "error");
        const auto& phys = member(member(*key, "locations").as_array()[0], "physicalLocation");
        CHECK(member(member(phys, "artifactLocation"), "uri").as_string() == kUnicodeUri);
        const auto& region = member(phys, "region");
        CHECK(member(region, "startLine").as_integer() == 2);
        CHECK(member(region, "startColumn").as_integer() == 15);
        CHECK(member(region, "endColumn").as_integer() == 35);

        const Value* rule = find_rule(runs[0], "security/aws-access-key-id");
        REQUIRE(rule != nullptr);
        CHECK(member(member(*rule, "shortDescription"), "text").as_string() ==
              "AWS access key ID.");
        CHECK(member(member(*rule, "fullDescription"), "text")
                  .as_string()
                  .starts_with("AWS access key ID."));
        CHECK(member(member(*rule, "help"), "text")
                  .as_string()
                  .starts_with("Deactivate the key in AWS IAM"));
        const auto& props = member(*rule, "properties");
        CHECK(member(props, "security-severity").as_string() == "9.5");
        bool security_tag = false;
        for (const auto& t : member(props, "tags").as_array()) {
            security_tag = security_tag || t.as_string() == "security";
        }
        CHECK(security_tag);
        // Never a finding's (masked) evidence as the rule's text.
        CHECK(member(member(*rule, "shortDescription"), "text").as_string().find('*') ==
              std::string::npos);

        // The non-blocking SQL finding is a warning, and its rule is described by its data.
        const Value* sql = find_result(s, "/sql-injection-python");
        REQUIRE(sql != nullptr);
        CHECK(member(*sql, "level").as_string() == "warning");
        const auto& inv = member(runs[0], "invocations").as_array();
        REQUIRE(inv.size() == 1);
        CHECK(member(inv[0], "executionSuccessful").as_bool());
    }
}

TEST_CASE("SARIF of a PASS, of a FAIL without findings and of an empty push are valid",
          "[report][sarif]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "ok.py", "def ok():\n    return 1\n");

    const Value pass = valid_sarif(sb.hook(repo, "pre-commit --format sarif"), 0);
    CHECK(member(member(pass, "runs").as_array()[0], "results").as_array().empty());

    // No base to compare with: the run fails without a finding, and SARIF says the tool could
    // not do its job, and why.
    const Value nobase = valid_sarif(sb.qa(repo, "run --format sarif"), 1);
    const auto& inv = member(member(nobase, "runs").as_array()[0], "invocations").as_array();
    REQUIRE(inv.size() == 1);
    CHECK_FALSE(member(inv[0], "executionSuccessful").as_bool());
    REQUIRE(inv[0].find("toolExecutionNotifications") != nullptr);
    CHECK(!member(inv[0], "toolExecutionNotifications").as_array().empty());

    // A push of a deletion only: nothing checked, still one valid (empty) run.
    const std::string zeros(40, '0');
    const Value del = valid_sarif(
        sb.hook(repo, "pre-push origin /nowhere --format sarif",
                "(delete) " + zeros + " refs/heads/gone " + sb.git_ok(repo, "rev-parse HEAD")),
        0);
    CHECK(member(del, "runs").as_array().size() == 1);

    // Every tracked file, with a PASS.
    valid_sarif(sb.qa(repo, "run --all-files --format sarif"), 0);
}

TEST_CASE("SARIF of a two-ref push has one run per ref, each named", "[report][sarif][push]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const std::string zeros(40, '0');
    sb.git_ok(repo, "checkout -q -b one");
    sb.add_file(repo, "config.py", config_py(fake_aws_key(12)));
    sb.git_ok(repo, "commit -q -m one");
    const std::string one = sb.git_ok(repo, "rev-parse HEAD");
    sb.git_ok(repo, "checkout -q -b two main");
    sb.add_file(repo, "ok.py", "def ok():\n    return 1\n");
    sb.git_ok(repo, "commit -q -m two");
    const std::string two = sb.git_ok(repo, "rev-parse HEAD");
    auto trim = [](const std::string& s) { return s.substr(0, s.find_last_not_of('\n') + 1); };

    const std::string input = "refs/heads/one " + trim(one) + " refs/heads/one " + zeros +
                              "\nrefs/heads/two " + trim(two) + " refs/heads/two " + zeros + "\n";
    const Value s = valid_sarif(sb.hook(repo, "pre-push origin /nowhere --format sarif", input), 1);
    const auto& runs = member(s, "runs").as_array();
    // Each ref's net change, and each ref's commit message judged in a run of its own.
    REQUIRE(runs.size() == 4);
    std::set<std::string> ids;
    for (const auto& run : runs) {
        ids.insert(member(member(run, "automationDetails"), "id").as_string());
    }
    CHECK(ids.size() == 4);
    CHECK(ids.count("qa-skill/refs/heads/one -> refs/heads/one/") == 1);
    CHECK(ids.count("qa-skill/refs/heads/two -> refs/heads/two/") == 1);
}

TEST_CASE("SARIF marks baselined findings unchanged and accepted, not as errors",
          "[report][sarif][baseline]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "config.py", config_py(fake_aws_key(13)));
    sb.git_ok(repo, "commit -q --no-verify -m legacy");
    const ProcResult create = sb.qa(repo, "baseline create");
    INFO(create.describe());
    REQUIRE(create.exit_code == 0);
    sb.git_ok(repo, "add .qa-skill-baseline.json");
    sb.git_ok(repo, "commit -q --no-verify -m baseline");

    const Value s = valid_sarif(sb.qa(repo, "run --all-files --format sarif"), 0);
    const Value* key = find_result(s, "/aws-access-key-id");
    REQUIRE(key != nullptr);
    CHECK(member(*key, "baselineState").as_string() == "unchanged");
    CHECK(member(*key, "level").as_string() != "error");
    const auto& sup = member(*key, "suppressions").as_array();
    REQUIRE(sup.size() == 1);
    CHECK(member(sup[0], "kind").as_string() == "external");
    CHECK(member(sup[0], "status").as_string() == "accepted");
}

TEST_CASE("columns count characters, in SARIF (columnKind) and in the text report",
          "[report][sarif]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    // "é" is two bytes and "€" three: the key starts at byte 20 but at character 17.
    const std::string key = fake_aws_key(13);
    sb.add_file(repo, "conf.py", "N = \"\xC3\xA9\xE2\x82\xAC\" ; K = \"" + key + "\"\n");
    const ProcResult text = sb.hook(repo, "pre-commit");
    INFO(text.describe());
    CHECK(text.exit_code == 1);
    CHECK(text.err.find("conf.py:1:17  critical  aws-access-key-id") != std::string::npos);

    const Value s = valid_sarif(sb.hook(repo, "pre-commit --format sarif"), 1);
    const auto& runs = member(s, "runs").as_array();
    REQUIRE(runs.size() == 1);
    CHECK(member(runs[0], "columnKind").as_string() == "unicodeCodePoints");
    const Value* found = find_result(s, "/aws-access-key-id");
    REQUIRE(found != nullptr);
    const auto& region =
        member(member(member(*found, "locations").as_array()[0], "physicalLocation"), "region");
    CHECK(member(region, "startColumn").as_integer() == 17);
    CHECK(member(region, "endColumn").as_integer() == 37);
}

// What a FAIL and a PASS say on a terminal, through real commits and pushes with the installed
// hooks: position, rule id as a suppression names it, the rule's fix, the ways forward in order
// (and that the suggested directive and re-check command really work), counts of non-blocking
// findings, --quiet/--verbose, colour choices, grouping past 50 findings, and file names that
// cannot reach the terminal raw.
#include <catch2/catch.hpp>

#include <regex>

#include "support/hook_fixture.hpp"
#include "support/report_fixture.hpp"

using qa::test::config_py;
using qa::test::fake_aws_key;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

/// Offset of `needle` in `text`, or npos; for checking the order of the ways forward.
std::size_t at(const std::string& text, const std::string& needle) {
    return text.find(needle);
}

constexpr const char* kSqlLine =
    "    cur.execute(\"SELECT * FROM users WHERE id = %s\" % user_id)\n";

}  // namespace

TEST_CASE("a blocked commit shows position, rule, fix and the ways forward in order",
          "[report][terminal]") {
    HookSandbox sb;
    const auto repo = sb.installed_repo();
    sb.add_file(repo, "config.py", config_py(fake_aws_key(1)));

    const ProcResult r = sb.git_in(repo, "commit -m add-config");
    INFO(r.describe());
    REQUIRE(r.exit_code != 0);
    const std::string& err = r.err;
    CHECK(err.find("qa-skill: FAIL staged changes - commit blocked by 1 finding") !=
          std::string::npos);
    CHECK(err.find("config.py:2:15  critical  aws-access-key-id  AWS access key ID.") !=
          std::string::npos);
    CHECK(err.find("fix: Deactivate the key in AWS IAM") != std::string::npos);
    // The key itself never shows: only its masked form.
    CHECK(err.find(fake_aws_key(1)) == std::string::npos);
    // The ways forward, in this order, with the exact directive for the first finding.
    const auto fix = at(err, "Fix: change the code");
    const auto suppress = at(err, "# qa-skill: allow aws-access-key-id -- <reason>");
    const auto baseline = at(err, "qa-skill baseline create");
    const auto no_verify = at(err, "git commit --no-verify");
    REQUIRE(fix != std::string::npos);
    REQUIRE(suppress != std::string::npos);
    REQUIRE(baseline != std::string::npos);
    REQUIRE(no_verify != std::string::npos);
    CHECK(fix < suppress);
    CHECK(suppress < baseline);
    CHECK(baseline < no_verify);
    // No fake positions, no doubled prefixes, no jargon, no non-ASCII quotes.
    CHECK(err.find(":0:0") == std::string::npos);
    CHECK(err.find("qa-skill: qa-skill:") == std::string::npos);
    CHECK(err.find("lens plan") == std::string::npos);
    CHECK(err.find("bucket") == std::string::npos);
    CHECK(err.find("\xE2\x80") == std::string::npos);  // no typographic quotes or dashes

    // The suggested directive, with a reason filled in, lets the same commit through.
    sb.add_file(repo, "config.py",
                "import os\nAWS_KEY_ID = \"" + fake_aws_key(1) +
                    "\"  # qa-skill: allow aws-access-key-id -- test account, revoked\n");
    const ProcResult again = sb.git_in(repo, "commit -m add-config");
    INFO(again.describe());
    CHECK(again.exit_code == 0);
}

TEST_CASE("a blocked push suggests the command that re-checks it, and that command fails too",
          "[report][terminal][push]") {
    HookSandbox sb;
    const auto remote = sb.init("remote.git", true);
    const auto repo = sb.installed_repo("work");
    sb.git_ok(repo, "remote add origin " + shell_quote(remote.string()));
    REQUIRE(sb.git_in(repo, "push -q origin main").exit_code == 0);
    const std::string tip = sb.git_ok(repo, "rev-parse HEAD");
    sb.add_file(repo, "config.py", config_py(fake_aws_key(2)));
    sb.git_ok(repo, "commit -q --no-verify -m add-config");

    const ProcResult push = sb.git_in(repo, "push origin main");
    INFO(push.describe());
    REQUIRE(push.exit_code != 0);
    const std::string recheck = "qa-skill run --base " +
                                tip.substr(0, tip.find_last_not_of('\n') + 1) +
                                " --head refs/heads/main";
    CHECK(push.err.find("push blocked") != std::string::npos);
    CHECK(push.err.find(recheck) != std::string::npos);
    CHECK(push.err.find("git push --no-verify") != std::string::npos);
    CHECK(push.err.find("--dry-run") == std::string::npos);

    // The suggested command checks the same change and gives the same answer.
    const ProcResult re = sb.qa(repo, recheck.substr(std::string("qa-skill ").size()));
    INFO(re.describe());
    CHECK(re.exit_code == 1);
    CHECK(re.out.find("aws-access-key-id") != std::string::npos);
}

TEST_CASE("a PASS counts non-blocking findings, -v lists them, --quiet says nothing",
          "[report][terminal]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "db.py",
                std::string("def find(cur, user_id):\n") + kSqlLine + "    return cur\n");

    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.find("qa-skill: PASS staged changes (1 file checked; not blocking: 1 high)") !=
          std::string::npos);
    // A high-severity non-blocking finding gets its own line even without -v.
    CHECK(r.err.find("db.py:2:") != std::string::npos);
    CHECK(r.err.find("sql-injection-python") != std::string::npos);

    const ProcResult v = sb.hook(repo, "pre-commit -v");
    INFO(v.describe());
    CHECK(v.exit_code == 0);
    CHECK(v.err.find("fix: Pass values as query parameters") != std::string::npos);

    const ProcResult q = sb.hook(repo, "pre-commit --quiet");
    INFO(q.describe());
    CHECK(q.exit_code == 0);
    CHECK(q.all().empty());

    // --quiet silences a PASS only: a FAIL still explains itself.
    sb.add_file(repo, "config.py", config_py(fake_aws_key(3)));
    const ProcResult qf = sb.hook(repo, "pre-commit --quiet");
    INFO(qf.describe());
    CHECK(qf.exit_code == 1);
    CHECK(qf.err.find("aws-access-key-id") != std::string::npos);

    const ProcResult bad = sb.hook(repo, "pre-commit --quiet -v");
    CHECK(bad.exit_code == 2);
}

TEST_CASE("colour follows --color, FORCE_COLOR and TERM=dumb", "[report][terminal]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "config.py", config_py(fake_aws_key(4)));
    const std::string esc = "\033[";

    // The sandbox sets NO_COLOR=1 and output is a pipe: no colour by default.
    CHECK(sb.hook(repo, "pre-commit").err.find(esc) == std::string::npos);
    CHECK(sb.hook(repo, "pre-commit --color=always").err.find(esc) != std::string::npos);
    CHECK(sb.hook(repo, "pre-commit --color never").err.find(esc) == std::string::npos);
    CHECK(sb.in(repo, "env FORCE_COLOR=1 " + shell_quote(QA_SKILL_HOOK_BIN) + " pre-commit")
              .err.find(esc) != std::string::npos);
    CHECK(sb.in(repo, "env -u NO_COLOR TERM=dumb " + shell_quote(QA_SKILL_HOOK_BIN) +
                          " pre-commit --color=auto")
              .err.find(esc) == std::string::npos);
    const ProcResult bad = sb.hook(repo, "pre-commit --color=sometimes");
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("--color") != std::string::npos);
}

TEST_CASE("a file name with terminal escape sequences is printed quoted, never raw",
          "[report][terminal]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    // OSC 0 (set the window title) and an erase-line sequence in the name itself.
    const std::string name = "x\033]0;PASS\007\033[2Ky.py";
    sb.add_file(repo, name, config_py(fake_aws_key(5)));

    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(r.all().find('\033') == std::string::npos);
    CHECK(r.all().find('\007') == std::string::npos);
    // Quoted as git quotes it (core.quotePath): octal escapes inside double quotes.
    const std::string quoted = sb.git_ok(repo, "diff --cached --name-only");
    CHECK(quoted.find("\"x\\033]0;PASS\\a\\033[2Ky.py\"") != std::string::npos);
    CHECK(r.err.find("\"x\\033]0;PASS\\a\\033[2Ky.py\":2:15") != std::string::npos);
}

TEST_CASE("over 50 blocking findings: the first 50, then the rest grouped by rule and file",
          "[report][terminal]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    std::string a, b;
    for (std::uint32_t i = 0; i < 40; ++i) {
        a += "K" + std::to_string(i) + " = \"" + fake_aws_key(100 + i) + "\"\n";
        b += "K" + std::to_string(i) + " = \"" + fake_aws_key(200 + i) + "\"\n";
    }
    sb.add_file(repo, "a.py", a);
    sb.add_file(repo, "b.py", b);

    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    REQUIRE(r.exit_code == 1);
    CHECK(r.err.find("commit blocked by 80 findings") != std::string::npos);
    const std::regex listed(R"(\n  [ab]\.py:\d+:\d+  critical  aws-access-key-id  )");
    CHECK(std::distance(std::sregex_iterator(r.err.begin(), r.err.end(), listed),
                        std::sregex_iterator()) == 50);
    CHECK(r.err.find("... and 30 more findings, by rule and file:") != std::string::npos);
    CHECK(r.err.find("    aws-access-key-id  b.py  (30)") != std::string::npos);
    CHECK(r.err.find("all of them: ") != std::string::npos);
}

TEST_CASE("a FAIL without findings in json or sarif format says why on stderr",
          "[report][terminal]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    // No --base, no base_ref and no origin: there is nothing to compare with.
    for (const std::string format : {"json", "sarif"}) {
        const ProcResult r = sb.qa(repo, "run --format " + format);
        INFO(r.describe());
        CHECK(r.exit_code == 1);
        CHECK(r.err.find("qa-skill: FAIL") != std::string::npos);
        CHECK(r.err.find("could not complete") != std::string::npos);
        CHECK(r.err.size() > std::string("qa-skill: FAIL").size() + 40);
    }
}

TEST_CASE("over 50 high non-blocking findings: 50 lines, the rest counted by rule",
          "[report][terminal]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    std::string db;
    for (int i = 0; i < 60; ++i) {
        db += "def f" + std::to_string(i) + "(cur, uid):\n" +
              "    cur.execute(\"SELECT * FROM t WHERE id = %s\" % uid)\n";
    }
    sb.add_file(repo, "db.py", db);
    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.find("not blocking: 60 high") != std::string::npos);
    const std::regex listed(R"(\n  db\.py:\d+:\d+  high  sql-injection-python  )");
    CHECK(std::distance(std::sregex_iterator(r.err.begin(), r.err.end(), listed),
                        std::sregex_iterator()) == 50);
    CHECK(r.err.find("  ... and 10 more sql-injection-python\n") != std::string::npos);
    CHECK(r.err.find("(-v lists all 60 findings)") != std::string::npos);
}

// A repository's own say over the built-in rules, through real commits: `[rules.<id>] enabled`
// and `severity`, a lens's `block_at` threshold, and errors naming file, line and key.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"
#include "support/report_fixture.hpp"

using qa::test::config_py;
using qa::test::fake_aws_key;
using qa::test::HookSandbox;
using qa::test::ProcResult;

namespace {

constexpr const char* kSqlFile =
    "def find(cur, user_id):\n"
    "    cur.execute(\"SELECT * FROM users WHERE id = %s\" % user_id)\n";

}  // namespace

TEST_CASE("block_at makes a lens's findings at or above a severity block", "[config][rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "db.py", kSqlFile);
    CHECK(sb.hook(repo, "pre-commit").exit_code == 0);  // SQL injection does not block by itself

    sb.add_file(repo, ".qa-skill.toml", "[lenses.security]\nblock_at = \"high\"\n");
    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("db.py:2:") != std::string::npos);
    CHECK(r.err.find("high  sql-injection-python") != std::string::npos);
}

TEST_CASE("a disabled rule reports nothing, and says so with -v", "[config][rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "config.py", config_py(fake_aws_key(41)));
    CHECK(sb.hook(repo, "pre-commit").exit_code == 1);

    sb.add_file(repo, ".qa-skill.toml", "[rules.aws-access-key-id]\nenabled = false\n");
    const ProcResult r = sb.hook(repo, "pre-commit -v");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("1 finding(s) of aws-access-key-id dropped: the rule is disabled") !=
          std::string::npos);
}

TEST_CASE("a severity override changes what block_at blocks", "[config][rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml",
                "[lenses.security]\nblock_at = \"high\"\n\n"
                "[rules.aws-access-key-id]\nseverity = \"low\"\n");
    sb.commit(repo, "config");  // its own commit: what the next one does is the key alone
    sb.add_file(repo, "config.py", config_py(fake_aws_key(42)));
    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("not blocking: 1 low") != std::string::npos);
}

TEST_CASE("unknown rule ids and bad severities are config errors naming line and key",
          "[config][rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", "# mine\n[rules.no-such-rule]\nenabled = false\n");
    for (const std::string args : {"config check", "run --all-files"}) {
        const ProcResult r = sb.qa(repo, args);
        INFO(r.describe());
        CHECK(r.exit_code == 2);
        CHECK(r.err.find(".qa-skill.toml:2:") != std::string::npos);
        CHECK(r.err.find("rules.no-such-rule") != std::string::npos);
    }
    sb.add_file(repo, ".qa-skill.toml", "[rules.aws-access-key-id]\nseverity = \"urgent\"\n");
    const ProcResult bad = sb.qa(repo, "config check");
    INFO(bad.describe());
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find(".qa-skill.toml:2:") != std::string::npos);
    CHECK(bad.err.find("rules.aws-access-key-id.severity") != std::string::npos);

    sb.add_file(repo, ".qa-skill.toml", "[lenses.style]\nblock_at = \"severe\"\n");
    const ProcResult lens = sb.qa(repo, "config check");
    CHECK(lens.exit_code == 2);
    CHECK(lens.err.find("lenses.style.block_at") != std::string::npos);
}

TEST_CASE("block_at never makes a suppression pitfall block", "[config][rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", "[lenses.security]\nblock_at = \"info\"\n");
    sb.add_file(repo, "app.py", "A = 1  # qa-skill: allow no-such-rule -- typo\n");
    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("app.py:1  medium  invalid-suppression") != std::string::npos);
}

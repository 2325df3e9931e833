// Suppression pitfalls through real commits: a directive naming `security/<id>` works, a
// directive that is written wrong is reported (shown, never blocking), hygiene findings are
// suppressed like any rule's (file-level checks by `allow-file`), and symlinks are not
// hygiene-checked.
#include <catch2/catch.hpp>

#include <filesystem>

#include "support/hook_fixture.hpp"
#include "support/report_fixture.hpp"

using qa::test::fake_aws_key;
using qa::test::HookSandbox;
using qa::test::ProcResult;

TEST_CASE("a directive naming security/<id> suppresses like <id>", "[hooks][suppression]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const std::string key = fake_aws_key(51);
    sb.add_file(repo, "config.py",
                "KEY = \"" + key + "\"  # qa-skill: allow security/aws-access-key-id -- fixture\n");
    const ProcResult r = sb.hook(repo, "pre-commit -v");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("security/secrets: 1 finding(s) suppressed inline") != std::string::npos);
    CHECK(r.err.find("invalid-suppression") == std::string::npos);
    CHECK(r.err.find("unused-suppression") == std::string::npos);
}

TEST_CASE("directives written wrong are findings of their own, shown and not blocking",
          "[hooks][suppression]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "app.py",
                "A = 1  # qa-skill:allow aws-access-key-id -- typo\n"
                "B = 2  # qa-skill: allow aws-access-key-id\n"
                "C = 3  # qa-skill: allow aws-key-id -- wrong id\n");
    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("not blocking: 3 medium") != std::string::npos);
    CHECK(r.err.find("app.py:1  medium  invalid-suppression  Malformed inline suppression") !=
          std::string::npos);
    CHECK(r.err.find("app.py:2  medium  invalid-suppression  Inline suppression of "
                     "aws-access-key-id without a reason suppresses nothing") != std::string::npos);
    CHECK(r.err.find("app.py:3  medium  invalid-suppression  Inline suppression names no known "
                     "rule: aws-key-id") != std::string::npos);

    // A directive without a reason does not suppress the finding it is next to.
    const std::string key = fake_aws_key(52);
    sb.add_file(repo, "app.py", "K = \"" + key + "\"  # qa-skill: allow aws-access-key-id\n");
    const ProcResult blocked = sb.hook(repo, "pre-commit");
    INFO(blocked.describe());
    CHECK(blocked.exit_code == 1);
    CHECK(blocked.err.find("app.py:1:6  critical  aws-access-key-id") != std::string::npos);
    CHECK(blocked.err.find("invalid-suppression  Inline suppression of aws-access-key-id without "
                           "a reason") != std::string::npos);
}

TEST_CASE("hygiene findings are suppressed like any rule's, allow-file for file-level ones",
          "[hooks][suppression]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    // Without directives: trailing whitespace on line 2 and no final newline.
    sb.add_file(repo, "notes.py", "a = 1\nb = 2   \nc = 3");
    const ProcResult before = sb.hook(repo, "pre-commit -v");
    INFO(before.describe());
    CHECK(before.err.find("notes.py:2:6  low  trailing-whitespace") != std::string::npos);
    CHECK(before.err.find("missing-final-newline") != std::string::npos);

    sb.add_file(repo, "notes.py",
                "# qa-skill: allow-file missing-final-newline -- consumed by a strict parser\n"
                "a = 1\n"
                "# qa-skill: allow style/trailing-whitespace -- kept on purpose\n"
                "b = 2   \n"
                "c = 3");
    const ProcResult r = sb.hook(repo, "pre-commit -v");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    // The findings are gone; the suppressions themselves are shown (gate-weakened).
    CHECK(r.err.find("low  trailing-whitespace") == std::string::npos);
    CHECK(r.err.find("low  missing-final-newline") == std::string::npos);
    CHECK(r.err.find("invalid-suppression") == std::string::npos);
    CHECK(r.err.find("style/hygiene: 2 finding(s) suppressed inline") != std::string::npos);
    CHECK(r.err.find("gate: 1 file(s) checked, 2 suppression(s) added") != std::string::npos);
}

TEST_CASE("symlinks are not hygiene-checked", "[hooks][suppression]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    // A symlink's blob is its target's path: no final newline, and here trailing spaces.
    std::filesystem::create_symlink("README.md   ", repo / "link");
    sb.git_ok(repo, "add link");
    const ProcResult r = sb.hook(repo, "pre-commit -v");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("1 file checked") != std::string::npos);
    CHECK(r.err.find("missing-final-newline") == std::string::npos);
    CHECK(r.err.find("trailing-whitespace") == std::string::npos);
    CHECK(r.err.find("style/hygiene: 1 file(s) scanned, 0 finding(s)") != std::string::npos);
}

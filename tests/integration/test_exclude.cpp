// `exclude` at the top level and per lens through real commits: excluded files are not checked,
// and they are counted in the plan, the report and the artifacts, never dropped silently.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"
#include "support/report_fixture.hpp"

using qa::test::config_py;
using qa::test::fake_aws_key;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::read_bytes;

TEST_CASE("top-level exclude skips vendored files and counts them", "[config][exclude]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", "exclude = [\"vendor/**\", \"**/*.min.js\"]\n");
    sb.commit(repo, "config");
    sb.add_file(repo, "vendor/lib/keys.py", config_py(fake_aws_key(31)));
    sb.add_file(repo, "web/app.min.js", "const k = \"" + fake_aws_key(32) + "\";\n");
    sb.add_file(repo, "ok.py", "def ok():\n    return 1\n");

    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("(1 file checked, 2 excluded)") != std::string::npos);

    const ProcResult plan = sb.qa(repo, "plan");
    INFO(plan.describe());
    CHECK(plan.out.find("excluded by exclude patterns: 2 file(s)") != std::string::npos);

    // The artifacts say so too.
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(!dirs.empty());
    bool counted = false;
    for (const auto& d : dirs) {
        counted = counted || read_bytes(d / "final-verdict.json")
                                     .find("2 changed file(s) excluded by the exclude patterns") !=
                                 std::string::npos;
    }
    CHECK(counted);

    // A file outside the patterns is still checked.
    sb.add_file(repo, "src/keys.py", config_py(fake_aws_key(33)));
    const ProcResult fail = sb.hook(repo, "pre-commit");
    INFO(fail.describe());
    CHECK(fail.exit_code == 1);
    CHECK(fail.err.find("src/keys.py:2:15") != std::string::npos);
    CHECK(fail.err.find("vendor/") == std::string::npos);
}

TEST_CASE("a lens's exclude keeps only that lens away", "[config][exclude]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", "[lenses.security]\nexclude = [\"fixtures/\"]\n");
    sb.commit(repo, "config");
    // A fake key (security) and a conflict marker (style) in a fixture.
    sb.add_file(repo, "fixtures/sample.py",
                config_py(fake_aws_key(34)) + qa::test::conflicted_python());

    const ProcResult r = sb.hook(repo, "pre-commit -v");
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("aws-access-key-id") == std::string::npos);
    CHECK(r.err.find("merge-conflict-marker") != std::string::npos);
    CHECK(r.err.find("security: 1 file excluded by lenses.security.exclude") != std::string::npos);
    bool counted = false;
    for (const auto& d : qa::test::run_dirs(repo / ".qa-skill")) {
        counted = counted || read_bytes(d / "final-verdict.json")
                                     .find(
                                         "1 file(s) excluded from security by "
                                         "lenses.security.exclude") != std::string::npos;
    }
    CHECK(counted);
}

TEST_CASE("a malformed exclude is a config error naming the key", "[config][exclude]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", "exclude = \"vendor/**\"\n");
    const ProcResult r = sb.qa(repo, "config check");
    INFO(r.describe());
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(".qa-skill.toml:1") != std::string::npos);
    CHECK(r.err.find("exclude") != std::string::npos);
}

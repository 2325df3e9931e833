// Issue 10: inputs that used to end in an internal error (exit 3) and now are a verdict or a
// clear exit 2: file names that are not UTF-8, `config check` outside a repository, a damaged
// object. Real git, real binaries.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

TEST_CASE("a staged file name that is not UTF-8 is judged and shown as git quotes it",
          "[hooks][commit][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("latin1");
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    const std::string name = "caf\xe9.txt";
    const std::string quoted = "\"caf\\351.txt\"";  // git status / git diff with core.quotePath
    qa::test::write_file(repo / name,
                         "AWS_KEY = \"" + std::string("AKI") + "AQ2ZRXW7TN4MVCBHD\"\n");
    sb.git_ok(repo, "add -A");

    const ProcResult commit = sb.git_in(repo, "commit -q -m latin1");
    INFO(commit.describe());
    CHECK(commit.exit_code != 0);
    CHECK(commit.err.find("FAIL") != std::string::npos);
    CHECK(commit.err.find(quoted + ":1") != std::string::npos);
    CHECK(commit.err.find("internal error") == std::string::npos);

    const ProcResult hook = sb.hook(repo, "pre-commit");
    INFO(hook.describe());
    CHECK(hook.exit_code == 1);
    const auto runs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE_FALSE(runs.empty());
    bool in_artifacts = false;
    for (const auto& dir : runs) {
        // In JSON the quoted name is "\"caf\\351.txt\"".
        in_artifacts =
            in_artifacts ||
            qa::test::read_bytes(dir / "lens-plans.json").find("\\\"caf\\\\351.txt\\\"") !=
                std::string::npos;
    }
    CHECK(in_artifacts);

    const ProcResult json = sb.qa(repo, "run --staged --format json --no-artifacts");
    INFO(json.describe());
    CHECK(json.exit_code == 1);

    qa::test::write_file(repo / name, "plain = 1\n");
    sb.git_ok(repo, "add -A");
    const ProcResult clean = sb.git_in(repo, "commit -q -m latin1");
    INFO(clean.describe());
    CHECK(clean.exit_code == 0);
}

TEST_CASE("config check outside a repository checks ./.qa-skill.toml or is exit 2",
          "[cli][config][gate10]") {
    HookSandbox sb;
    const fs::path dir = sb.root() / "not-a-repo";
    fs::create_directories(dir);
    // GIT_CEILING_DIRECTORIES: no repository above the sandbox is found either.
    const std::string ceiling = "GIT_CEILING_DIRECTORIES=" + shell_quote(sb.root().string()) + " ";
    const auto config_check = [&](const std::string& args) {
        return sb.in(dir, ceiling + shell_quote(QA_SKILL_BIN) + " config " + args);
    };

    const ProcResult none = config_check("check");
    INFO(none.describe());
    CHECK(none.exit_code == 2);
    CHECK(none.err.find(".qa-skill.toml") != std::string::npos);

    qa::test::write_file(dir / ".qa-skill.toml", "run_mode = \"best_effort\"\n");
    const ProcResult ok = config_check("check");
    INFO(ok.describe());
    CHECK(ok.exit_code == 0);
    CHECK(ok.out.find("valid") != std::string::npos);

    qa::test::write_file(dir / ".qa-skill.toml", "run_mode = \"sometimes\"\n");
    const ProcResult bad = config_check("check");
    INFO(bad.describe());
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("run_mode") != std::string::npos);

    qa::test::write_file(dir / "ci.toml", "max_concurrency = 2\n");
    const ProcResult file = config_check("check ci.toml");
    INFO(file.describe());
    CHECK(file.exit_code == 0);

    const ProcResult show = config_check("show");
    INFO(show.describe());
    CHECK(show.exit_code == 2);
}

TEST_CASE("an unreadable git object is exit 2 naming the object and the cause",
          "[hooks][commit][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("damaged");
    sb.add_file(repo, "app.py", "x = 1\n");
    std::string oid = sb.git_ok(repo, "rev-parse :app.py");
    oid.resize(40);
    const fs::path object = repo / ".git" / "objects" / oid.substr(0, 2) / oid.substr(2);
    fs::permissions(object, fs::perms::owner_read | fs::perms::owner_write);
    qa::test::write_file(object, "not zlib data");

    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(oid) != std::string::npos);
    CHECK(r.err.find("app.py") != std::string::npos);
    CHECK(r.err.find("inflate") != std::string::npos);  // libgit2's reason
    CHECK(r.err.find("internal error") == std::string::npos);
}

// `qa-skill install` / `uninstall`: shims in the hooks directory git uses, chaining of an existing
// hook, idempotence, byte-identical restore.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::read_bytes;

namespace {

std::map<std::string, std::string> hooks_of(const fs::path& dir) {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.size() > 7 && name.substr(name.size() - 7) == ".sample") {
            continue;  // git's own examples
        }
        out[name] = read_bytes(e.path());
    }
    return out;
}

bool is_executable(const fs::path& p) {
    return (fs::status(p).permissions() & fs::perms::owner_exec) != fs::perms::none;
}

}  // namespace

TEST_CASE("install writes pre-commit and pre-push shims and is idempotent", "[hooks][install]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const auto hooks = repo / ".git" / "hooks";

    const ProcResult first = sb.qa(repo, "install");
    INFO(first.describe());
    REQUIRE(first.exited);
    REQUIRE(first.exit_code == 0);
    REQUIRE(fs::is_regular_file(hooks / "pre-commit"));
    REQUIRE(fs::is_regular_file(hooks / "pre-push"));
    CHECK(is_executable(hooks / "pre-commit"));
    CHECK(is_executable(hooks / "pre-push"));
    // The shims record the absolute path of qa-skill-hook.
    CHECK(read_bytes(hooks / "pre-commit").find(fs::canonical(QA_SKILL_HOOK_BIN).string()) !=
          std::string::npos);

    const auto after_first = hooks_of(hooks);
    const ProcResult second = sb.qa(repo, "install");
    INFO(second.describe());
    REQUIRE(second.exit_code == 0);
    CHECK(hooks_of(hooks) == after_first);
    CHECK(!fs::exists(hooks / "pre-commit.qa-skill-previous"));
    CHECK(!fs::exists(hooks / "pre-push.qa-skill-previous"));

    // Uninstall without a previous hook removes the shims.
    const ProcResult un = sb.qa(repo, "uninstall");
    INFO(un.describe());
    REQUIRE(un.exit_code == 0);
    CHECK(!fs::exists(hooks / "pre-commit"));
    CHECK(!fs::exists(hooks / "pre-push"));
}

TEST_CASE("install respects core.hooksPath", "[hooks][install]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    // Outside the working tree (inside it, see test_gate_user_files.cpp).
    const fs::path hooks = sb.root() / "my-hooks";
    sb.git_ok(repo, "config core.hooksPath " + qa::test::shell_quote(hooks.string()));

    const ProcResult r = sb.qa(repo, "install");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    CHECK(fs::is_regular_file(hooks / "pre-commit"));
    CHECK(fs::is_regular_file(hooks / "pre-push"));
    CHECK(!fs::exists(repo / ".git" / "hooks" / "pre-commit"));

    // git really runs it: a conflict marker is refused through the core.hooksPath shim.
    sb.add_file(repo, "app.py", qa::test::conflicted_python());
    const std::string head = sb.rev_parse(repo, "HEAD");
    const ProcResult commit = sb.git_in(repo, "commit -q -m conflict");
    INFO(commit.describe());
    CHECK(commit.exit_code != 0);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
}

TEST_CASE("install keeps an existing hook and runs it first and uninstall restores it",
          "[hooks][install]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const auto hooks = repo / ".git" / "hooks";
    // A previous hook that blocks while the file BLOCK exists and leaves a trace that it ran.
    const std::string previous =
        "#!/bin/sh\n# the team's own hook\necho ran >> \"$(git rev-parse "
        "--git-dir)/previous-ran\"\n"
        "if [ -e BLOCK ]; then echo 'previous hook says no' >&2; exit 7; fi\nexit 0\n";
    qa::test::write_file(hooks / "pre-commit", previous);
    fs::permissions(hooks / "pre-commit", fs::perms::owner_all | fs::perms::group_read |
                                              fs::perms::group_exec | fs::perms::others_read);
    const auto perms_before = fs::status(hooks / "pre-commit").permissions();

    const ProcResult r = sb.qa(repo, "install");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    REQUIRE(fs::exists(hooks / "pre-commit.qa-skill-previous"));
    CHECK(read_bytes(hooks / "pre-commit.qa-skill-previous") == previous);
    CHECK(read_bytes(hooks / "pre-commit") != previous);

    // Idempotent with a chained hook too.
    const auto after_first = hooks_of(hooks);
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    CHECK(hooks_of(hooks) == after_first);

    // The previous hook runs on a clean commit ...
    sb.add_file(repo, "clean.py", "def f():\n    return 1\n");
    const ProcResult ok = sb.git_in(repo, "commit -q -m clean");
    INFO(ok.describe());
    CHECK(ok.exit_code == 0);
    CHECK(fs::exists(repo / ".git" / "previous-ran"));

    // ... and its failure blocks a commit qa-skill alone would let through.
    qa::test::write_file(repo / "BLOCK", "");
    sb.add_file(repo, "clean2.py", "def g():\n    return 2\n");
    const std::string head = sb.rev_parse(repo, "HEAD");
    const ProcResult blocked = sb.git_in(repo, "commit -q -m blocked");
    INFO(blocked.describe());
    CHECK(blocked.exit_code != 0);
    CHECK(blocked.err.find("previous hook says no") != std::string::npos);
    CHECK(sb.rev_parse(repo, "HEAD") == head);

    const ProcResult un = sb.qa(repo, "uninstall");
    INFO(un.describe());
    REQUIRE(un.exit_code == 0);
    CHECK(read_bytes(hooks / "pre-commit") == previous);
    CHECK(fs::status(hooks / "pre-commit").permissions() == perms_before);
    CHECK(!fs::exists(hooks / "pre-commit.qa-skill-previous"));
    CHECK(!fs::exists(hooks / "pre-push"));
}

// The pre-push gate through real `git push` to a local bare remote with the installed hooks.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

/// A working repository with hooks installed, main pushed to a bare `origin`.
struct PushSetup {
    HookSandbox sb;
    fs::path remote;
    fs::path repo;

    PushSetup() {
        remote = sb.init("remote.git", true);
        repo = sb.repo_with_commit("work");
        sb.add_file(repo, "src/lib.py", "def one():\n    return 1\n");
        sb.commit(repo, "lib");
        sb.git_ok(repo, "remote add origin " + shell_quote(remote.string()));
        const ProcResult install = sb.qa(repo, "install");
        INFO(install.describe());
        REQUIRE(install.exit_code == 0);
        const ProcResult push = sb.git_in(repo, "push -q origin main");
        INFO(push.describe());
        REQUIRE(push.exit_code == 0);
    }

    std::string remote_refs() const { return sb.git_ok(remote, "for-each-ref"); }

    /// A new branch from main with one commit adding `file`; the commit skips the hooks.
    void branch_with(const std::string& branch, const std::string& file,
                     const std::string& content) const {
        sb.git_ok(repo, "checkout -q -b " + branch + " main");
        sb.add_file(repo, file, content);
        sb.git_ok(repo, "commit -q --no-verify -m " + shell_quote("add " + file));
        sb.git_ok(repo, "checkout -q main");
    }
};

}  // namespace

TEST_CASE("git push of a branch adding a conflict marker is refused", "[hooks][push]") {
    PushSetup s;
    s.branch_with("bad", "src/merge.py", qa::test::conflicted_python());
    const std::string refs_before = s.remote_refs();

    const ProcResult r = s.sb.git_in(s.repo, "push origin bad");
    INFO(r.describe());
    REQUIRE(r.exited);
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("FAIL") != std::string::npos);
    CHECK(r.err.find("src/merge.py:2") != std::string::npos);
    CHECK(s.remote_refs() == refs_before);
    CHECK(s.remote_refs().find("refs/heads/bad") == std::string::npos);
}

TEST_CASE("git push of a clean branch passes and deleting a remote branch passes",
          "[hooks][push]") {
    PushSetup s;
    s.branch_with("good", "src/two.py", "def two():\n    return 2\n");

    const ProcResult push = s.sb.git_in(s.repo, "push -q origin good");
    INFO(push.describe());
    REQUIRE(push.exit_code == 0);
    CHECK(push.all().find("PASS") != std::string::npos);
    CHECK(s.sb.git_ok(s.remote, "rev-parse refs/heads/good") ==
          s.sb.git_ok(s.repo, "rev-parse refs/heads/good"));

    const ProcResult del = s.sb.git_in(s.repo, "push -q origin --delete good");
    INFO(del.describe());
    CHECK(del.exit_code == 0);
    CHECK(s.remote_refs().find("refs/heads/good") == std::string::npos);
}

TEST_CASE("a two-ref push with only the second ref bad is refused as a whole", "[hooks][push]") {
    PushSetup s;
    s.branch_with("good", "src/two.py", "def two():\n    return 2\n");
    s.branch_with("bad", "src/merge.py", qa::test::conflicted_python());
    const std::string refs_before = s.remote_refs();

    const ProcResult r = s.sb.git_in(s.repo, "push origin good bad");
    INFO(r.describe());
    REQUIRE(r.exited);
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("src/merge.py:2") != std::string::npos);
    CHECK(s.remote_refs() == refs_before);
    CHECK(s.remote_refs().find("refs/heads/good") == std::string::npos);

    // The good ref alone still goes through.
    const ProcResult good = s.sb.git_in(s.repo, "push -q origin good");
    INFO(good.describe());
    CHECK(good.exit_code == 0);
}

TEST_CASE("a pushed branch is checked only on commits the remote lacks", "[hooks][push]") {
    PushSetup s;
    // The conflict goes to the remote with the hook bypassed; a clean commit on top then passes,
    // because only commits not on refs/remotes/origin/* are checked.
    s.branch_with("old", "src/merge.py", qa::test::conflicted_python());
    REQUIRE(s.sb.git_in(s.repo, "push -q --no-verify origin old").exit_code == 0);
    s.sb.git_ok(s.repo, "checkout -q -b newer old");
    s.sb.add_file(s.repo, "src/three.py", "def three():\n    return 3\n");
    s.sb.git_ok(s.repo, "commit -q --no-verify -m three");

    const ProcResult r = s.sb.git_in(s.repo, "push -q origin newer");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(s.remote_refs().find("refs/heads/newer") != std::string::npos);
}

TEST_CASE("git push --tags of many tags that pass prints one PASS line", "[hooks][push]") {
    PushSetup s;
    for (int i = 1; i <= 6; ++i) {
        s.sb.git_ok(s.repo, "tag v0." + std::to_string(i));
    }
    const ProcResult push = s.sb.git_in(s.repo, "push -q origin --tags");
    INFO(push.describe());
    REQUIRE(push.exit_code == 0);
    CHECK(s.remote_refs().find("refs/tags/v0.6") != std::string::npos);
    // One summary line, not one per tag (issue 26 item 11: 73 tags printed 73 lines).
    std::size_t pass_lines = 0;
    for (std::size_t at = push.err.find("qa-skill: PASS"); at != std::string::npos;
         at = push.err.find("qa-skill: PASS", at + 1)) {
        ++pass_lines;
    }
    CHECK(pass_lines == 1);
    CHECK(push.err.find("refs/tags/v0.1") != std::string::npos);
    CHECK(push.err.find("more (") != std::string::npos);
    CHECK(push.err.find("-v lists each") != std::string::npos);
}

// A hook run, blocked or not, never changes the user's working tree, index, stash or refs.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"

using qa::test::capture_state;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::RepoState;
using qa::test::shell_quote;

namespace {

void require_unchanged(const RepoState& before, const RepoState& after, const std::string& what) {
    INFO("after " << what << ":\n" << before.diff(after));
    CHECK(after == before);
}

}  // namespace

TEST_CASE("hook runs leave working tree and index and stash and refs byte-identical",
          "[hooks][safety]") {
    HookSandbox sb;
    const auto remote = sb.init("remote.git", true);
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "src/a.py", "a = 1\n");
    sb.add_file(repo, "src/b.py", "b = 1\n");
    sb.commit(repo, "files");
    sb.git_ok(repo, "remote add origin " + shell_quote(remote.string()));
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    REQUIRE(sb.git_in(repo, "push -q origin main").exit_code == 0);

    // A stash entry, an unstaged change, untracked files, and a staged clean change.
    qa::test::write_file(repo / "src/a.py", "a = 2  # stashed\n");
    sb.git_ok(repo, "stash -q");
    qa::test::write_file(repo / "src/b.py", "b = 2  # unstaged\n");
    qa::test::write_file(repo / "untracked.txt", "not added\n");
    qa::test::write_file(repo / "scratch/more.py", "z = 0\n");
    sb.add_file(repo, "src/c.py", "def c():\n    return 3\n");
    qa::test::settle_index(sb, repo);
    const std::string head = sb.rev_parse(repo, "HEAD");

    SECTION("passing runs") {
        const RepoState before = capture_state(sb, repo);
        REQUIRE(!before.stash.empty());
        REQUIRE(before.status.find("untracked.txt") != std::string::npos);

        const ProcResult dry = sb.hook(repo, "--dry-run");
        INFO(dry.describe());
        CHECK(dry.exit_code == 0);
        CHECK(dry.all().find("PASS") != std::string::npos);
        require_unchanged(before, capture_state(sb, repo), "qa-skill-hook --dry-run (PASS)");

        const ProcResult pre = sb.hook(repo, "pre-commit");
        INFO(pre.describe());
        CHECK(pre.exit_code == 0);
        require_unchanged(before, capture_state(sb, repo), "qa-skill-hook pre-commit (PASS)");

        const ProcResult json = sb.hook(repo, "pre-commit --format json");
        INFO(json.describe());
        CHECK(json.exit_code == 0);
        require_unchanged(before, capture_state(sb, repo), "qa-skill-hook pre-commit json");
    }

    SECTION("blocked runs") {
        sb.add_file(repo, "src/conflict.py", qa::test::conflicted_python());
        qa::test::settle_index(sb, repo);
        const RepoState before = capture_state(sb, repo);

        const ProcResult commit = sb.git_in(repo, "commit -q -m refused");
        INFO(commit.describe());
        CHECK(commit.exit_code != 0);
        CHECK(sb.rev_parse(repo, "HEAD") == head);
        require_unchanged(before, capture_state(sb, repo), "refused git commit");

        const ProcResult pre = sb.hook(repo, "pre-commit");
        INFO(pre.describe());
        CHECK(pre.exit_code == 1);
        require_unchanged(before, capture_state(sb, repo), "qa-skill-hook pre-commit (FAIL)");

        const ProcResult dry = sb.hook(repo, "--dry-run");
        INFO(dry.describe());
        CHECK(dry.exit_code == 0);
        require_unchanged(before, capture_state(sb, repo), "qa-skill-hook --dry-run (FAIL)");
    }

    SECTION("refused push") {
        // A commit with a conflict marker made past the hook, then a refused push.
        sb.add_file(repo, "src/conflict.py", qa::test::conflicted_python());
        sb.git_ok(repo, "commit -q --no-verify -m conflict");
        qa::test::settle_index(sb, repo);
        const RepoState before = capture_state(sb, repo);
        const std::string remote_refs = sb.git_ok(remote, "for-each-ref");

        const ProcResult push = sb.git_in(repo, "push origin main");
        INFO(push.describe());
        CHECK(push.exit_code != 0);
        require_unchanged(before, capture_state(sb, repo), "refused git push");
        CHECK(sb.git_ok(remote, "for-each-ref") == remote_refs);
    }
}

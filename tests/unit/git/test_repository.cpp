#include <catch2/catch.hpp>

#include "git/change_set.hpp"
#include "git/error.hpp"
#include "git/repository.hpp"
#include "support/git_fixture.hpp"
#include "support/hook_fixture.hpp"

using qa::git::GitEnv;
using qa::git::Repository;
using qa::test::shell_quote;

namespace {

/// Discovery must stop at the sandbox, whatever folders above /tmp contain.
GitEnv bounded(const qa::test::GitSandbox& sandbox) {
    GitEnv env;
    env.ceiling_directories = sandbox.root().string();
    return env;
}

}  // namespace

TEST_CASE("a repository opens from a subdirectory and reports its root", "[git]") {
    qa::git::LibGit2 lib;
    qa::test::GitSandbox sandbox;
    const auto repo_dir = sandbox.init("repo");
    sandbox.add_file(repo_dir, "src/deep/file.txt", "x\n");
    sandbox.commit(repo_dir, "first");

    const auto repo = Repository::open(lib, repo_dir / "src" / "deep", bounded(sandbox));
    CHECK(repo.root() == repo_dir);
    CHECK(repo.git_dir() == repo_dir / ".git");
    CHECK_FALSE(repo.is_bare());
    CHECK_FALSE(repo.head_unborn());
    CHECK(repo.head_sha() == sandbox.rev_parse(repo_dir, "HEAD"));

    std::filesystem::create_directories(sandbox.root() / "not-a-repo");
    CHECK_THROWS_AS(Repository::open(lib, sandbox.root() / "not-a-repo", bounded(sandbox)),
                    qa::git::GitError);
}

TEST_CASE("repo_id is the first-parent root commit, the same in every clone", "[git]") {
    qa::git::LibGit2 lib;
    qa::test::GitSandbox sandbox;
    const auto repo_dir = sandbox.init("repo");

    {
        const auto repo = Repository::open(lib, repo_dir, bounded(sandbox));
        CHECK(repo.head_unborn());
        CHECK_FALSE(repo.head_sha().has_value());
        CHECK(repo.repo_id() == qa::git::kUnbornRepoId);
    }

    sandbox.add_file(repo_dir, "a.txt", "a\n");
    const std::string root = sandbox.commit(repo_dir, "root");
    sandbox.add_file(repo_dir, "b.txt", "b\n");
    sandbox.commit(repo_dir, "second");

    // A second, unrelated history merged in: its root is reachable, but not by first parents.
    sandbox.git_ok(repo_dir, "checkout -q --orphan other");
    sandbox.git_ok(repo_dir, "rm -rq --cached .");
    sandbox.add_file(repo_dir, "other.txt", "o\n");
    const std::string other_root = sandbox.commit(repo_dir, "other root");
    sandbox.git_ok(repo_dir, "checkout -q -f main");
    sandbox.git_ok(repo_dir, "merge -q --allow-unrelated-histories -m merge other");

    const auto repo = Repository::open(lib, repo_dir, bounded(sandbox));
    CHECK(repo.repo_id() == root);
    CHECK(repo.repo_id() != other_root);

    sandbox.git_ok(sandbox.root(), "clone -q " + shell_quote(repo_dir.string()) + " clone");
    const auto clone = Repository::open(lib, sandbox.root() / "clone", bounded(sandbox));
    CHECK(clone.repo_id() == root);

    // Computed once and cached in the git directory: a detached HEAD on the other history keeps
    // the repository's id; without the cache, that history's root is found.
    CHECK(qa::test::read_bytes(repo_dir / ".git" / "qa-skill-repo-id") == root + "\n");
    sandbox.git_ok(repo_dir, "checkout -q --detach other");
    CHECK(Repository::open(lib, repo_dir, bounded(sandbox)).repo_id() == root);
    std::filesystem::remove(repo_dir / ".git" / "qa-skill-repo-id");
    CHECK(Repository::open(lib, repo_dir, bounded(sandbox)).repo_id() == other_root);
    // A cache that names no root commit here is not trusted.
    qa::test::write_file(repo_dir / ".git" / "qa-skill-repo-id", std::string(40, 'a') + "\n");
    CHECK(Repository::open(lib, repo_dir, bounded(sandbox)).repo_id() == other_root);
}

TEST_CASE("a linked worktree opens with its own root, HEAD and index", "[git]") {
    qa::git::LibGit2 lib;
    qa::test::GitSandbox sandbox;
    const auto repo_dir = sandbox.init("repo");
    sandbox.add_file(repo_dir, "a.txt", "a\n");
    const std::string first = sandbox.commit(repo_dir, "first");
    sandbox.add_file(repo_dir, "a.txt", "a\nmain\n");
    sandbox.commit(repo_dir, "second");

    const auto wt_dir = sandbox.root() / "wt";
    sandbox.git_ok(repo_dir,
                   "worktree add -q -b topic " + shell_quote(wt_dir.string()) + " " + first);
    sandbox.add_file(wt_dir, "sub dir/w.txt", "in worktree\n");

    const auto repo = Repository::open(lib, wt_dir / "sub dir", bounded(sandbox));
    CHECK(repo.root() == wt_dir);
    CHECK(repo.head_sha() == first);
    CHECK(repo.repo_id() == first);
    const auto staged = qa::git::staged_changes(repo);
    CHECK(staged.base == first);
    REQUIRE(staged.files.size() == 1);
    CHECK(staged.files[0].path == "sub dir/w.txt");
    CHECK(staged.files[0].status == qa::git::FileStatus::added);
}

TEST_CASE("GIT_DIR, GIT_WORK_TREE and GIT_INDEX_FILE are honoured when passed", "[git]") {
    qa::git::LibGit2 lib;
    qa::test::GitSandbox sandbox;
    const auto repo_dir = sandbox.init("repo");
    sandbox.add_file(repo_dir, "a.txt", "a\n");
    sandbox.commit(repo_dir, "first");
    std::filesystem::create_directories(sandbox.root() / "elsewhere");

    GitEnv env = bounded(sandbox);
    env.git_dir = (repo_dir / ".git").string();
    env.work_tree = repo_dir.string();
    const auto repo = Repository::open(lib, sandbox.root() / "elsewhere", env);
    CHECK(repo.root() == repo_dir);
    CHECK(qa::git::staged_changes(repo).files.empty());

    GitEnv other_tree = env;
    other_tree.work_tree = (sandbox.root() / "elsewhere").string();
    CHECK(Repository::open(lib, repo_dir, other_tree).root() == sandbox.root() / "elsewhere");

    const auto bare_dir = sandbox.init("bare.git", true);
    const auto bare = Repository::open(lib, bare_dir, bounded(sandbox));
    CHECK(bare.is_bare());
    CHECK(bare.root() == bare_dir);
    CHECK(bare.repo_id() == qa::git::kUnbornRepoId);

    // The index `git commit -a` would commit: a separate file, as git passes it to hooks.
    const auto alt_index = sandbox.root() / "alt-index";
    qa::test::write_file(repo_dir / "a.txt", "a\nmore\n");
    qa::test::run(sandbox.env_prefix() + "GIT_INDEX_FILE=" + shell_quote(alt_index.string()) +
                  " git -C " + shell_quote(repo_dir.string()) + " read-tree HEAD");
    qa::test::run(sandbox.env_prefix() + "GIT_INDEX_FILE=" + shell_quote(alt_index.string()) +
                  " git -C " + shell_quote(repo_dir.string()) + " add a.txt");
    env.index_file = alt_index.string();
    const auto with_index = Repository::open(lib, repo_dir, env);
    const auto staged = qa::git::staged_changes(with_index);
    REQUIRE(staged.files.size() == 1);
    CHECK(staged.files[0].path == "a.txt");
    CHECK(staged.files[0].added_lines == 1);
    // The repository's own index is untouched and still clean.
    CHECK(qa::git::staged_changes(Repository::open(lib, repo_dir, bounded(sandbox))).files.empty());
}

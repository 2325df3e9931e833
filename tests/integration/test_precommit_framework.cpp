// The hooks of .pre-commit-hooks.yaml under the real pre-commit framework (Debian's pre-commit),
// through `pre-commit try-repo`: verdicts, and a crashing or missing binary reported as failure.
#include <catch2/catch.hpp>

#include "support/baseline_fixture.hpp"
#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

constexpr const char* kPreCommit = "/usr/bin/pre-commit";

/// A hooks repository holding the manifest, a user repository, and a bin folder for PATH.
struct FrameworkSetup {
    HookSandbox sb;
    fs::path hooks_repo;
    fs::path user;
    fs::path bin;
    fs::path pre_commit_home;

    FrameworkSetup() {
        hooks_repo = sb.init("hooks-repo");
        fs::copy_file(fs::path(QA_SOURCE_DIR) / ".pre-commit-hooks.yaml",
                      hooks_repo / ".pre-commit-hooks.yaml");
        sb.git_ok(hooks_repo, "add .pre-commit-hooks.yaml");
        sb.commit(hooks_repo, "manifest");
        user = sb.repo_with_commit("user");
        bin = sb.root() / "bin";
        fs::create_directories(bin);
        pre_commit_home = sb.root() / "pre-commit-home";
        fs::create_directories(pre_commit_home);
    }

    /// The framework's environment for commands run in the user repository.
    std::string env() const {
        return "PATH=" + shell_quote(bin.string() + ":/usr/bin:/bin") +
               " PRE_COMMIT_HOME=" + shell_quote(pre_commit_home.string()) + " ";
    }

    /// Commits a .pre-commit-config.yaml using `hook_id` of the hooks repository and runs
    /// `pre-commit install <install_args>` in the user repository.
    void install(const std::string& hook_id, const std::string& install_args = "") const {
        const std::string hooks_rev = sb.rev_parse(hooks_repo, "HEAD");
        qa::test::write_file(user / ".pre-commit-config.yaml",
                             "repos:\n  - repo: " + hooks_repo.string() + "\n    rev: " +
                                 hooks_rev + "\n    hooks:\n      - id: " + hook_id + "\n");
        sb.git_ok(user, "add .pre-commit-config.yaml");
        sb.commit(user, "framework");
        const ProcResult installed = sb.in(user, env() + kPreCommit + " install " + install_args);
        INFO(installed.describe());
        REQUIRE(installed.exit_code == 0);
    }

    void use_real_binary() const {
        fs::remove(bin / "qa-skill-hook");
        fs::create_symlink(QA_SKILL_HOOK_BIN, bin / "qa-skill-hook");
    }

    /// `pre-commit try-repo <hooks_repo> <hook> <extra>` in the user repository. PATH has only
    /// the bin folder and the system folders, so no other qa-skill-hook can be found.
    ProcResult try_repo(const std::string& hook, const std::string& extra = "") const {
        return sb.in(user, env() + kPreCommit + " try-repo --color never " +
                               shell_quote(hooks_repo.string()) + " " + hook + " --verbose " +
                               extra);
    }
};

/// pre-commit reported the hook as failed, never as passed, and the process exited non-zero.
void check_failed(const ProcResult& r) {
    INFO(r.describe());
    REQUIRE(r.exited);
    CHECK(r.exit_code != 0);
    CHECK(r.all().find("Failed") != std::string::npos);
    CHECK(r.all().find("Passed") == std::string::npos);
}

}  // namespace

TEST_CASE("pre-commit framework: a staged conflict fails and a clean change passes",
          "[hooks][framework]") {
    REQUIRE(fs::exists(kPreCommit));
    FrameworkSetup f;
    f.use_real_binary();

    f.sb.add_file(f.user, "src/app.py", qa::test::conflicted_python());
    const ProcResult bad = f.try_repo("qa-skill");
    check_failed(bad);
    INFO(bad.describe());
    CHECK(bad.all().find("src/app.py:2") != std::string::npos);

    f.sb.git_ok(f.user, "rm -q --cached src/app.py");
    fs::remove(f.user / "src/app.py");
    f.sb.add_file(f.user, "src/ok.py", "def ok():\n    return 1\n");
    const ProcResult good = f.try_repo("qa-skill");
    INFO(good.describe());
    CHECK(good.exit_code == 0);
    CHECK(good.all().find("Passed") != std::string::npos);
    CHECK(good.all().find("Failed") == std::string::npos);
}

TEST_CASE("pre-commit framework: a crashing or missing binary is a failure and never Passed",
          "[hooks][framework]") {
    REQUIRE(fs::exists(kPreCommit));
    FrameworkSetup f;
    f.sb.add_file(f.user, "src/ok.py", "def ok():\n    return 1\n");

    SECTION("binary killed by SIGSEGV") {
        const fs::path script = f.bin / "qa-skill-hook";
        qa::test::write_file(script, "#!/bin/sh\nkill -SEGV $$\n");
        fs::permissions(script, fs::perms::owner_all);
        const ProcResult r = f.try_repo("qa-skill");
        check_failed(r);
        INFO(r.describe());
    }
    SECTION("binary missing from PATH") {
        REQUIRE(!fs::exists(f.bin / "qa-skill-hook"));
        const ProcResult r = f.try_repo("qa-skill");
        check_failed(r);
        INFO(r.describe());
    }
}

TEST_CASE("pre-commit framework: pre-push stage checks --from-ref..--to-ref",
          "[hooks][framework][push]") {
    REQUIRE(fs::exists(kPreCommit));
    FrameworkSetup f;
    f.use_real_binary();
    const std::string base = f.sb.rev_parse(f.user, "HEAD");
    f.sb.add_file(f.user, "src/ok.py", "def ok():\n    return 1\n");
    const std::string clean = f.sb.commit(f.user, "clean");
    f.sb.add_file(f.user, "src/merge.py", qa::test::conflicted_python());
    const std::string bad = f.sb.commit(f.user, "conflict");

    const ProcResult pass = f.try_repo(
        "qa-skill-pre-push", "--hook-stage push --from-ref " + base + " --to-ref " + clean);
    INFO(pass.describe());
    CHECK(pass.exit_code == 0);
    CHECK(pass.all().find("Passed") != std::string::npos);

    const ProcResult fail = f.try_repo(
        "qa-skill-pre-push", "--hook-stage push --from-ref " + clean + " --to-ref " + bad);
    check_failed(fail);
    INFO(fail.describe());
    CHECK(fail.all().find("src/merge.py:2") != std::string::npos);
}

TEST_CASE("pre-commit framework: run --all-files and --files audit the named files whole",
          "[hooks][framework]") {
    REQUIRE(fs::exists(kPreCommit));
    FrameworkSetup f;
    f.use_real_binary();
    // Committed without any hook: the tree already holds a finding that no diff shows.
    f.sb.add_file(f.user, "src/merge.py", qa::test::conflicted_python());
    f.sb.add_file(f.user, "src/ok.py", "def ok():\n    return 1\n");
    f.sb.commit(f.user, "history");

    const ProcResult all = f.try_repo("qa-skill", "--all-files");
    check_failed(all);
    INFO(all.describe());
    CHECK(all.all().find("src/merge.py:2") != std::string::npos);
    // No commit is being made: nothing is "commit blocked", no --no-verify is offered.
    CHECK(all.all().find("commit blocked") == std::string::npos);
    CHECK(all.all().find("--no-verify") == std::string::npos);

    const ProcResult one = f.try_repo("qa-skill", "--files src/merge.py");
    check_failed(one);
    CHECK(one.all().find("src/merge.py:2") != std::string::npos);

    const ProcResult other = f.try_repo("qa-skill", "--files src/ok.py");
    INFO(other.describe());
    CHECK(other.exit_code == 0);
    CHECK(other.all().find("Passed") != std::string::npos);
}

TEST_CASE("pre-commit framework: a commit is still judged on its staged diff",
          "[hooks][framework]") {
    REQUIRE(fs::exists(kPreCommit));
    FrameworkSetup f;
    f.use_real_binary();
    f.sb.add_file(f.user, "src/merge.py", qa::test::conflicted_python());
    f.sb.commit(f.user, "history");
    // A clean line added to a file whose old lines hold a finding: the commit adds nothing bad.
    qa::test::write_file(f.user / "src/merge.py",
                         qa::test::conflicted_python() + "def later():\n    return 2\n");
    f.sb.git_ok(f.user, "add src/merge.py");
    const ProcResult r = f.try_repo("qa-skill");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.all().find("Passed") != std::string::npos);
}

TEST_CASE("pre-commit framework: the first push of a new repository judges every commit",
          "[hooks][framework][push]") {
    REQUIRE(fs::exists(kPreCommit));
    FrameworkSetup f;
    f.use_real_binary();
    f.install("qa-skill-pre-push", "--hook-type pre-push");
    // A key committed, then removed: the net diff is clean, one pushed commit is not (and the
    // remote would keep it in its history for good).
    f.sb.add_file(f.user, "deploy/id_rsa", qa::test::make_fake_key().pem);
    f.sb.commit(f.user, "key");
    f.sb.git_ok(f.user, "rm -q deploy/id_rsa");
    f.sb.commit(f.user, "removed");
    const auto remote = f.sb.init("remote.git", true);
    f.sb.git_ok(f.user, "remote add origin " + shell_quote(remote.string()));

    const ProcResult push = f.sb.in(f.user, f.env() + "git push -q origin main");
    INFO(push.describe());
    CHECK(push.exit_code != 0);
    CHECK(push.all().find("deploy/id_rsa:1") != std::string::npos);
    CHECK(f.sb.git(remote, "rev-parse -q --verify refs/heads/main").exit_code != 0);
}

TEST_CASE("pre-commit framework: the commit-msg stage judges the message file",
          "[hooks][framework][messages][gate23]") {
    REQUIRE(fs::exists(kPreCommit));
    FrameworkSetup f;
    f.use_real_binary();
    const fs::path bad = f.sb.root() / "bad-msg";
    qa::test::write_file(bad, "deploy\n\ntoken " + qa::test::fake_github_token(51) + "\n");
    const ProcResult fail = f.try_repo("qa-skill-commit-msg",
                                       "--hook-stage commit-msg "
                                       "--commit-msg-filename " +
                                           shell_quote(bad.string()));
    check_failed(fail);
    CHECK(fail.all().find("COMMIT_EDITMSG:3") != std::string::npos);

    const fs::path good = f.sb.root() / "good-msg";
    qa::test::write_file(
        good, "deploy the thing\n# token " + qa::test::fake_github_token(52) + " in a comment\n");
    const ProcResult pass = f.try_repo("qa-skill-commit-msg",
                                       "--hook-stage commit-msg "
                                       "--commit-msg-filename " +
                                           shell_quote(good.string()));
    INFO(pass.describe());
    CHECK(pass.exit_code == 0);
    CHECK(pass.all().find("Passed") != std::string::npos);
}

TEST_CASE("pre-commit framework: a git commit through its hook is blocked and says so",
          "[hooks][framework]") {
    REQUIRE(fs::exists(kPreCommit));
    FrameworkSetup f;
    f.use_real_binary();
    f.install("qa-skill");
    const std::string head = f.sb.rev_parse(f.user, "HEAD");

    // The file names come from the framework; git's GIT_INDEX_FILE reaches the hook through it,
    // so the hook knows a commit is being made (`pre-commit run` by hand blocks nothing).
    f.sb.add_file(f.user, "src/merge.py", qa::test::conflicted_python());
    const ProcResult commit = f.sb.in(f.user, f.env() + "git commit -q -m merge");
    INFO(commit.describe());
    CHECK(commit.exit_code != 0);
    CHECK(f.sb.rev_parse(f.user, "HEAD") == head);
    CHECK(commit.all().find("src/merge.py:2") != std::string::npos);
    CHECK(commit.all().find("commit blocked") != std::string::npos);
    CHECK(commit.all().find("git commit --no-verify") != std::string::npos);
}

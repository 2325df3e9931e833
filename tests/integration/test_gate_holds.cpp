// Issue 10, "the gate holds": content that used to get past the installed hooks, driven through
// real `git commit` / `git push` to a bare remote in a temp folder.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

/// A working repository with hooks installed and main pushed to a bare `origin`.
struct Pushed {
    HookSandbox sb;
    fs::path remote;
    fs::path repo;

    Pushed() {
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

    /// Commits what is staged without the hooks (as cherry-pick, rebase or --no-verify would).
    void commit_unchecked(const std::string& message) const {
        sb.git_ok(repo, "commit -q --no-verify --allow-empty -m " + shell_quote(message));
    }

    bool remote_has(const std::string& ref) const {
        return sb.git_ok(remote, "for-each-ref").find(ref) != std::string::npos;
    }
};

void require_blocked(const ProcResult& r) {
    INFO(r.describe());
    REQUIRE(r.exited);
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("FAIL") != std::string::npos);
}

}  // namespace

TEST_CASE("a secret added in one pushed commit and removed in a later one is refused",
          "[hooks][push][gate10]") {
    Pushed s;
    s.sb.git_ok(s.repo, "checkout -q -b leak");
    s.sb.add_file(s.repo, "config/deploy.pem", qa::test::make_fake_key(41).pem);
    s.commit_unchecked("add key");
    const std::string with_key = s.sb.rev_parse(s.repo, "HEAD");
    s.sb.git_ok(s.repo, "rm -q config/deploy.pem");
    s.commit_unchecked("remove key");
    s.sb.add_file(s.repo, "src/two.py", "def two():\n    return 2\n");
    s.commit_unchecked("two");
    // The net diff (main...leak) adds only src/two.py: clean.
    REQUIRE(s.sb.git_ok(s.repo, "diff --name-only main...leak") == "src/two.py\n");

    const ProcResult r = s.sb.git_in(s.repo, "push origin leak");
    require_blocked(r);
    CHECK(r.err.find("config/deploy.pem:1") != std::string::npos);
    CHECK(r.err.find("earlier commits (" + with_key.substr(0, 12)) != std::string::npos);
    CHECK_FALSE(s.remote_has("refs/heads/leak"));
}

TEST_CASE("a secret overwritten in a later pushed commit of the same file is refused",
          "[hooks][push][gate10]") {
    Pushed s;
    s.sb.add_file(
        s.repo, "src/lib.py",
        "def one():\n    return 1\n\nAWS_KEY = \"" + std::string("AKI") + "AQ2ZRXW7TN4MVCBHD\"\n");
    s.commit_unchecked("key");
    s.sb.add_file(s.repo, "src/lib.py", "def one():\n    return 1\n\nAWS_KEY = None\n");
    s.commit_unchecked("no key");

    const ProcResult r = s.sb.git_in(s.repo, "push origin main");
    require_blocked(r);
    CHECK(r.err.find("src/lib.py:4") != std::string::npos);
}

TEST_CASE("a long push of clean commits passes and judges each distinct version once",
          "[hooks][push][gate10]") {
    Pushed s;
    for (int i = 0; i < 30; ++i) {
        s.sb.add_file(s.repo, "src/lib.py", "def one():\n    return " + std::to_string(i) + "\n");
        s.commit_unchecked("step " + std::to_string(i));
    }
    const ProcResult r = s.sb.git_in(s.repo, "push origin main");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.all().find("PASS") != std::string::npos);
}

TEST_CASE("a push to a remote never fetched checks only what no known remote has",
          "[hooks][push][gate10]") {
    Pushed s;
    // A blocking finding already on origin (pushed with the hook bypassed).
    s.sb.add_file(s.repo, "src/merge.py", qa::test::conflicted_python());
    s.commit_unchecked("conflict");
    REQUIRE(s.sb.git_in(s.repo, "push -q --no-verify origin main").exit_code == 0);
    s.sb.add_file(s.repo, "src/two.py", "def two():\n    return 2\n");
    s.commit_unchecked("two");

    const fs::path fork = s.sb.init("fork.git", true);
    s.sb.git_ok(s.repo, "remote add fork " + shell_quote(fork.string()));
    const ProcResult named = s.sb.git_in(s.repo, "push fork main");
    INFO(named.describe());
    CHECK(named.exit_code == 0);
    CHECK(named.err.find("src/merge.py") == std::string::npos);

    const fs::path bare = s.sb.init("by-url.git", true);
    const ProcResult url = s.sb.git_in(s.repo, "push " + shell_quote(bare.string()) + " main");
    INFO(url.describe());
    CHECK(url.exit_code == 0);

    // What no remote has is still judged.
    s.sb.add_file(s.repo, "src/bad.py", qa::test::conflicted_python());
    s.commit_unchecked("bad");
    const ProcResult bad = s.sb.git_in(s.repo, "push fork main");
    require_blocked(bad);
    CHECK(bad.err.find("src/bad.py:2") != std::string::npos);
}

TEST_CASE("tags pointing at a blob or a tree are checked", "[hooks][push][gate10]") {
    Pushed s;
    const fs::path key_file = s.sb.root() / "loose.pem";
    qa::test::write_file(key_file, qa::test::make_fake_key(43).pem);
    const std::string blob =
        s.sb.git_ok(s.repo, "hash-object -w " + shell_quote(key_file.string()));
    s.sb.git_ok(s.repo, "tag blobtag " + blob.substr(0, 40));
    const ProcResult b = s.sb.git_in(s.repo, "push origin blobtag");
    require_blocked(b);
    CHECK(b.err.find("refs/tags/blobtag") != std::string::npos);
    CHECK_FALSE(s.remote_has("refs/tags/blobtag"));

    s.sb.git_ok(s.repo, "checkout -q -b side");
    s.sb.add_file(s.repo, "keys/id.pem", qa::test::make_fake_key(44).pem);
    s.commit_unchecked("key");
    s.sb.git_ok(s.repo, "tag treetag side^{tree}");
    s.sb.git_ok(s.repo, "tag -a -m annotated annotatedtree side^{tree}");
    for (const std::string tag : {"treetag", "annotatedtree"}) {
        const ProcResult t = s.sb.git_in(s.repo, "push origin " + tag);
        require_blocked(t);
        CHECK(t.err.find("keys/id.pem:1") != std::string::npos);
        CHECK_FALSE(s.remote_has("refs/tags/" + tag));
    }
}

TEST_CASE("an explicit --base or --head that names nothing is exit 2 naming it",
          "[cli][run][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("r");
    const ProcResult base = sb.qa(repo, "run --base no-such-rev --no-artifacts");
    INFO(base.describe());
    CHECK(base.exit_code == 2);
    CHECK(base.err.find("no-such-rev") != std::string::npos);
    const ProcResult head = sb.qa(repo, "run --base HEAD --head no-such-head --no-artifacts");
    INFO(head.describe());
    CHECK(head.exit_code == 2);
    CHECK(head.err.find("no-such-head") != std::string::npos);
}

TEST_CASE(".gitattributes never hides a file from the secret scan", "[hooks][commit][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("attrs");
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    const std::string key = "AWS_KEY = \"" + std::string("AKI") + "AQ2ZRXW7TN4MVCBHD\"\n";

    SECTION("-diff in an untracked .gitattributes") {
        qa::test::write_file(repo / ".gitattributes", "*.env -diff\n");
        sb.add_file(repo, "prod.env", key);
        require_blocked(sb.git_in(repo, "commit -q -m env"));
    }
    SECTION("binary in .git/info/attributes") {
        qa::test::write_file(repo / ".git" / "info" / "attributes", "*.lock binary\n");
        sb.add_file(repo, "deps.lock", key);
        require_blocked(sb.git_in(repo, "commit -q -m lock"));
    }
    SECTION("diff=driver with diff.driver.binary, committed") {
        sb.git_ok(repo, "config diff.hide.binary true");
        sb.add_file(repo, ".gitattributes", "*.min.js diff=hide\n");
        sb.add_file(repo, "app.min.js", "var a=1;\n" + key);
        const ProcResult r = sb.git_in(repo, "commit -q -m js");
        require_blocked(r);
        CHECK(r.err.find("app.min.js:2") != std::string::npos);
    }
    SECTION("a modified file under -diff shows its added line") {
        sb.add_file(repo, "settings.env", "A=1\n");
        sb.commit(repo, "env");
        qa::test::write_file(repo / ".gitattributes", "*.env -diff\n");
        sb.add_file(repo, "settings.env", "A=1\n" + key);
        const ProcResult r = sb.git_in(repo, "commit -q -m env2");
        require_blocked(r);
        CHECK(r.err.find("settings.env:2") != std::string::npos);
    }
    SECTION("run --all-files audits it too") {
        qa::test::write_file(repo / ".gitattributes", "*.env -diff\n");
        sb.add_file(repo, "prod.env", key);
        sb.git_ok(repo, "commit -q --no-verify -m env");
        const ProcResult r = sb.qa(repo, "run --all-files --no-artifacts");
        INFO(r.describe());
        CHECK(r.exit_code == 1);
        CHECK(r.all().find("prod.env:1") != std::string::npos);
    }
}

TEST_CASE("a private key rotated under an unchanged BEGIN line is refused",
          "[hooks][commit][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("rotate");
    const auto old_key = qa::test::make_fake_key(51);
    sb.add_file(repo, "deploy/id.pem", old_key.pem);
    sb.commit(repo, "key before the gate");  // no hooks yet
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    const auto new_key = qa::test::make_fake_key(52);
    sb.add_file(repo, "deploy/id.pem", new_key.pem);
    // Only body lines change: BEGIN and END are context.
    const std::string diff = sb.git_ok(repo, "diff --cached -U0");
    REQUIRE(diff.find("+-----BEGIN") == std::string::npos);

    const ProcResult r = sb.git_in(repo, "commit -q -m rotate");
    require_blocked(r);
    CHECK(r.err.find("deploy/id.pem:1") != std::string::npos);
}

TEST_CASE("a renamed or copied file is judged whole by the security lens",
          "[hooks][commit][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("moves");
    const std::string key = "AWS_KEY = \"" + std::string("AKI") + "AQ2ZRXW7TN4MVCBHD\"\n";
    std::string body;
    for (int i = 0; i < 20; ++i) {
        body += "value_" + std::to_string(i) + " = " + std::to_string(i) + "\n";
    }
    sb.add_file(repo, "legacy/settings.py", body + key);
    sb.commit(repo, "legacy secret, before the gate");
    REQUIRE(sb.qa(repo, "install").exit_code == 0);

    SECTION("rename") {
        std::filesystem::create_directories(repo / "app");
        sb.git_ok(repo, "mv legacy/settings.py app/settings.py");
        REQUIRE(sb.git_ok(repo, "diff --cached -M --name-status").find("R100") !=
                std::string::npos);
        const ProcResult r = sb.git_in(repo, "commit -q -m move");
        require_blocked(r);
        CHECK(r.err.find("app/settings.py:21") != std::string::npos);
    }
    SECTION("copy next to a modified source") {
        sb.add_file(repo, "legacy/settings.py", body + key + "extra = 1\n");
        sb.add_file(repo, "app/copy.py", body + key);
        REQUIRE(sb.git_ok(repo, "diff --cached -C --name-status").find("C100") !=
                std::string::npos);
        const ProcResult r = sb.git_in(repo, "commit -q -m copy");
        require_blocked(r);
        CHECK(r.err.find("app/copy.py:21") != std::string::npos);
    }
}

TEST_CASE("GIT_INDEX_FILE naming a missing file is exit 2, never an empty index that passes",
          "[hooks][commit][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("index");
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    const std::string missing = (sb.root() / "no-such-index").string();

    const ProcResult hook = sb.in(repo, "env GIT_INDEX_FILE=" + shell_quote(missing) + " " +
                                            shell_quote(QA_SKILL_HOOK_BIN) + " pre-commit");
    INFO(hook.describe());
    CHECK(hook.exit_code == 2);
    CHECK(hook.err.find("GIT_INDEX_FILE") != std::string::npos);
    CHECK(hook.err.find("no-such-index") != std::string::npos);

    const ProcResult run = sb.in(repo, "env GIT_INDEX_FILE=" + shell_quote(missing) + " " +
                                           shell_quote(QA_SKILL_BIN) + " run --staged");
    INFO(run.describe());
    CHECK(run.exit_code == 2);
    CHECK(run.err.find("no-such-index") != std::string::npos);
    // (git commit itself writes a missing GIT_INDEX_FILE before the hook runs: the hook then
    // judges that index, which deletes every file.)
}

TEST_CASE("a clean git merge is checked by the installed pre-merge-commit hook",
          "[hooks][merge][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("merge");
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    CHECK(fs::is_regular_file(repo / ".git" / "hooks" / "pre-merge-commit"));
    sb.git_ok(repo, "checkout -q -b side");
    sb.add_file(repo, "src/merge.py", qa::test::conflicted_python());
    sb.git_ok(repo, "commit -q --no-verify -m conflict");
    sb.git_ok(repo, "checkout -q main");
    sb.add_file(repo, "src/other.py", "x = 1\n");
    sb.commit(repo, "other");
    const std::string head = sb.rev_parse(repo, "HEAD");

    const ProcResult r = sb.git_in(repo, "merge --no-ff -m merged side");
    require_blocked(r);
    CHECK(r.err.find("src/merge.py:2") != std::string::npos);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
}

TEST_CASE("a conflicted merge is exit 2 'unmerged paths', not a lens failure",
          "[cli][merge][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("conflict");
    sb.add_file(repo, "a.txt", "base\n");
    sb.commit(repo, "a");
    sb.git_ok(repo, "checkout -q -b side");
    sb.add_file(repo, "a.txt", "side\n");
    sb.commit(repo, "side");
    sb.git_ok(repo, "checkout -q main");
    sb.add_file(repo, "a.txt", "main\n");
    sb.commit(repo, "main");
    CHECK(sb.git_in(repo, "merge side").exit_code != 0);  // the conflict

    for (const std::string& command : {std::string(QA_SKILL_BIN) + " run --staged --no-artifacts",
                                       std::string(QA_SKILL_HOOK_BIN) + " --dry-run"}) {
        const ProcResult r = sb.in(repo, command);
        INFO(r.describe());
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("unmerged paths: resolve the conflicts first (a.txt)") !=
              std::string::npos);
    }
}

namespace {

/// A bare "server" whose pre-receive hook is qa-skill-hook, and a client that pushes to it.
struct Server {
    HookSandbox sb;
    fs::path server;
    fs::path client;

    Server() {
        server = sb.init("server.git", true);
        const fs::path hook = server / "hooks" / "pre-receive";
        qa::test::write_file(
            hook, "#!/bin/sh\nexec " + shell_quote(QA_SKILL_HOOK_BIN) + " pre-receive\n");
        fs::permissions(hook, fs::perms::owner_all);
        client = sb.repo_with_commit("client");
        sb.git_ok(client, "remote add origin " + shell_quote(server.string()));
    }

    ProcResult push(const std::string& args) const { return sb.git_in(client, "push " + args); }
    void commit_unchecked(const std::string& message) const {
        sb.git_ok(client, "commit -q --no-verify --allow-empty -m " + shell_quote(message));
    }
};

}  // namespace

TEST_CASE("qa-skill-hook pre-receive judges every new commit on the server",
          "[hooks][server][gate10]") {
    Server s;
    const ProcResult first = s.push("-q origin main");
    INFO(first.describe());
    REQUIRE(first.exit_code == 0);

    // A key added and removed again: every new commit is judged.
    s.sb.add_file(s.client, "deploy.pem", qa::test::make_fake_key(61).pem);
    s.commit_unchecked("key");
    s.sb.git_ok(s.client, "rm -q deploy.pem");
    s.commit_unchecked("no key");
    const ProcResult leak = s.push("origin main");
    INFO(leak.describe());
    CHECK(leak.exit_code != 0);
    CHECK(leak.err.find("deploy.pem:1") != std::string::npos);
    CHECK(leak.err.find("pre-receive hook declined") != std::string::npos);

    // A new branch of commits the server already has brings nothing new.
    s.sb.git_ok(s.client, "reset -q --hard HEAD~2");
    s.sb.add_file(s.client, "src/ok.py", "ok = 1\n");
    s.commit_unchecked("ok");
    const ProcResult ok = s.push("-q origin main main:refs/heads/copy");
    INFO(ok.describe());
    CHECK(ok.exit_code == 0);

    // run --all-files in the bare repository audits HEAD's tree.
    const ProcResult audit = s.sb.qa(s.server, "run --all-files --no-artifacts");
    INFO(audit.describe());
    CHECK(audit.exit_code == 0);
    CHECK(audit.all().find("0 files") == std::string::npos);
}

TEST_CASE("run --all-files in a bare repository audits HEAD's tree", "[cli][server][gate10]") {
    Server s;
    s.sb.add_file(s.client, "src/merge.py", qa::test::conflicted_python());
    s.commit_unchecked("conflict");
    // Installed on the server only after the content arrived.
    fs::remove(s.server / "hooks" / "pre-receive");
    REQUIRE(s.push("-q origin main").exit_code == 0);
    const ProcResult audit = s.sb.qa(s.server, "run --all-files --no-artifacts");
    INFO(audit.describe());
    CHECK(audit.exit_code == 1);
    CHECK(audit.all().find("src/merge.py:2") != std::string::npos);
}

TEST_CASE("a shallow clone commits and pushes, repo_id is cached, O(1) afterwards",
          "[hooks][shallow][gate10]") {
    HookSandbox sb;
    const auto origin = sb.repo_with_commit("origin");
    for (int i = 0; i < 5; ++i) {
        sb.add_file(origin, "f" + std::to_string(i) + ".txt", "v\n");
        sb.commit(origin, "c" + std::to_string(i));
    }
    const fs::path clone = sb.root() / "shallow";
    sb.git_ok(sb.root(), "clone -q --depth 1 " + shell_quote("file://" + origin.string()) + " " +
                             shell_quote(clone.string()));
    REQUIRE(fs::exists(clone / ".git" / "shallow"));
    REQUIRE(sb.qa(clone, "install").exit_code == 0);
    sb.add_file(clone, "src/new.py", "n = 1\n");
    const ProcResult commit = sb.git_in(clone, "commit -q -m new");
    INFO(commit.describe());
    CHECK(commit.exit_code == 0);
    const auto runs = qa::test::run_dirs(clone / ".qa-skill");
    REQUIRE(runs.size() == 1);
    CHECK(qa::test::read_bytes(runs[0] / "skill-input.json").find("\"repoId\":\"shallow:") !=
          std::string::npos);
    CHECK_FALSE(fs::exists(clone / ".git" / "qa-skill-repo-id"));

    // A full repository caches its root commit once.
    sb.add_file(origin, "g.txt", "g\n");
    REQUIRE(sb.qa(origin, "install").exit_code == 0);
    REQUIRE(sb.git_in(origin, "commit -q -m g").exit_code == 0);
    const std::string root = sb.git_ok(origin, "rev-list --max-parents=0 HEAD");
    CHECK(qa::test::read_bytes(origin / ".git" / "qa-skill-repo-id") == root);
}

TEST_CASE("an untracked or unstaged .qa-skill.toml never changes a verdict",
          "[hooks][config][gate10]") {
    Pushed s;
    const std::string off = "[lenses.security]\nenabled = false\nrequired = false\n";
    const auto key = qa::test::make_fake_key(71);

    SECTION("untracked config, commit") {
        qa::test::write_file(s.repo / ".qa-skill.toml", off);
        s.sb.add_file(s.repo, "keys/a.pem", key.pem);
        const ProcResult r = s.sb.git_in(s.repo, "commit -q -m key");
        require_blocked(r);
        CHECK(r.err.find("keys/a.pem:1") != std::string::npos);
    }
    SECTION("committed config, then an unstaged edit that disables the lens") {
        s.sb.add_file(s.repo, ".qa-skill.toml", "run_mode = \"strict\"\n");
        s.sb.commit(s.repo, "config");
        qa::test::write_file(s.repo / ".qa-skill.toml", off);
        s.sb.add_file(s.repo, "keys/a.pem", key.pem);
        require_blocked(s.sb.git_in(s.repo, "commit -q -m key"));
    }
    SECTION("untracked config, push") {
        s.sb.add_file(s.repo, "keys/a.pem", key.pem);
        s.commit_unchecked("key");
        qa::test::write_file(s.repo / ".qa-skill.toml", off);
        const ProcResult r = s.sb.git_in(s.repo, "push origin main");
        require_blocked(r);
        CHECK(r.err.find("keys/a.pem:1") != std::string::npos);
    }
    SECTION("the pushed tip's own config is the one that counts") {
        // A tip that commits a config keeping the style lens off for a conflict marker file
        // passes; the working tree saying otherwise does not matter.
        s.sb.add_file(s.repo, ".qa-skill.toml",
                      "[lenses.style]\nenabled = false\nrequired = false\n");
        s.sb.add_file(s.repo, "src/merge.py", qa::test::conflicted_python());
        s.commit_unchecked("style off");
        qa::test::write_file(s.repo / ".qa-skill.toml", "run_mode = \"strict\"\n");
        const ProcResult r = s.sb.git_in(s.repo, "push origin main");
        INFO(r.describe());
        CHECK(r.exit_code == 0);
    }
    SECTION("--config FILE overrides the tree's, and its hash is the run's configHash") {
        s.sb.add_file(s.repo, "keys/a.pem", key.pem);
        s.commit_unchecked("key");
        const auto file = s.sb.root() / "ci.toml";
        qa::test::write_file(file, off);
        const ProcResult r = s.sb.qa(s.repo, "run --base origin/main --config " +
                                                 shell_quote(file.string()) + " --format json");
        INFO(r.describe());
        CHECK(r.exit_code == 0);
        const ProcResult plain = s.sb.qa(s.repo, "run --base origin/main --no-artifacts");
        INFO(plain.describe());
        CHECK(plain.exit_code == 1);
    }
}

TEST_CASE("SHA-256, split-index and sparse-index repositories: exit 2 naming the feature",
          "[hooks][layout][gate10]") {
    HookSandbox sb;
    const fs::path sha256 = sb.root() / "sha256";
    sb.git_ok(sb.root(), "init -q --object-format=sha256 sha256");
    qa::test::write_file(sha256 / "a.txt", "a\n");
    sb.git_ok(sha256, "add a.txt");

    const auto split = sb.repo_with_commit("split");
    sb.git_ok(split, "update-index --split-index");
    sb.add_file(split, "b.txt", "b\n");

    const auto sparse = sb.repo_with_commit("sparse");
    sb.add_file(sparse, "d/a.txt", "a\n");
    sb.commit(sparse, "d");
    sb.git_ok(sparse, "sparse-checkout set --cone --sparse-index d");
    sb.add_file(sparse, "d/c.txt", "c\n");

    for (const auto& [dir, feature] :
         {std::pair{sha256, std::string("SHA-256")}, std::pair{split, std::string("split index")},
          std::pair{sparse, std::string("sparse index")}}) {
        INFO(feature);
        const ProcResult hook = sb.hook(dir, "--dry-run");
        INFO(hook.describe());
        CHECK(hook.exit_code == 2);
        CHECK(hook.err.find(feature) != std::string::npos);
        CHECK(hook.err.find("not in a git repository") == std::string::npos);
        const ProcResult install = sb.qa(dir, "install");
        INFO(install.describe());
        CHECK(install.exit_code == 2);
        CHECK(install.err.find(feature) != std::string::npos);
        CHECK_FALSE(fs::exists(dir / ".git" / "hooks" / "pre-commit"));
    }
}

TEST_CASE("uninstall restores the previous hook even when the shim was removed by hand",
          "[hooks][install][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("previous");
    const fs::path hook = repo / ".git" / "hooks" / "pre-commit";
    qa::test::write_file(hook, "#!/bin/sh\nexit 0\n# mine\n");
    fs::permissions(hook, fs::perms::owner_all);
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    REQUIRE(fs::exists(repo / ".git" / "hooks" / "pre-commit.qa-skill-previous"));
    fs::remove(hook);

    const ProcResult r = sb.qa(repo, "uninstall");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(qa::test::read_bytes(hook).find("# mine") != std::string::npos);
    CHECK_FALSE(fs::exists(repo / ".git" / "hooks" / "pre-commit.qa-skill-previous"));
}

TEST_CASE("a committed baseline with a duplicated member is exit 2 naming the file",
          "[hooks][baseline][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("dup");
    sb.add_file(repo, ".qa-skill-baseline.json",
                "{\"entries\":[],\"entries\":[],\"schemaVersion\":\"baseline.v1\"}");
    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(".qa-skill-baseline.json") != std::string::npos);
    CHECK(r.err.find("duplicate") != std::string::npos);
}

TEST_CASE("UTF-16 and UTF-32 text with a BOM is decoded and scanned", "[hooks][commit][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("wide");
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    const std::string text =
        "first = 1\r\nAWS_KEY = \"" + std::string("AKI") + "AQ2ZRXW7TN4MVCBHD\"\r\n";
    std::string utf16le = "\xFF\xFE";
    std::string utf32be = std::string("\x00\x00\xFE\xFF", 4);
    for (const char c : text) {
        utf16le += c;
        utf16le += '\0';
        utf32be += std::string(3, '\0');
        utf32be += c;
    }
    for (const auto& [name, bytes] : {std::pair{std::string("win/settings.ini"), utf16le},
                                      std::pair{std::string("win/other.cfg"), utf32be}}) {
        INFO(name);
        sb.git_ok(repo, "reset -q");
        qa::test::write_file(repo / name, bytes);
        sb.git_ok(repo, "add " + shell_quote(name));
        const ProcResult r = sb.git_in(repo, "commit -q -m wide");
        require_blocked(r);
        CHECK(r.err.find(name + ":2") != std::string::npos);
        fs::remove(repo / name);
    }
}

TEST_CASE("artifact_root must stay inside the repository, untracked and without symlinks",
          "[hooks][artifacts][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("roots");
    sb.add_file(repo, "src/app.py", "x = 1\n");
    sb.commit(repo, "src");
    const fs::path outside = sb.root() / "elsewhere";
    fs::create_directories(outside);
    fs::create_directory_symlink(outside, repo / "linked");
    sb.add_file(repo, "src/more.py", "y = 2\n");

    for (const std::string root : {"src", "../x", "linked/runs", ".git/hooks/x", "/tmp/abs"}) {
        INFO(root);
        const fs::path config = sb.root() / "ci.toml";
        qa::test::write_file(config, "artifact_root = \"" + root + "\"\n");
        const ProcResult r = sb.qa(repo, "run --staged --config " + shell_quote(config.string()));
        INFO(r.describe());
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("artifact_root") != std::string::npos);
    }
    CHECK_FALSE(fs::exists(repo / "src" / ".gitignore"));
    CHECK_FALSE(fs::exists(sb.root() / "x"));
    CHECK(fs::is_empty(outside));
    CHECK_FALSE(fs::exists(repo / ".git" / "hooks" / "x"));
}

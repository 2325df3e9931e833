// Issue 10, "never touch what is the user's": paths a repository's configuration names, the
// hooks folder a tool like husky keeps in the repository, the pre-commit framework's own hook,
// and the run folders that accumulate. Real git, real binaries, real pre-commit.
#include <catch2/catch.hpp>

#include <chrono>
#include <set>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

void require_exit2_naming(const ProcResult& r, const std::string& key, const std::string& file) {
    INFO(r.describe());
    REQUIRE(r.exited);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(key) != std::string::npos);
    CHECK(r.err.find(file) != std::string::npos);
}

}  // namespace

TEST_CASE("a committed symbolic link never lets baseline create write outside the repository",
          "[cli][baseline][gate10]") {
    HookSandbox sb;
    const fs::path home = sb.root() / "victim-home";
    qa::test::write_file(home / ".bashrc", "export PATH=/usr/bin\n");
    qa::test::write_file(sb.root() / "outside.json", "untouched\n");
    const auto repo = sb.repo_with_commit("linked");
    fs::create_directory_symlink(home, repo / "cfg");
    sb.add_file(repo, ".qa-skill.toml", "baseline = \"cfg/.bashrc\"\n");
    sb.git_ok(repo, "add cfg");
    sb.commit(repo, "config with a link");

    for (const std::string verb : {"baseline create", "baseline check"}) {
        INFO(verb);
        const ProcResult r = sb.qa(repo, verb);
        require_exit2_naming(r, "baseline", ".qa-skill.toml");
        CHECK(r.err.find("symbolic link") != std::string::npos);
    }
    CHECK(qa::test::read_bytes(home / ".bashrc") == "export PATH=/usr/bin\n");

    // The baseline file itself a link to a file outside.
    fs::create_symlink("../outside.json", repo / "accepted.json");
    sb.add_file(repo, ".qa-skill.toml", "baseline = \"accepted.json\"\n");
    sb.git_ok(repo, "add accepted.json");
    sb.commit(repo, "baseline is a link");
    require_exit2_naming(sb.qa(repo, "baseline create"), "baseline", ".qa-skill.toml");
    CHECK(qa::test::read_bytes(sb.root() / "outside.json") == "untouched\n");
    CHECK(fs::is_symlink(repo / "accepted.json"));

    // An ordinary path still works.
    sb.add_file(repo, ".qa-skill.toml", "baseline = \"qa/accepted.json\"\n");
    sb.commit(repo, "plain path");
    const ProcResult ok = sb.qa(repo, "baseline create");
    INFO(ok.describe());
    CHECK(ok.exit_code == 0);
    CHECK(fs::is_regular_file(repo / "qa" / "accepted.json"));
}

TEST_CASE("rules_files through a symbolic link are never read from outside the repository",
          "[cli][config][gate10]") {
    HookSandbox sb;
    const fs::path outside = sb.root() / "outside";
    qa::test::write_file(outside / "rules.toml", "# not the repository's\n");
    const auto repo = sb.repo_with_commit("rules-link");
    fs::create_directory_symlink(outside, repo / "shared");
    sb.git_ok(repo, "add shared");
    sb.commit(repo, "link");
    const fs::path config = sb.root() / "ci.toml";
    qa::test::write_file(config, "rules_files = [\"shared/rules.toml\"]\n");
    sb.add_file(repo, "app.py", "x = 1\n");

    require_exit2_naming(sb.qa(repo, "run --staged --config " + shell_quote(config.string())),
                         "rules_files", "ci.toml");
    require_exit2_naming(sb.qa(repo, "config check " + shell_quote(config.string())), "rules_files",
                         "ci.toml");
    qa::test::write_file(repo / ".qa-skill.toml", "rules_files = [\"shared/rules.toml\"]\n");
    require_exit2_naming(sb.qa(repo, "config check"), "rules_files", ".qa-skill.toml");
}

TEST_CASE("a committed .qa-skill link never redirects the artifacts of a commit",
          "[hooks][artifacts][gate10]") {
    HookSandbox sb;
    const fs::path elsewhere = sb.root() / "elsewhere";
    fs::create_directories(elsewhere);
    const auto repo = sb.repo_with_commit("artifact-link");
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    fs::create_directory_symlink(elsewhere, repo / ".qa-skill");
    sb.git_ok(repo, "add .qa-skill");
    sb.git_ok(repo, "commit -q --no-verify -m link");
    sb.add_file(repo, "app.py", "x = 1\n");

    const std::string before = sb.rev_parse(repo, "HEAD");
    const ProcResult r = sb.git_in(repo, "commit -q -m app");
    INFO(r.describe());
    CHECK(r.exit_code != 0);  // git's own status when the hook refuses
    CHECK(r.err.find("artifact_root") != std::string::npos);
    CHECK(sb.rev_parse(repo, "HEAD") == before);
    require_exit2_naming(sb.hook(repo, "pre-commit"), "artifact_root", "symbolic link");
    CHECK(fs::is_empty(elsewhere));
}

namespace {

/// A bin folder holding only qa-skill-hook, and the PATH that puts it first.
std::string path_with_hook(const HookSandbox& sb) {
    const fs::path bin = sb.root() / "bin";
    if (!fs::exists(bin / "qa-skill-hook")) {
        fs::create_directories(bin);
        fs::create_symlink(QA_SKILL_HOOK_BIN, bin / "qa-skill-hook");
    }
    return "PATH=" + shell_quote(bin.string() + ":/usr/bin:/bin") + " ";
}

}  // namespace

TEST_CASE("install never modifies tracked hooks under core.hooksPath (husky and alike)",
          "[hooks][install][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("tracked-hooks");
    sb.add_file(repo, ".githooks/pre-commit", "#!/bin/sh\nexit 0\n# team hook\n");
    sb.commit(repo, "team hooks");
    sb.git_ok(repo, "config core.hooksPath .githooks");
    qa::test::settle_index(sb, repo);
    const auto before = qa::test::capture_state(sb, repo);

    const ProcResult r = sb.in(repo, path_with_hook(sb) + shell_quote(QA_SKILL_BIN) + " install");
    require_exit2_naming(r, "core.hooksPath", ".githooks/pre-commit");
    CHECK(r.err.find("tracked") != std::string::npos);
    CHECK(r.err.find("qa-skill-hook pre-push \"$@\"") != std::string::npos);  // the guidance
    const auto after = qa::test::capture_state(sb, repo);
    INFO(before.diff(after));
    CHECK(before == after);  // no file renamed, written or added beside it

    // husky 9: core.hooksPath=.husky/_ (ignored, generated), the user's hooks in .husky/.
    const auto husky = sb.repo_with_commit("husky");
    sb.add_file(husky, ".husky/pre-commit", "npm test\n");
    sb.commit(husky, "husky hook");
    const std::string generated = "#!/usr/bin/env sh\n. \"$(dirname \"$0\")/h\"\n";
    qa::test::write_file(husky / ".husky/_/.gitignore", "*\n");
    qa::test::write_file(husky / ".husky/_/h", "#!/usr/bin/env sh\nexit 0\n");
    qa::test::write_file(husky / ".husky/_/pre-commit", generated);
    sb.git_ok(husky, "config core.hooksPath .husky/_");
    const ProcResult h = sb.in(husky, path_with_hook(sb) + shell_quote(QA_SKILL_BIN) + " install");
    require_exit2_naming(h, "husky", ".husky/pre-commit:");
    CHECK(qa::test::read_bytes(husky / ".husky/_/pre-commit") == generated);
    CHECK_FALSE(fs::exists(husky / ".husky/_/pre-commit.qa-skill-previous"));
    CHECK_FALSE(fs::exists(husky / ".husky/_/pre-push"));
}

TEST_CASE("install into an untracked core.hooksPath writes relocatable shims that gate commits",
          "[hooks][install][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("own-hooks");
    sb.git_ok(repo, "config core.hooksPath .githooks");

    // Without qa-skill-hook on PATH the shims could not find it: refused, nothing written.
    const ProcResult no_path =
        sb.in(repo, "PATH=/usr/bin:/bin " + shell_quote(QA_SKILL_BIN) + " install");
    require_exit2_naming(no_path, "core.hooksPath", "PATH");
    CHECK_FALSE(fs::exists(repo / ".githooks" / "pre-commit"));

    const ProcResult r = sb.in(repo, path_with_hook(sb) + shell_quote(QA_SKILL_BIN) + " install");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    for (const std::string hook : {"pre-commit", "pre-merge-commit", "pre-push"}) {
        const std::string shim = qa::test::read_bytes(repo / ".githooks" / hook);
        INFO(hook << "\n" << shim);
        CHECK(shim.find("qa-skill-hook") != std::string::npos);
        CHECK(shim.find(sb.root().string()) == std::string::npos);  // nothing of this machine
        CHECK(shim.find(fs::path(QA_SKILL_HOOK_BIN).parent_path().string()) == std::string::npos);
    }

    sb.add_file(repo, "deploy.pem", qa::test::make_fake_key(7).pem);
    const ProcResult blocked = sb.in(repo, path_with_hook(sb) + "git commit -q -m key");
    INFO(blocked.describe());
    CHECK(blocked.exit_code != 0);
    CHECK(blocked.err.find("FAIL") != std::string::npos);
    sb.git_ok(repo, "rm -q --cached deploy.pem");
    sb.add_file(repo, "app.py", "x = 1\n");
    const ProcResult passed = sb.in(repo, path_with_hook(sb) + "git commit -q -m app");
    INFO(passed.describe());
    CHECK(passed.exit_code == 0);
    CHECK(passed.err.find("PASS") != std::string::npos);
}

namespace {

constexpr const char* kPreCommit = "/usr/bin/pre-commit";

/// A repository with a committed, empty pre-commit framework configuration.
struct FrameworkRepo {
    HookSandbox sb;
    fs::path repo;
    fs::path hooks;

    FrameworkRepo() {
        repo = sb.repo_with_commit("framework");
        sb.add_file(repo, ".pre-commit-config.yaml", "repos: []\n");
        sb.commit(repo, "framework config");
        hooks = repo / ".git" / "hooks";
        fs::create_directories(sb.root() / "pre-commit-home");
    }
    std::string env() const {
        return "PRE_COMMIT_HOME=" + shell_quote((sb.root() / "pre-commit-home").string()) + " ";
    }
    ProcResult framework(const std::string& args) const {
        return sb.in(repo, env() + kPreCommit + " " + args);
    }
    ProcResult qa(const std::string& args) const {
        return sb.in(repo, env() + shell_quote(QA_SKILL_BIN) + " " + args);
    }
    ProcResult commit(const std::string& message) const {
        return sb.in(repo, env() + "git commit -q -m " + shell_quote(message));
    }
};

}  // namespace

TEST_CASE("install refuses to chain into the pre-commit framework's hook",
          "[hooks][install][framework][gate10]") {
    REQUIRE(fs::exists(kPreCommit));
    FrameworkRepo f;
    const ProcResult installed = f.framework("install");
    INFO(installed.describe());
    REQUIRE(installed.exit_code == 0);
    const std::string framework_hook = qa::test::read_bytes(f.hooks / "pre-commit");

    const ProcResult r = f.qa("install");
    require_exit2_naming(r, "pre-commit framework", "pre-commit install");
    CHECK(r.err.find(".pre-commit-config.yaml") != std::string::npos);
    CHECK(qa::test::read_bytes(f.hooks / "pre-commit") == framework_hook);
    CHECK_FALSE(fs::exists(f.hooks / "pre-commit.qa-skill-previous"));
    CHECK_FALSE(fs::exists(f.hooks / "pre-push"));  // all or nothing
}

TEST_CASE("pre-commit install after qa-skill install never loops, and the gate still holds",
          "[hooks][install][framework][gate10]") {
    REQUIRE(fs::exists(kPreCommit));
    FrameworkRepo f;
    REQUIRE(f.qa("install").exit_code == 0);
    const ProcResult installed = f.framework("install");
    INFO(installed.describe());
    REQUIRE(installed.exit_code == 0);
    REQUIRE(fs::exists(f.hooks / "pre-commit.legacy"));  // the framework moved the shim there

    // The state an install without the check left: the framework's hook kept as the previous
    // one, the shim as the framework's legacy hook; each calls the other.
    fs::copy_file(f.hooks / "pre-commit", f.hooks / "pre-commit.qa-skill-previous");

    f.sb.add_file(f.repo, "app.py", "x = 1\n");
    const ProcResult clean = f.commit("clean");
    INFO(clean.describe());
    CHECK(clean.exit_code == 0);
    CHECK(clean.err.find("migration mode") == std::string::npos);
    CHECK(clean.err.find("Use the framework's qa-skill entry") != std::string::npos);
    CHECK(clean.err.find("PASS") != std::string::npos);

    f.sb.add_file(f.repo, "deploy.pem", qa::test::make_fake_key(9).pem);
    const std::string head = f.sb.rev_parse(f.repo, "HEAD");
    const ProcResult key = f.commit("key");
    INFO(key.describe());
    CHECK(key.exit_code != 0);
    CHECK(key.err.find("FAIL") != std::string::npos);
    CHECK(f.sb.rev_parse(f.repo, "HEAD") == head);

    require_exit2_naming(f.qa("install"), "pre-commit framework", ".git/hooks/pre-commit");

    // uninstall takes the shim out of the framework's legacy slot.
    const ProcResult un = f.qa("uninstall");
    INFO(un.describe());
    CHECK(un.exit_code == 0);
    CHECK_FALSE(fs::exists(f.hooks / "pre-commit.legacy"));
    CHECK(qa::test::read_bytes(f.hooks / "pre-commit").find("pre-commit.com") != std::string::npos);
}

namespace {

/// Every entry of `<repo>/.qa-skill/runs`, dot folders included.
std::set<std::string> run_entries(const fs::path& repo) {
    std::set<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(repo / ".qa-skill" / "runs", ec), end; !ec && it != end;
         it.increment(ec)) {
        names.insert(it->path().filename().string());
    }
    return names;
}

/// Stages a new file and runs `qa-skill run --staged`; returns the run folder it added.
std::string run_once(const HookSandbox& sb, const fs::path& repo, int i) {
    const auto before = run_entries(repo);
    sb.add_file(repo, "f" + std::to_string(i) + ".py", "x = " + std::to_string(i) + "\n");
    const ProcResult r = sb.qa(repo, "run --staged");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    std::string added;
    for (const auto& name : run_entries(repo)) {
        if (before.count(name) == 0) {
            added = name;
        }
    }
    REQUIRE(qa::test::is_sha256_hex(added));
    return added;
}

}  // namespace

TEST_CASE("artifact_retention keeps the newest run folders and prunes the others",
          "[cli][artifacts][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("retention");
    sb.add_file(repo, ".qa-skill.toml", "artifact_retention = 3\n");
    sb.commit(repo, "keep three");
    std::vector<std::string> written;
    written.reserve(6);
    for (int i = 0; i < 6; ++i) {
        written.push_back(run_once(sb, repo, i));
    }
    const std::set<std::string> newest(written.end() - 3, written.end());
    CHECK(run_entries(repo) == newest);  // no staging or pruning folder left either

    // The same inputs again: the folder is replaced whole, still three.
    const ProcResult again = sb.qa(repo, "run --staged");
    INFO(again.describe());
    CHECK(again.exit_code == 0);
    CHECK(run_entries(repo) == newest);

    // The default keeps 20.
    sb.add_file(repo, ".qa-skill.toml", "run_mode = \"strict\"\n");
    sb.commit(repo, "default retention");
    for (int i = 10; i < 32; ++i) {
        run_once(sb, repo, i);
    }
    CHECK(run_entries(repo).size() == 20);
}

TEST_CASE("run folders a killed process left half written are removed once abandoned",
          "[cli][artifacts][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("abandoned");
    run_once(sb, repo, 0);
    const fs::path runs = repo / ".qa-skill" / "runs";
    // What SIGKILL during a write or a prune leaves, one old and one fresh of each kind.
    const std::string key(64, 'a');
    const std::vector<std::string> old_names = {".writing-" + key + "-4242",
                                                ".pruning-" + key + "-4243"};
    const std::vector<std::string> fresh_names = {".writing-" + key + "-4244",
                                                  ".pruning-" + key + "-4245"};
    for (const auto& name : old_names) {
        fs::create_directories(runs / name);
        qa::test::write_file(runs / name / "lens-plans.json", "{");
        // Older than any run still being written.
        fs::last_write_time(runs / name, fs::file_time_type::clock::now() - std::chrono::hours(1));
    }
    for (const auto& name : fresh_names) {
        fs::create_directories(runs / name);
        qa::test::write_file(runs / name / "lens-plans.json", "{");
    }
    const std::string added = run_once(sb, repo, 1);
    const auto entries = run_entries(repo);
    for (const auto& name : old_names) {
        CHECK(entries.count(name) == 0);
    }
    // One that may belong to a run in progress right now stays.
    for (const auto& name : fresh_names) {
        CHECK(entries.count(name) == 1);
    }
    CHECK(entries.count(added) == 1);
}

TEST_CASE("artifact_retention is validated", "[cli][config][gate10]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("retention-bad");
    for (const std::string value : {"0", "-1", "\"all\"", "1.5"}) {
        INFO(value);
        qa::test::write_file(repo / ".qa-skill.toml", "artifact_retention = " + value + "\n");
        require_exit2_naming(sb.qa(repo, "config check"), "artifact_retention", ".qa-skill.toml");
    }
    qa::test::write_file(repo / ".qa-skill.toml", "artifact_retention = 5\n");
    const ProcResult ok = sb.qa(repo, "config check");
    INFO(ok.describe());
    CHECK(ok.exit_code == 0);
}

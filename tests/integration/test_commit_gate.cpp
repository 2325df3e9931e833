// The pre-commit gate through real `git commit` with the installed hooks and the embedded default
// configuration: conflict markers and private keys are refused, clean commits pass, artifacts land
// hashed under .qa-skill/runs/<executionKey>/.
#include <catch2/catch.hpp>

#include <regex>
#include <set>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::read_bytes;

namespace {

/// Checks one run folder: the seven files, manifest hashes equal to sha256sum of the files.
void check_run_dir(const fs::path& dir) {
    INFO("run folder " << dir.string());
    CHECK(qa::test::is_sha256_hex(dir.filename().string()));
    for (const auto& name : qa::test::hashed_artifact_names()) {
        CHECK(fs::is_regular_file(dir / name));
    }
    REQUIRE(fs::is_regular_file(dir / "manifest.json"));
    CHECK(fs::is_regular_file(dir / "timings.json"));

    const auto manifest = qa::json::parse(read_bytes(dir / "manifest.json"));
    REQUIRE(manifest.is_object());
    const auto* key = manifest.find("executionKey");
    REQUIRE(key != nullptr);
    CHECK(key->as_string() == dir.filename().string());
    const auto* files = manifest.find("files");
    REQUIRE(files != nullptr);
    REQUIRE(files->is_object());
    std::set<std::string> listed;
    for (const auto& [name, hash] : files->as_object()) {
        listed.insert(name);
        INFO("manifest entry " << name);
        REQUIRE(hash.is_string());
        REQUIRE(fs::is_regular_file(dir / name));
        CHECK(hash.as_string() == qa::test::sha256sum_of(dir / name));
    }
    const auto& names = qa::test::hashed_artifact_names();
    CHECK(listed == std::set<std::string>(names.begin(), names.end()));
}

}  // namespace

TEST_CASE("git commit of a conflict marker is refused with file:line and rule", "[hooks][commit]") {
    HookSandbox sb;
    const auto repo = sb.installed_repo();
    const std::string head = sb.rev_parse(repo, "HEAD");
    sb.add_file(repo, "src/app.py", qa::test::conflicted_python());

    const ProcResult r = sb.git_in(repo, "commit -q -m 'add conflict'");
    INFO(r.describe());
    REQUIRE(r.exited);
    CHECK(r.exit_code != 0);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
    CHECK(r.err.find("FAIL") != std::string::npos);
    CHECK(r.err.find("PASS") == std::string::npos);
    // "  src/app.py:2:1  <severity>  <rule>  <summary>"
    const std::regex finding(R"(src/app\.py:2:\d+\s+[a-z]+\s+[a-z0-9-]+\s)");
    CHECK(std::regex_search(r.err, finding));

    // Artifacts of the refused commit.
    const auto root = repo / ".qa-skill";
    CHECK(fs::is_regular_file(root / ".gitignore"));
    const auto dirs = qa::test::run_dirs(root);
    REQUIRE(dirs.size() == 1);
    check_run_dir(dirs.front());
    CHECK(r.err.find(dirs.front().filename().string()) != std::string::npos);

    const auto verdict = qa::json::parse(read_bytes(dirs.front() / "final-verdict.json"));
    const auto* status = verdict.find("status");
    REQUIRE(status != nullptr);
    CHECK(status->as_string() == "FAIL");

    // The artifact root hides itself from git.
    const std::string porcelain = sb.git_ok(repo, "status --porcelain --untracked-files=all");
    CHECK(porcelain.find(".qa-skill") == std::string::npos);
    CHECK(porcelain.find("src/app.py") != std::string::npos);  // still staged, not committed
}

TEST_CASE("git commit of a private key is refused and the key is never echoed or stored",
          "[hooks][commit][secrets]") {
    HookSandbox sb;
    const auto repo = sb.installed_repo();
    const std::string head = sb.rev_parse(repo, "HEAD");
    const auto key = qa::test::make_fake_key();
    sb.add_file(repo, "config/deploy_key.pem", key.pem);

    const ProcResult r = sb.git_in(repo, "commit -q -m 'add key'");
    INFO(r.describe());
    REQUIRE(r.exited);
    CHECK(r.exit_code != 0);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
    CHECK(r.err.find("FAIL") != std::string::npos);
    CHECK(r.err.find("config/deploy_key.pem:") != std::string::npos);
    // A PEM file holds no comment: no inline directive is offered for it, the exclude is, with
    // the warning that a live key is revoked (issue 26 item 11).
    CHECK(r.err.find("qa-skill: allow") == std::string::npos);
    CHECK(r.err.find("exclude = [\"config/deploy_key.pem\"] in .qa-skill.toml (a live key is "
                     "revoked, never excluded)") != std::string::npos);

    // Neither the hook's output nor any file under .qa-skill/ holds any 20-character piece of
    // the key body.
    const auto stored = qa::test::read_tree(repo / ".qa-skill");
    REQUIRE(!stored.empty());
    REQUIRE(qa::test::run_dirs(repo / ".qa-skill").size() == 1);
    for (const auto& line : key.body_lines) {
        for (std::size_t at = 0; at + 20 <= line.size(); at += 4) {
            const std::string piece = line.substr(at, 20);
            INFO("key piece " << piece);
            CHECK(r.all().find(piece) == std::string::npos);
            for (const auto& [name, bytes] : stored) {
                INFO("artifact " << name);
                CHECK(bytes.find(piece) == std::string::npos);
            }
        }
    }
}

TEST_CASE("a clean commit passes with one short PASS line", "[hooks][commit]") {
    HookSandbox sb;
    const auto repo = sb.installed_repo();
    const std::string head = sb.rev_parse(repo, "HEAD");
    sb.add_file(repo, "src/util.py", "def add(a, b):\n    return a + b\n");
    sb.add_file(repo, "docs/notes.md", "# Notes\n\nNothing to see here.\n");

    const ProcResult r = sb.git_in(repo, "commit -q -m 'clean change'");
    INFO(r.describe());
    REQUIRE(r.exited);
    REQUIRE(r.exit_code == 0);
    CHECK(sb.rev_parse(repo, "HEAD") != head);
    CHECK(sb.rev_parse(repo, "HEAD^") == head);
    const std::string out = r.all();
    CHECK(qa::test::count_lines(out) == 1);
    CHECK(out.find("PASS") != std::string::npos);
    CHECK(out.find("FAIL") == std::string::npos);
    CHECK(out.size() < 200);

    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(dirs.size() == 1);
    check_run_dir(dirs.front());
    CHECK(fs::is_regular_file(repo / ".qa-skill" / ".gitignore"));
    CHECK(sb.git_ok(repo, "status --porcelain --untracked-files=all").empty());
}

TEST_CASE("git commit -a and git commit <paths> are checked as committed", "[hooks][commit]") {
    HookSandbox sb;
    const auto repo = sb.installed_repo();
    sb.add_file(repo, "tracked.py", "x = 1\n");
    sb.git_ok(repo, "commit -q --no-verify -m tracked");
    const std::string head = sb.rev_parse(repo, "HEAD");

    // The index holds only a clean change; the conflict sits unstaged in a tracked file.
    qa::test::write_file(repo / "tracked.py", qa::test::conflicted_python());
    sb.add_file(repo, "clean.py", "y = 2\n");
    qa::test::settle_index(sb, repo);
    const std::string index_before = read_bytes(repo / ".git" / "index");

    const ProcResult all = sb.git_in(repo, "commit -q -a -m all");
    INFO(all.describe());
    CHECK(all.exit_code != 0);
    CHECK(all.err.find("tracked.py:2") != std::string::npos);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
    CHECK(read_bytes(repo / ".git" / "index") == index_before);
    // git commit -a stages the fix itself: the way forward says to commit again, not to add.
    CHECK(all.err.find("run the same git commit again (it stages your edits)") !=
          std::string::npos);
    CHECK(all.err.find("git add it") == std::string::npos);

    const ProcResult partial = sb.git_in(repo, "commit -q -m partial -- tracked.py");
    INFO(partial.describe());
    CHECK(partial.exit_code != 0);
    CHECK(partial.err.find("tracked.py:2") != std::string::npos);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
    CHECK(partial.err.find("run the same git commit again") != std::string::npos);

    // A plain commit of the staged conflict is told to stage its fix.
    sb.git_ok(repo, "add tracked.py");
    const ProcResult staged = sb.git_in(repo, "commit -q -m staged");
    INFO(staged.describe());
    CHECK(staged.exit_code != 0);
    CHECK(staged.err.find("git add it and commit again") != std::string::npos);
    sb.git_ok(repo, "reset -q tracked.py");

    const ProcResult clean = sb.git_in(repo, "commit -q -m clean -- clean.py");
    INFO(clean.describe());
    CHECK(clean.exit_code == 0);
    CHECK(sb.rev_parse(repo, "HEAD^") == head);
}

TEST_CASE("a FAIL says when the working tree's .qa-skill.toml is not the one checked",
          "[hooks][commit][config]") {
    HookSandbox sb;
    const auto repo = sb.installed_repo();
    sb.add_file(repo, ".qa-skill.toml", "exclude = [\"vendor/**\"]\n");
    sb.git_ok(repo, "commit -q --no-verify -m config");
    // The user excludes legacy/ in the working tree but does not stage it: the commit is
    // checked with the staged configuration, and the FAIL says so in one line.
    qa::test::write_file(repo / ".qa-skill.toml", "exclude = [\"vendor/**\", \"legacy/**\"]\n");
    sb.add_file(repo, "legacy/merge.py", qa::test::conflicted_python());
    const ProcResult r = sb.git_in(repo, "commit -q -m legacy");
    INFO(r.describe());
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("legacy/merge.py:2") != std::string::npos);
    CHECK(r.err.find("note: .qa-skill.toml has unstaged changes; the staged version was used "
                     "(git add .qa-skill.toml to use yours)") != std::string::npos);

    // Staged, the edit is what is checked, and nothing is said about it.
    sb.git_ok(repo, "add .qa-skill.toml");
    const ProcResult staged = sb.git_in(repo, "commit -q -m legacy");
    INFO(staged.describe());
    CHECK(staged.exit_code == 0);
    CHECK(staged.all().find("note:") == std::string::npos);

    // A FAIL with the working tree's configuration equal to the staged one says nothing either.
    sb.add_file(repo, "src/merge.py", qa::test::conflicted_python());
    const ProcResult plain = sb.git_in(repo, "commit -q -m merge");
    CHECK(plain.exit_code != 0);
    CHECK(plain.err.find("note:") == std::string::npos);
}

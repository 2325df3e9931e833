// `qa-skill fix` (issue 26 item 17): the safe hygiene fixes applied to the staged files in the
// working tree, never staged by it, never to a binary file, a file outside the change, or a
// file whose working-tree bytes hold unstaged edits; a FAIL of a commit offers it.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <string>

#include "support/hook_fixture.hpp"

using qa::test::HookSandbox;
using qa::test::ProcResult;
namespace fs = std::filesystem;

namespace {

/// The staged entries (mode, blob, path) and the index bytes: what `qa-skill fix` must not touch.
std::string index_state(const HookSandbox& sb, const fs::path& repo) {
    return sb.git_ok(repo, "ls-files -s") + qa::test::read_bytes(repo / ".git" / "index");
}

/// A repository whose commits go through the hook, with the hygiene checks made blocking.
fs::path blocking_repo(const HookSandbox& sb, const std::string& name) {
    auto repo = sb.installed_repo(name);
    sb.add_file(repo, ".qa-skill.toml", "[lenses.style]\nblock_at = \"low\"\n");
    sb.git_ok(repo, "commit -q --no-verify -m 'hygiene blocks'");
    return repo;
}

}  // namespace

TEST_CASE("qa-skill fix fixes the staged files in the working tree and stages nothing",
          "[fix][hygiene][hooks]") {
    HookSandbox sb;
    const auto repo = blocking_repo(sb, "fix");
    // Outside the change: committed with trailing whitespace, left as it is.
    sb.add_file(repo, "old.txt", "old  \n");
    sb.git_ok(repo, "commit -q --no-verify -m old");

    sb.add_file(repo, "app.py", "x = 1   \ny = 2\t\nz = 3");
    sb.add_file(repo, "notes.txt", "a\r\nb\r\nc\n");
    qa::test::write_file(repo / "run.sh", "#!/bin/sh\necho hi  \n");
    REQUIRE(::chmod((repo / "run.sh").c_str(), 0755) == 0);
    sb.git_ok(repo, "add run.sh");
    const std::string binary("\0bin  \n", 7);
    sb.add_file(repo, "data.bin", binary);

    // The commit is blocked, and the ways forward offer the fix.
    const std::string head = sb.rev_parse(repo, "HEAD");
    const ProcResult blocked = sb.git_in(repo, "commit -q -m change");
    INFO(blocked.describe());
    CHECK(blocked.exit_code != 0);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
    CHECK(blocked.err.find("qa-skill fix removes the trailing whitespace") != std::string::npos);
    CHECK(blocked.err.find("then git add the files and commit again.") != std::string::npos);

    const std::string staged = index_state(sb, repo);
    const ProcResult dry = sb.qa(repo, "fix --dry-run");
    INFO(dry.describe());
    CHECK(dry.exit_code == 0);
    CHECK(dry.out.find("app.py: would be: trailing whitespace removed on 2 line(s), final "
                       "newline added") != std::string::npos);
    CHECK(qa::test::read_bytes(repo / "app.py") == "x = 1   \ny = 2\t\nz = 3");

    const ProcResult fixed = sb.qa(repo, "fix");
    INFO(fixed.describe());
    CHECK(fixed.exit_code == 0);
    CHECK(fixed.out.find("qa-skill fix: app.py: trailing whitespace removed on 2 line(s), final "
                         "newline added\n") != std::string::npos);
    CHECK(fixed.out.find("qa-skill fix: notes.txt: 2 CRLF line ending(s) made LF\n") !=
          std::string::npos);
    CHECK(fixed.out.find("qa-skill fix: run.sh: trailing whitespace removed on 1 line(s)\n") !=
          std::string::npos);
    CHECK(fixed.out.find("3 file(s) fixed in the working tree, nothing staged: review with "
                         "git diff, then git add -- app.py notes.txt run.sh") != std::string::npos);
    CHECK(qa::test::read_bytes(repo / "app.py") == "x = 1\ny = 2\nz = 3\n");
    CHECK(qa::test::read_bytes(repo / "notes.txt") == "a\nb\nc\n");
    CHECK(qa::test::read_bytes(repo / "run.sh") == "#!/bin/sh\necho hi\n");
    struct stat st {};
    REQUIRE(::stat((repo / "run.sh").c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0755);
    // Untouched: the binary file, the file outside the change, and the index.
    CHECK(qa::test::read_bytes(repo / "data.bin") == binary);
    CHECK(qa::test::read_bytes(repo / "old.txt") == "old  \n");
    CHECK(index_state(sb, repo) == staged);
    CHECK(sb.git_ok(repo, "diff --name-only") == "app.py\nnotes.txt\nrun.sh\n");

    // Run again before staging: the working tree holds the fixes already; said so, not redone.
    const ProcResult again = sb.qa(repo, "fix");
    INFO(again.describe());
    CHECK(again.exit_code == 0);
    CHECK(again.out.find("qa-skill fix: app.py: fixed in the working tree already, not staged\n") !=
          std::string::npos);
    CHECK(qa::test::read_bytes(repo / "app.py") == "x = 1\ny = 2\nz = 3\n");

    // Staged by the person, the commit passes.
    sb.git_ok(repo, "add -u");
    const ProcResult committed = sb.git_in(repo, "commit -q -m change");
    INFO(committed.describe());
    CHECK(committed.exit_code == 0);
    CHECK(sb.rev_parse(repo, "HEAD") != head);
    const ProcResult nothing = sb.qa(repo, "fix");
    CHECK(nothing.exit_code == 0);
    CHECK(nothing.out == "qa-skill fix: nothing to fix in the staged files\n");
}

TEST_CASE("qa-skill fix leaves a file with unstaged edits alone and fixes only added lines",
          "[fix][hygiene]") {
    HookSandbox sb;
    const auto repo = blocking_repo(sb, "unstaged");
    sb.add_file(repo, "kept.txt", "old line  \n");
    sb.git_ok(repo, "commit -q --no-verify -m kept");

    // Staged: a trailing space on an added line; then an unstaged edit on top.
    sb.add_file(repo, "edit.txt", "one  \ntwo\n");
    const std::string edited = "one  \ntwo\nthree, not staged  \n";
    qa::test::write_file(repo / "edit.txt", edited);
    // A modification: only its added line is fixed, the old line keeps its spaces.
    sb.add_file(repo, "kept.txt", "old line  \nnew line \n");
    const std::string staged = index_state(sb, repo);

    const ProcResult r = sb.qa(repo, "fix");
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("qa-skill fix: edit.txt: left alone: the working-tree file differs from the "
                     "staged one (unstaged edits, or a git filter such as core.autocrlf); stage "
                     "or stash the edits, then run qa-skill fix again (it would fix: trailing "
                     "whitespace removed on 1 line(s))") != std::string::npos);
    CHECK(qa::test::read_bytes(repo / "edit.txt") == edited);  // the unstaged edit is intact
    CHECK(qa::test::read_bytes(repo / "kept.txt") == "old line  \nnew line\n");
    CHECK(index_state(sb, repo) == staged);

    // The way out it names: stash the unstaged edits, fix, restore them.
    sb.git_ok(repo, "stash push -q --keep-index -- edit.txt");
    const ProcResult after = sb.qa(repo, "fix");
    INFO(after.describe());
    CHECK(after.out.find("qa-skill fix: edit.txt: trailing whitespace removed on 1 line(s)") !=
          std::string::npos);
    CHECK(qa::test::read_bytes(repo / "edit.txt") == "one\ntwo\n");

    // Outside a repository: a usage error.
    const ProcResult outside = sb.qa(sb.root(), "fix");
    CHECK(outside.exit_code == 2);
}

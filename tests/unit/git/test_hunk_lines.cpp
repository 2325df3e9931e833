// A change set holds hunks (line ranges), never lines: its size follows the number of changed
// regions, not the number of changed lines, and the lines read back from the blobs are git's.
#include <catch2/catch.hpp>

#include <string>

#include "git/change_set.hpp"
#include "git/hunk_lines.hpp"
#include "hunk_text.hpp"
#include "open_repo.hpp"
#include "support/git_fixture.hpp"

using qa::git::ChangeSet;
using qa::git::FileChange;
using qa::git::LineCursor;
using qa::test::GitSandbox;
using qa::test::open_repo;

namespace {

const FileChange& find_file(const ChangeSet& set, const std::string& path) {
    const auto it = std::find_if(set.files.begin(), set.files.end(),
                                 [&](const FileChange& f) { return f.path == path; });
    REQUIRE(it != set.files.end());
    return *it;
}

std::string numbered(int from, int to) {
    std::string text;
    for (int i = from; i <= to; ++i) {
        text += "line " + std::to_string(i) + "\n";
    }
    return text;
}

}  // namespace

TEST_CASE("LineCursor finds lines by number, forwards and back", "[git]") {
    LineCursor lines("a\r\nbb\n\nlast");
    CHECK(lines.line(2) == "bb");
    CHECK(lines.line(4) == "last");
    CHECK(lines.no_newline_after(4));
    CHECK(lines.line(1) == "a\r");  // back to the start: CRLF keeps its '\r'
    CHECK_FALSE(lines.no_newline_after(1));
    CHECK(lines.line(3).empty());
    CHECK(lines.line(5).empty());  // past the end
    CHECK_FALSE(lines.no_newline_after(5));
    LineCursor ended("x\n");
    CHECK(ended.line(1) == "x");
    CHECK_FALSE(ended.no_newline_after(1));
    CHECK(ended.line(2).empty());
}

TEST_CASE("a change set holds one hunk per changed region, whatever the line count", "[git]") {
    qa::git::LibGit2 lib;
    GitSandbox sandbox;
    const auto dir = sandbox.init("repo");
    sandbox.add_file(dir, "edited.txt", numbered(1, 100000));
    sandbox.commit(dir, "base");
    // A new file of a million lines, and three separate edits of a 100,000-line file.
    std::string big;
    for (int i = 0; i < 1000000; ++i) {
        big += i % 2 == 0 ? "abc def\n" : "\n";
    }
    qa::test::write_file(dir / "big.txt", big);
    std::string edited = numbered(1, 100000);
    edited.replace(edited.find("line 10\n"), 8, "LINE 10\n");
    edited.replace(edited.find("line 50000\n"), 11, "LINE 50000\nadded\n");
    edited.erase(edited.find("line 99999\n"), 11);
    qa::test::write_file(dir / "edited.txt", edited);
    qa::test::write_file(dir / "crlf.txt", "one\r\ntwo\r\nno newline");
    sandbox.git_ok(dir, "add -A");
    const auto repo = open_repo(lib, sandbox, dir);
    const ChangeSet set = qa::git::staged_changes(repo);

    const FileChange& added = find_file(set, "big.txt");
    CHECK(added.added_lines == 1000000);
    REQUIRE(added.hunks.size() == 1);
    CHECK(added.hunks[0].old_start == 0);
    CHECK(added.hunks[0].old_lines == 0);
    CHECK(added.hunks[0].new_start == 1);
    CHECK(added.hunks[0].new_lines == 1000000);
    CHECK(added.hunks[0].bytes == big.size());

    const FileChange& modified = find_file(set, "edited.txt");
    CHECK(modified.added_lines == 3);
    CHECK(modified.removed_lines == 3);
    REQUIRE(modified.hunks.size() == 3);
    const auto text = qa::test::hunk_text(repo, modified);
    REQUIRE(text[0].size() == 2);
    CHECK(text[0][0].content == "line 10");
    CHECK(text[0][0].old_line_no == 10);
    CHECK(text[0][1].content == "LINE 10");
    CHECK(text[0][1].new_line_no == 10);
    REQUIRE(text[1].size() == 3);
    CHECK(text[1][1].content == "LINE 50000");
    CHECK(text[1][2].content == "added");
    CHECK(text[1][2].new_line_no == 50001);
    REQUIRE(text[2].size() == 1);
    CHECK(text[2][0].origin == '-');
    CHECK(text[2][0].content == "line 99999");
    CHECK(text[2][0].old_line_no == 99999);

    const FileChange& crlf = find_file(set, "crlf.txt");
    REQUIRE(crlf.hunks.size() == 1);
    const auto crlf_text = qa::test::hunk_text(repo, crlf);
    REQUIRE(crlf_text[0].size() == 3);
    CHECK(crlf_text[0][0].content == "one\r");
    CHECK(crlf_text[0][2].content == "no newline");
    CHECK(crlf_text[0][2].no_newline_at_eof);
    CHECK(crlf.hunks[0].bytes == 5 + 5 + 11);

    // The same counts as git's.
    const std::string numstat = sandbox.git_ok(dir, "diff --cached --numstat");
    CHECK(numstat.find("1000000\t0\tbig.txt") != std::string::npos);
    CHECK(numstat.find("3\t3\tedited.txt") != std::string::npos);
}

TEST_CASE("a touched PEM block is widened by ranges of the new blob", "[git]") {
    qa::git::LibGit2 lib;
    GitSandbox sandbox;
    const auto dir = sandbox.init("repo");
    const std::string body_old = "QUFBQUFBQUFBQUFBQUFBQUFBQUFB\nQkJCQkJCQkJCQkJCQkJCQkJCQkJC\n";
    const std::string body_new = "QUFBQUFBQUFBQUFBQUFBQUFBQUFB\nWFhYWFhYWFhYWFhYWFhYWFhYWFhY\n";
    const std::string begin = "-----BEGIN TEST KEY-----\n";
    const std::string end = "-----END TEST KEY-----\n";
    sandbox.add_file(dir, "key.pem", "top\n" + begin + body_old + end + "tail\n");
    sandbox.commit(dir, "base");
    sandbox.add_file(dir, "key.pem", "top\n" + begin + body_new + end + "tail\n");
    const auto repo = open_repo(lib, sandbox, dir);
    const ChangeSet set = qa::git::staged_changes(repo);
    const FileChange& key = find_file(set, "key.pem");
    CHECK(key.added_lines == 1);  // counts stay git's
    // The diff's hunk (line 4), then the rest of the block in ascending runs: 2-3 and 5.
    REQUIRE(key.hunks.size() == 3);
    CHECK(key.hunks[0].new_start == 4);
    CHECK(key.hunks[1].new_start == 2);
    CHECK(key.hunks[1].new_lines == 2);
    CHECK(key.hunks[2].new_start == 5);
    CHECK(key.hunks[2].new_lines == 1);
    const auto text = qa::test::hunk_text(repo, key);
    CHECK(text[1][0].content == "-----BEGIN TEST KEY-----");
    CHECK(text[2][0].content == "-----END TEST KEY-----");
    CHECK(key.hunks[2].bytes == end.size());
}

TEST_CASE("the earlier commits of a push are ranges of the blobs that added them", "[git]") {
    qa::git::LibGit2 lib;
    GitSandbox sandbox;
    const auto dir = sandbox.init("repo");
    sandbox.add_file(dir, "README.md", "readme\n");
    sandbox.commit(dir, "base");
    // One commit adds 100,001 lines with a secret on line 50001, the next one replaces it.
    const std::string v1 = numbered(1, 50000) + "secret = old\n" + numbered(50001, 100000);
    sandbox.add_file(dir, "data.txt", v1);
    const std::string c1 = sandbox.commit(dir, "add data");
    std::string v2 = v1;
    v2.replace(v2.find("secret = old"), 12, "secret = new");
    sandbox.add_file(dir, "data.txt", v2);
    const std::string c2 = sandbox.commit(dir, "replace the secret");

    const auto repo = open_repo(lib, sandbox, dir);
    const auto updates = qa::git::parse_push_lines("refs/heads/main " + c2 + " refs/heads/main " +
                                                   std::string(40, '0') + "\n");
    const auto sets = qa::git::pushed_changes(repo, "origin", updates);
    REQUIRE(sets.size() == 1);
    const ChangeSet& earlier = sets[0].earlier;
    CHECK(earlier.earlier_commits);
    CHECK(sets[0].earlier_shas == std::vector<std::string>{c1});
    REQUIRE(earlier.files.size() == 1);
    const FileChange& data = earlier.files[0];
    CHECK(data.path == "data.txt");
    CHECK(data.added_lines == 1);  // every other line of the first blob is in the net change
    REQUIRE(data.hunks.size() == 1);
    CHECK(data.hunks[0].new_start == 50001);
    CHECK(data.hunks[0].new_lines == 1);
    CHECK(data.hunks[0].blob == sandbox.rev_parse(dir, c1 + ":data.txt"));
    CHECK(data.hunks[0].bytes == 13);
    const auto text = qa::test::hunk_text(repo, data);
    REQUIRE(text[0].size() == 1);
    CHECK(text[0][0].content == "secret = old");
    CHECK(text[0][0].new_line_no == 50001);
}

TEST_CASE("a modified or deleted file of more than 2^20 lines is one rewrite hunk", "[git]") {
    qa::git::LibGit2 lib;
    GitSandbox sandbox;
    const auto dir = sandbox.init("repo");
    const std::string base(1100000, '\n');  // more lines than libgit2 should diff
    sandbox.add_file(dir, "long.txt", base);
    sandbox.add_file(dir, "short.txt", numbered(1, 1000));
    sandbox.add_file(dir, "gone.txt", base);
    sandbox.commit(dir, "base");
    sandbox.git_ok(dir, "rm -q gone.txt");
    std::string edited = base;
    edited.insert(500, "token = 1\n");
    qa::test::write_file(dir / "long.txt", edited);
    std::string short_edited = numbered(1, 1000);
    short_edited.replace(short_edited.find("line 7\n"), 7, "LINE 7\n");
    qa::test::write_file(dir / "short.txt", short_edited);
    sandbox.git_ok(dir, "add -A");
    const auto repo = open_repo(lib, sandbox, dir);
    const ChangeSet set = qa::git::staged_changes(repo);

    const FileChange& rewrite = find_file(set, "long.txt");
    CHECK(rewrite.status == qa::git::FileStatus::modified);
    CHECK(rewrite.removed_lines == 1100000);
    CHECK(rewrite.added_lines == 1100001);
    REQUIRE(rewrite.hunks.size() == 1);
    CHECK(rewrite.hunks[0].old_start == 1);
    CHECK(rewrite.hunks[0].old_lines == 1100000);
    CHECK(rewrite.hunks[0].new_start == 1);
    CHECK(rewrite.hunks[0].new_lines == 1100001);
    CHECK(rewrite.hunks[0].bytes == base.size() + edited.size());
    const auto text = qa::test::hunk_text(repo, rewrite);
    REQUIRE(text[0].size() == 1100000 + 1100001);
    CHECK(text[0][1100000 + 500].content == "token = 1");  // the new side, read back whole
    CHECK(text[0][1100000 + 500].new_line_no == 501);

    const FileChange& gone = find_file(set, "gone.txt");
    CHECK(gone.status == qa::git::FileStatus::deleted);
    CHECK(gone.removed_lines == 1100000);
    CHECK(gone.added_lines == 0);
    REQUIRE(gone.hunks.size() == 1);
    CHECK(gone.hunks[0].old_lines == 1100000);
    CHECK(gone.hunks[0].new_lines == 0);
    CHECK(gone.hunks[0].new_start == 0);

    // A file below the bound keeps its line diff.
    const FileChange& diffed = find_file(set, "short.txt");
    CHECK(diffed.added_lines == 1);
    CHECK(diffed.removed_lines == 1);
    REQUIRE(diffed.hunks.size() == 1);
}

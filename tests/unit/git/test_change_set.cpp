#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "git/change_set.hpp"
#include "git/error.hpp"
#include "numstat.hpp"
#include "open_repo.hpp"
#include "support/git_fixture.hpp"

using qa::git::ChangeSet;
using qa::git::FileChange;
using qa::git::FileStatus;
using qa::test::GitSandbox;
using qa::test::open_repo;
using qa::test::shell_quote;
using qa::test::write_file;

namespace {

const std::string kEmptyTree = qa::git::kEmptyTreeSha;

std::string numbered_lines(const std::string& prefix, int count) {
    std::string text;
    for (int i = 1; i <= count; ++i) {
        text += prefix + " line " + std::to_string(i) + "\n";
    }
    return text;
}

std::string binary_blob(char seed) {
    std::string blob("\x89PNG\r\n\x1a\n", 8);
    for (int i = 0; i < 300; ++i) {
        blob += static_cast<char>((i * 7 + seed) % 256);
        blob += '\0';
    }
    return blob;
}

const FileChange& find_file(const ChangeSet& set, const std::string& path) {
    const auto it = std::find_if(set.files.begin(), set.files.end(),
                                 [&](const FileChange& f) { return f.path == path; });
    REQUIRE(it != set.files.end());
    return *it;
}

std::string read_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

/// Everything a read-only operation must leave alone: every file under .git (name, size, mtime),
/// the index bytes, then what git itself reports. `--no-optional-locks` keeps `git status` from
/// refreshing (and so rewriting) the index while we look.
std::string repository_state(const GitSandbox& sandbox, const std::filesystem::path& repo) {
    std::ostringstream state;
    std::vector<std::string> entries;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(repo / ".git")) {
        struct stat info {};
        ::lstat(entry.path().c_str(), &info);
        entries.push_back(entry.path().string() + " " + std::to_string(info.st_size) + " " +
                          std::to_string(info.st_mtim.tv_sec) + "." +
                          std::to_string(info.st_mtim.tv_nsec));
    }
    std::sort(entries.begin(), entries.end());
    for (const auto& e : entries) {
        state << e << "\n";
    }
    state << "index:" << read_bytes(repo / ".git" / "index") << "\n";
    state << "status:"
          << sandbox.git_ok(repo,
                            "--no-optional-locks status --porcelain=v2 -z --branch "
                            "--untracked-files=all")
          << "\n";
    state << "stash:" << sandbox.git_ok(repo, "stash list") << "\n";
    state << "refs:" << sandbox.git_ok(repo, "for-each-ref") << "\n";
    return state.str();
}

/// A repository whose base commit has every kind of file, then a staged change of every kind,
/// plus unstaged and untracked changes and a stash entry that must all stay as they are.
struct RichRepo {
    GitSandbox sandbox;
    std::filesystem::path repo;
    std::string base_sha;
    std::string sub_first;

    RichRepo() {
        const auto sub_src = sandbox.init("subsrc");
        sandbox.add_file(sub_src, "s.txt", "one\n");
        sub_first = sandbox.commit(sub_src, "sub 1");
        sandbox.add_file(sub_src, "s.txt", "two\n");
        sandbox.commit(sub_src, "sub 2");

        repo = sandbox.init("repo");
        sandbox.add_file(repo, "a.txt", numbered_lines("a", 10));
        sandbox.add_file(repo, "ren_old.txt", numbered_lines("rename me", 20));
        sandbox.add_file(repo, "del.txt", numbered_lines("delete me", 3));
        sandbox.add_file(repo, "bin.dat", binary_blob(1));
        sandbox.add_file(repo, "dir with space/\xc3\xbc file.txt", "gr\xc3\xbc\xc3\x9f\nzwei\n");
        sandbox.add_file(repo, "exec.sh", "echo hi\n");
        sandbox.add_file(repo, "tc.txt", "target\n");
        sandbox.add_file(repo, "noeol.txt", "a\nb\nc");
        sandbox.add_file(repo, "cpy_src.txt", numbered_lines("copy source", 20));
        std::filesystem::create_symlink("a.txt", repo / "link");
        sandbox.git_ok(repo, "add link");
        sandbox.git_ok(repo, "submodule add -q " + shell_quote(sub_src.string()) + " sub");
        base_sha = sandbox.commit(repo, "base");

        // A stash entry that must survive.
        write_file(repo / "a.txt", numbered_lines("a", 10) + "stashed\n");
        sandbox.git_ok(repo, "stash -q");

        // The staged change.
        std::string a = numbered_lines("a", 10);
        a.replace(a.find("a line 2\n"), 9, "a line TWO\n");
        a.replace(a.find("a line 8\n"), 9, "a line EIGHT\n");
        sandbox.add_file(repo, "a.txt", a + "a line 11\n");
        std::filesystem::create_directories(repo / "renamed");
        sandbox.git_ok(repo, "mv ren_old.txt " + shell_quote("renamed/ren new.txt"));
        std::string renamed = numbered_lines("rename me", 20);
        renamed.replace(renamed.find("rename me line 5\n"), 17, "renamed line five\n");
        sandbox.add_file(repo, "renamed/ren new.txt", renamed);
        sandbox.git_ok(repo, "rm -q del.txt");
        sandbox.add_file(repo, "bin.dat", binary_blob(2));
        sandbox.add_file(repo, "dir with space/\xc3\xbc file.txt", "gr\xc3\xbc\xc3\x9f\ndrei\n");
        sandbox.add_file(repo, "new\nline.txt", "first\nsecond\n");
        std::filesystem::remove(repo / "link");
        std::filesystem::create_symlink("b/c.txt", repo / "link");
        sandbox.git_ok(repo, "add link");
        sandbox.git_ok(repo, "update-index --chmod=+x exec.sh");
        std::filesystem::remove(repo / "tc.txt");
        std::filesystem::create_symlink("target", repo / "tc.txt");
        sandbox.git_ok(repo, "add tc.txt");
        sandbox.add_file(repo, "noeol.txt", "a\nB\nc\nd\n");
        std::string copy = numbered_lines("copy source", 20);
        sandbox.add_file(repo, "cpy_dst.txt", copy);
        copy.replace(copy.find("copy source line 3\n"), 19, "copy source line three\n");
        sandbox.add_file(repo, "cpy_src.txt", copy);
        sandbox.git_ok(repo, "-C sub checkout -q " + sub_first);
        sandbox.git_ok(repo, "add sub");

        // Unstaged and untracked changes, which a staged diff must not see.
        write_file(repo / "a.txt", a + "unstaged\n");
        write_file(repo / "untracked.txt", "untracked\n");
        write_file(repo / "sub" / "dirty.txt", "dirty submodule\n");
    }
};

}  // namespace

TEST_CASE("staged changes match git diff --cached, for every kind of file", "[git]") {
    qa::git::LibGit2 lib;
    RichRepo r;
    const std::string before = repository_state(r.sandbox, r.repo);

    const auto repo = open_repo(lib, r.sandbox, r.repo);
    const ChangeSet set = qa::git::staged_changes(repo);
    CHECK(set.base == r.base_sha);
    CHECK(set.head == qa::git::kIndexHead);
    qa::test::check_matches_numstat(repo, set,
                                    r.sandbox.git_ok(r.repo, "diff --cached -M -C --numstat -z"));

    const auto& a = find_file(set, "a.txt");
    CHECK(a.status == FileStatus::modified);
    CHECK(a.added_lines == 3);
    CHECK(a.removed_lines == 2);
    CHECK(a.old_mode == 0100644);
    CHECK(a.new_mode == 0100644);

    const auto& renamed = find_file(set, "renamed/ren new.txt");
    CHECK(renamed.status == FileStatus::renamed);
    CHECK(renamed.old_path == "ren_old.txt");
    CHECK(renamed.added_lines == 1);
    CHECK(renamed.removed_lines == 1);

    const auto& copied = find_file(set, "cpy_dst.txt");
    CHECK(copied.status == FileStatus::copied);
    CHECK(copied.old_path == "cpy_src.txt");

    const auto& deleted = find_file(set, "del.txt");
    CHECK(deleted.status == FileStatus::deleted);
    CHECK(deleted.removed_lines == 3);
    CHECK(deleted.new_mode == 0);
    CHECK(deleted.new_oid.empty());
    CHECK_FALSE(deleted.old_oid.empty());

    const auto& binary = find_file(set, "bin.dat");
    CHECK(binary.binary);
    CHECK(binary.hunks.empty());
    CHECK(binary.status == FileStatus::modified);

    const auto& unicode = find_file(set, "dir with space/\xc3\xbc file.txt");
    CHECK(unicode.status == FileStatus::modified);
    REQUIRE(unicode.hunks.size() == 1);
    const auto unicode_lines = qa::test::hunk_text(repo, unicode);
    REQUIRE(unicode_lines[0].size() == 2);
    CHECK(unicode_lines[0][0].content == "zwei");
    CHECK(unicode_lines[0][1].content == "drei");

    const auto& newline = find_file(set, "new\nline.txt");
    CHECK(newline.status == FileStatus::added);
    CHECK(newline.old_path == "new\nline.txt");
    CHECK(newline.old_mode == 0);
    CHECK(newline.added_lines == 2);

    const auto& link = find_file(set, "link");
    CHECK(link.is_symlink);
    CHECK(link.status == FileStatus::modified);
    CHECK(link.new_mode == 0120000);
    REQUIRE(link.hunks.size() == 1);
    const auto link_lines = qa::test::hunk_text(repo, link);
    REQUIRE(link_lines[0].size() == 2);
    CHECK(link_lines[0][1].content == "b/c.txt");
    CHECK(link_lines[0][1].no_newline_at_eof);

    const auto& exec = find_file(set, "exec.sh");
    CHECK(exec.status == FileStatus::modified);
    CHECK(exec.old_mode == 0100644);
    CHECK(exec.new_mode == 0100755);
    CHECK(exec.hunks.empty());
    CHECK(exec.old_oid == exec.new_oid);

    const auto& typechange = find_file(set, "tc.txt");
    CHECK(typechange.status == FileStatus::typechange);
    CHECK(typechange.is_symlink);
    CHECK(typechange.old_mode == 0100644);
    CHECK(typechange.new_mode == 0120000);

    const auto& sub = find_file(set, "sub");
    CHECK(sub.is_submodule);
    CHECK(sub.status == FileStatus::modified);
    CHECK(sub.new_oid == r.sub_first);
    CHECK(sub.old_oid != r.sub_first);
    CHECK_FALSE(sub.binary);
    CHECK(sub.hunks.empty());

    const auto& noeol = find_file(set, "noeol.txt");
    REQUIRE(noeol.hunks.size() == 1);
    const auto& hunk = noeol.hunks[0];
    CHECK(hunk.old_start == 2);
    CHECK(hunk.old_lines == 2);
    CHECK(hunk.new_start == 2);
    CHECK(hunk.new_lines == 3);
    const auto noeol_lines = qa::test::hunk_text(repo, noeol);
    const auto& lines = noeol_lines[0];
    REQUIRE(lines.size() == 5);
    CHECK(lines[0].origin == '-');
    CHECK(lines[0].content == "b");
    CHECK(lines[0].old_line_no == 2);
    CHECK_FALSE(lines[0].no_newline_at_eof);
    CHECK(lines[1].content == "c");
    CHECK(lines[1].old_line_no == 3);
    CHECK(lines[1].no_newline_at_eof);
    CHECK(lines[2].origin == '+');
    CHECK(lines[2].content == "B");
    CHECK(lines[2].new_line_no == 2);
    CHECK(lines[4].content == "d");
    CHECK(lines[4].new_line_no == 4);
    CHECK_FALSE(lines[4].no_newline_at_eof);

    // Untracked and unstaged changes are not part of it.
    CHECK(std::none_of(set.files.begin(), set.files.end(),
                       [](const FileChange& f) { return f.path == "untracked.txt"; }));
    CHECK(set.added_lines() > 0);

    // Deterministic: a second run on a fresh handle gives the same result.
    const ChangeSet again = qa::git::staged_changes(open_repo(lib, r.sandbox, r.repo));
    REQUIRE(again.files.size() == set.files.size());
    for (std::size_t i = 0; i < set.files.size(); ++i) {
        CHECK(again.files[i].path == set.files[i].path);
        CHECK(again.files[i].new_oid == set.files[i].new_oid);
    }

    // Nothing was modified: working tree, index, refs, stash and the .git folder.
    CHECK(repository_state(r.sandbox, r.repo) == before);
}

TEST_CASE("range changes match git diff base...head", "[git]") {
    qa::git::LibGit2 lib;
    RichRepo r;
    const std::string topic = r.sandbox.commit(r.repo, "topic");
    const std::string before = repository_state(r.sandbox, r.repo);
    const auto repo = open_repo(lib, r.sandbox, r.repo);

    const ChangeSet set = qa::git::range_changes(repo, r.base_sha, "HEAD");
    CHECK(set.base == r.base_sha);
    CHECK(set.head == topic);
    qa::test::check_matches_numstat(
        repo, set, r.sandbox.git_ok(r.repo, "diff -M -C --numstat -z " + r.base_sha + "...HEAD"));
    CHECK(find_file(set, "tc.txt").status == FileStatus::typechange);
    CHECK(repository_state(r.sandbox, r.repo) == before);

    // Diverged branches: base...head diffs from the merge base, so main's own commit is absent.
    r.sandbox.git_ok(r.repo, "checkout -q -f -b other " + r.base_sha);
    r.sandbox.add_file(r.repo, "other.txt", "other\n");
    r.sandbox.commit(r.repo, "other");
    const ChangeSet diverged = qa::git::range_changes(repo, "other", topic);
    CHECK(diverged.base == r.base_sha);
    qa::test::check_matches_numstat(
        repo, diverged, r.sandbox.git_ok(r.repo, "diff -M -C --numstat -z other..." + topic));
    CHECK(std::none_of(diverged.files.begin(), diverged.files.end(),
                       [](const FileChange& f) { return f.path == "other.txt"; }));

    // Unrelated histories: everything in head is new.
    r.sandbox.git_ok(r.repo, "checkout -q --orphan lonely");
    r.sandbox.git_ok(r.repo, "read-tree --empty");
    r.sandbox.add_file(r.repo, "lonely.txt", "l\n");
    const std::string lonely = r.sandbox.commit(r.repo, "lonely");
    const ChangeSet unrelated = qa::git::range_changes(repo, topic, lonely);
    CHECK(unrelated.base == kEmptyTree);
    REQUIRE(unrelated.files.size() == 1);
    CHECK(unrelated.files[0].status == FileStatus::added);

    CHECK_THROWS_AS(qa::git::range_changes(repo, "no-such-ref", "HEAD"), qa::git::GitError);
}

TEST_CASE("staged changes on an unborn HEAD compare against the empty tree", "[git]") {
    qa::git::LibGit2 lib;
    GitSandbox sandbox;
    const auto dir = sandbox.init("repo");
    sandbox.add_file(dir, "a.txt", "one\ntwo\n");
    sandbox.add_file(dir, "bin.dat", binary_blob(3));
    sandbox.add_file(dir, "sp ace/x.txt", "x");
    const std::string before = repository_state(sandbox, dir);

    const auto repo = open_repo(lib, sandbox, dir);
    const ChangeSet set = qa::git::staged_changes(repo);
    CHECK(set.base == kEmptyTree);
    CHECK(set.head == qa::git::kIndexHead);
    qa::test::check_matches_numstat(repo, set,
                                    sandbox.git_ok(dir, "diff --cached -M -C --numstat -z"));
    for (const auto& file : set.files) {
        CHECK(file.status == FileStatus::added);
    }
    CHECK(repository_state(sandbox, dir) == before);

    // An empty index on an unborn HEAD: nothing to check.
    const auto empty = sandbox.init("empty");
    CHECK(qa::git::staged_changes(open_repo(lib, sandbox, empty)).files.empty());
}

TEST_CASE("staged changes on a detached HEAD compare against that commit", "[git]") {
    qa::git::LibGit2 lib;
    GitSandbox sandbox;
    const auto dir = sandbox.init("repo");
    sandbox.add_file(dir, "a.txt", "one\n");
    const std::string first = sandbox.commit(dir, "first");
    sandbox.add_file(dir, "a.txt", "one\ntwo\n");
    sandbox.commit(dir, "second");
    sandbox.git_ok(dir, "checkout -q --detach " + first);
    sandbox.add_file(dir, "a.txt", "one\nthree\nfour\n");

    const auto repo = open_repo(lib, sandbox, dir);
    const ChangeSet set = qa::git::staged_changes(repo);
    CHECK(set.base == first);
    qa::test::check_matches_numstat(repo, set,
                                    sandbox.git_ok(dir, "diff --cached -M -C --numstat -z"));
    REQUIRE(set.files.size() == 1);
    CHECK(set.files[0].added_lines == 2);
    CHECK(qa::git::range_changes(repo, "main", "HEAD").files.empty());  // HEAD is main's ancestor
}

TEST_CASE("all files lists every tracked file as added", "[git]") {
    qa::git::LibGit2 lib;
    RichRepo r;
    const auto repo = open_repo(lib, r.sandbox, r.repo);

    const ChangeSet index = qa::git::all_files(repo);
    CHECK(index.base == kEmptyTree);
    CHECK(index.head == qa::git::kIndexHead);
    qa::test::check_matches_numstat(
        repo, index,
        r.sandbox.git_ok(r.repo, "diff --cached --no-renames --numstat -z " + kEmptyTree));

    const ChangeSet tree = qa::git::all_files(repo, r.base_sha);
    CHECK(tree.head == r.base_sha);
    qa::test::check_matches_numstat(repo, tree,
                                    r.sandbox.git_ok(r.repo, "diff --no-renames --numstat -z " +
                                                                 kEmptyTree + " " + r.base_sha));
    for (const auto& file : tree.files) {
        CHECK(file.status == FileStatus::added);
    }
    CHECK(find_file(tree, "sub").is_submodule);
    CHECK(find_file(tree, "link").is_symlink);
    CHECK(find_file(tree, "bin.dat").binary);
}

TEST_CASE("all files: counts and binary flags as git diff gives them, one read per blob", "[git]") {
    qa::git::LibGit2 lib;
    GitSandbox sb;
    const auto dir = sb.init("repo");
    // Attributes and a diff driver, which git diff lets decide binary-ness before the content
    // does; the change set judges the content alone (attributes never hide a file from a scan).
    sb.add_file(dir, ".gitattributes",
                "*.dat -diff\n*.txt diff\n*.drv diff=forced\n*.png binary\n");
    sb.git_ok(dir, "config diff.forced.binary true");
    sb.add_file(dir, "text.dat", "plain text\nmarked -diff\n");
    const auto bytes = [](std::string_view s) { return std::string(s); };
    sb.add_file(dir, "nul.txt", bytes(std::string_view("text with a NUL\0 byte\n", 22)));
    sb.add_file(dir, "nul.c", bytes(std::string_view("int x;\0\n", 8)));
    sb.add_file(dir, "late-nul.c", std::string(9000, 'a') + '\0' + "\n");
    sb.add_file(dir, "a.drv", "driver says binary\n");
    sb.add_file(dir, "img.png", "not really a png\n");
    sb.add_file(dir, "crlf.c", "one\r\ntwo\r\nno final newline");
    sb.add_file(dir, "empty.c", "");
    sb.add_file(dir, "blank.c", "\n\n\n");
    // An unstaged edit must not change the counts of what is staged.
    write_file(dir / "blank.c", "edited\n");
    const auto repo = open_repo(lib, sb, dir);

    const ChangeSet set = qa::git::all_files(repo);
    // git diff as it judges by content: `!diff` in info/attributes outranks .gitattributes.
    write_file(dir / ".git" / "info" / "attributes", "* !diff\n");
    qa::test::check_matches_numstat(
        repo, set, sb.git_ok(dir, "diff --cached --no-renames --numstat -z " + kEmptyTree));
    std::filesystem::remove(dir / ".git" / "info" / "attributes");
    for (const auto& f : set.files) {
        INFO(f.path);
        CHECK(f.all_lines_added);
    }
    CHECK_FALSE(find_file(set, "text.dat").binary);
    CHECK(find_file(set, "text.dat").added_lines == 2);
    CHECK(find_file(set, "nul.txt").binary);  // `diff` forces text in git diff, not here
    CHECK(find_file(set, "nul.c").binary);
    CHECK_FALSE(find_file(set, "late-nul.c").binary);  // past git's 8000-byte window
    CHECK_FALSE(find_file(set, "a.drv").binary);
    CHECK_FALSE(find_file(set, "img.png").binary);
    CHECK(find_file(set, "crlf.c").added_lines == 3);
    CHECK(find_file(set, "empty.c").added_lines == 0);
    CHECK(find_file(set, "blank.c").added_lines == 3);
    CHECK(find_file(set, "crlf.c").new_size == 26);

    // Read on several threads: the same change set, field for field.
    for (const std::size_t threads : {std::size_t{2}, std::size_t{8}}) {
        INFO(threads);
        qa::git::DiffOptions options;
        options.read_threads = threads;
        const ChangeSet parallel = qa::git::all_files(repo, options);
        REQUIRE(parallel.files.size() == set.files.size());
        for (std::size_t i = 0; i < set.files.size(); ++i) {
            const auto& a = set.files[i];
            const auto& b = parallel.files[i];
            INFO(a.path);
            CHECK(a.path == b.path);
            CHECK(a.binary == b.binary);
            CHECK(a.added_lines == b.added_lines);
            CHECK(a.new_size == b.new_size);
            CHECK(a.hunks.size() == b.hunks.size());
        }
    }
}

namespace {

/// A clone-like work repository with a bare remote "origin" and a pre-push hook that records
/// its arguments and stdin and then rejects the push, so refs stay as they were and the test
/// sees exactly what the hook would have seen.
struct PushSetup {
    GitSandbox sandbox;
    std::filesystem::path remote;
    std::filesystem::path work;
    std::filesystem::path capture;
    std::string c0;
    std::string c1;

    PushSetup() {
        remote = sandbox.init("remote.git", true);
        work = sandbox.init("work");
        capture = sandbox.root() / "capture";
        sandbox.git_ok(work, "remote add origin " + shell_quote(remote.string()));
        sandbox.add_file(work, "a.txt", numbered_lines("a", 10));
        sandbox.add_file(work, "move me.txt", numbered_lines("move", 30));
        sandbox.add_file(work, "img.bin", binary_blob(4));
        c0 = sandbox.commit(work, "c0");
        sandbox.add_file(work, "b.txt", "b\n");
        c1 = sandbox.commit(work, "c1");
        sandbox.git_ok(work, "branch old");
        sandbox.git_ok(work, "push -q origin main old");

        write_file(work / ".git" / "hooks" / "pre-push",
                   "#!/bin/sh\nprintf '%s\\n' \"$1\" > " +
                       shell_quote(capture.string() + ".remote") + "\ncat > " +
                       shell_quote(capture.string()) + "\nexit 1\n");
        std::filesystem::permissions(work / ".git" / "hooks" / "pre-push",
                                     std::filesystem::perms::owner_all);
    }

    /// Runs `git push <args>` (rejected by the hook) and returns the hook's stdin.
    std::string captured_push(const std::string& args) const {
        std::filesystem::remove(capture);
        CHECK(sandbox.git(work, "push -q " + args + " 2>/dev/null").exit_code != 0);
        return read_bytes(capture);
    }

    std::string numstat(const std::string& range) const {
        return sandbox.git_ok(work, "diff -M -C --numstat -z " + range);
    }
};

}  // namespace

TEST_CASE("pushed changes match what a real push sends", "[git]") {
    qa::git::LibGit2 lib;
    PushSetup p;
    GitSandbox& sb = p.sandbox;

    // Two new commits on main: a rename, a binary change, an edit.
    sb.git_ok(p.work,
              "mv " + shell_quote("move me.txt") + " " + shell_quote("moved \xe2\x9c\x93.txt"));
    sb.add_file(p.work, "img.bin", binary_blob(5));
    sb.commit(p.work, "c2");
    sb.add_file(p.work, "a.txt", numbered_lines("a", 12));
    const std::string c3 = sb.commit(p.work, "c3");
    // A new branch on top of the unpushed main, and an annotated tag.
    sb.git_ok(p.work, "checkout -q -b feature");
    sb.add_file(p.work, "feature.txt", "feature\n");
    const std::string feature = sb.commit(p.work, "feature");
    sb.git_ok(p.work, "checkout -q main");
    sb.git_ok(p.work, "tag -a v1 -m v1 " + c3);
    // A rewrite of main's history, for a force push.
    sb.git_ok(p.work, "checkout -q -b rewrite " + p.c0);
    sb.add_file(p.work, "rewrite.txt", "rewritten\n");
    const std::string rewrite = sb.commit(p.work, "rewrite");
    sb.git_ok(p.work, "checkout -q main");
    // Unstaged and untracked changes that must stay untouched.
    write_file(p.work / "a.txt", "dirty\n");
    write_file(p.work / "untracked.txt", "u\n");

    const std::string before = repository_state(sb, p.work);
    const auto repo = open_repo(lib, sb, p.work);

    SECTION("an update of an existing branch") {
        const std::string input = p.captured_push("origin main");
        const auto updates = qa::git::parse_push_lines(input);
        REQUIRE(updates.size() == 1);
        CHECK(updates[0].remote_sha == p.c1);
        const auto sets = qa::git::pushed_changes(repo, "origin", updates);
        REQUIRE(sets.size() == 1);
        CHECK_FALSE(sets[0].ref_deleted);
        CHECK(sets[0].changes.base == p.c1);
        CHECK(sets[0].changes.head == c3);
        qa::test::check_matches_numstat(repo, sets[0].changes, p.numstat("origin/main...main"));
        CHECK(find_file(sets[0].changes, "moved \xe2\x9c\x93.txt").status == FileStatus::renamed);
        CHECK(find_file(sets[0].changes, "img.bin").binary);
    }

    SECTION("a new branch: only what the remote does not have yet") {
        const auto updates = qa::git::parse_push_lines(p.captured_push("origin feature"));
        REQUIRE(updates.size() == 1);
        CHECK(updates[0].is_new_ref());
        const auto sets = qa::git::pushed_changes(repo, "origin", updates);
        REQUIRE(sets.size() == 1);
        CHECK(sets[0].changes.base == p.c1);
        CHECK(sets[0].changes.head == feature);
        qa::test::check_matches_numstat(repo, sets[0].changes, p.numstat("origin/main...feature"));
        // What the push actually transfers: commits not on any origin ref.
        CHECK(sb.git_ok(p.work, "rev-list --count feature --not --remotes=origin") == "3\n");
    }

    SECTION("a branch deletion needs no check") {
        const auto updates = qa::git::parse_push_lines(p.captured_push("origin :old"));
        REQUIRE(updates.size() == 1);
        CHECK(updates[0].is_deletion());
        const auto sets = qa::git::pushed_changes(repo, "origin", updates);
        REQUIRE(sets.size() == 1);
        CHECK(sets[0].ref_deleted);
        CHECK(sets[0].changes.files.empty());
    }

    SECTION("a multi-ref push gives one change set per line, in input order") {
        const std::string input = p.captured_push("origin main feature :old v1");
        const auto updates = qa::git::parse_push_lines(input);
        REQUIRE(updates.size() == 4);
        const auto sets = qa::git::pushed_changes(repo, "origin", updates);
        REQUIRE(sets.size() == 4);
        for (std::size_t i = 0; i < sets.size(); ++i) {
            INFO("line " << updates[i].line_number << ": " << updates[i].local_ref);
            CHECK(sets[i].update.local_ref == updates[i].local_ref);
            CHECK(sets[i].update.remote_ref == updates[i].remote_ref);
            if (updates[i].is_deletion()) {
                CHECK(updates[i].remote_ref == "refs/heads/old");
                CHECK(sets[i].ref_deleted);
                continue;
            }
            const std::string head = sets[i].changes.head;
            CHECK(sets[i].changes.base == p.c1);
            qa::test::check_matches_numstat(repo, sets[i].changes,
                                            p.numstat("origin/main..." + head));
            if (updates[i].local_ref == "refs/tags/v1") {
                CHECK(updates[i].local_sha != c3);  // the tag object ...
                CHECK(head == c3);                  // ... peeled to its commit
            }
        }
    }

    SECTION("a force push checks everything since the common ancestor") {
        const auto updates =
            qa::git::parse_push_lines(p.captured_push("-f origin rewrite:refs/heads/main"));
        REQUIRE(updates.size() == 1);
        CHECK(updates[0].remote_sha == p.c1);
        const auto sets = qa::git::pushed_changes(repo, "origin", updates);
        CHECK(sets[0].changes.base == p.c0);
        CHECK(sets[0].changes.head == rewrite);
        qa::test::check_matches_numstat(repo, sets[0].changes, p.numstat("origin/main...rewrite"));
    }

    SECTION("a remote sha not fetched here falls back to the remote-tracking refs") {
        const std::string unknown(40, 'e');
        const auto updates = qa::git::parse_push_lines("refs/heads/main " + c3 +
                                                       " refs/heads/main " + unknown + "\n");
        const auto sets = qa::git::pushed_changes(repo, "origin", updates);
        CHECK(sets[0].changes.base == p.c1);
        qa::test::check_matches_numstat(repo, sets[0].changes, p.numstat("origin/main...main"));
    }

    SECTION("a pushed object that does not exist is an error") {
        const auto updates = qa::git::parse_push_lines("refs/heads/main " + std::string(40, 'd') +
                                                       " refs/heads/main " + p.c1 + "\n");
        CHECK_THROWS_AS(qa::git::pushed_changes(repo, "origin", updates), qa::git::PushLineError);
    }

    CHECK(repository_state(sb, p.work) == before);
}

TEST_CASE("a push to a remote never fetched checks what no remote-tracking ref has", "[git]") {
    qa::git::LibGit2 lib;
    PushSetup p;
    GitSandbox& sb = p.sandbox;
    const auto empty_remote = sb.init("empty.git", true);
    sb.git_ok(p.work, "remote add empty " + shell_quote(empty_remote.string()));

    const std::string input = p.captured_push("empty main");
    CHECK(read_bytes(p.capture.string() + ".remote") == "empty\n");
    const auto updates = qa::git::parse_push_lines(input);
    REQUIRE(updates.size() == 1);
    CHECK(updates[0].is_new_ref());
    {
        // main is on origin/main: the fork gets nothing origin does not already have.
        const auto repo = open_repo(lib, sb, p.work);
        const auto known = qa::git::pushed_changes(repo, "empty", updates);
        REQUIRE(known.size() == 1);
        CHECK(known[0].changes.base == p.c1);
        CHECK(known[0].changes.files.empty());
        CHECK(known[0].earlier.files.empty());
        // The same commit pushed as a new branch of origin has nothing new either.
        const auto to_origin = qa::git::pushed_changes(
            repo, "origin",
            qa::git::parse_push_lines("refs/heads/main " + p.c1 + " refs/heads/copy " +
                                      std::string(40, '0') + "\n"));
        CHECK(to_origin[0].changes.base == p.c1);
        CHECK(to_origin[0].changes.files.empty());
    }
    // With no remote-tracking ref at all, everything is new.
    sb.git_ok(p.work, "update-ref -d refs/remotes/origin/main");
    sb.git_ok(p.work, "update-ref -d refs/remotes/origin/old");
    const auto repo = open_repo(lib, sb, p.work);
    const auto sets = qa::git::pushed_changes(repo, "empty", updates);
    REQUIRE(sets.size() == 1);
    CHECK(sets[0].changes.base == kEmptyTree);
    CHECK(sets[0].changes.head == p.c1);
    qa::test::check_matches_numstat(repo, sets[0].changes, p.numstat(kEmptyTree + " main"));
}

// The lenses' view of a staged change holds no line: iterating a file's added lines reads them
// from the blob, and gives exactly the '+' lines of `git diff --cached -U0`, in order, with
// their line numbers.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "git/blob_reader.hpp"
#include "git/change_set.hpp"
#include "orchestrator/change_source.hpp"
#include "support/git_fixture.hpp"

using qa::test::GitSandbox;

namespace {

using Added = std::vector<std::pair<std::uint32_t, std::string>>;

/// path -> the '+' lines of a `git diff -U0` output, with their new line numbers.
std::map<std::string, Added> plus_lines(const std::string& diff) {
    std::map<std::string, Added> out;
    std::string path;
    std::uint32_t next = 0;
    std::size_t at = 0;
    while (at < diff.size()) {
        const std::size_t nl = diff.find('\n', at);
        const std::string line = diff.substr(at, (nl == std::string::npos ? diff.size() : nl) - at);
        at = nl == std::string::npos ? diff.size() : nl + 1;
        if (line.rfind("+++ b/", 0) == 0) {
            path = line.substr(6);
        } else if (line.rfind("@@ ", 0) == 0) {
            const std::size_t plus = line.find(" +");
            next = static_cast<std::uint32_t>(std::stoul(line.substr(plus + 2)));
        } else if (line.rfind('+', 0) == 0) {
            out[path].emplace_back(next++, line.substr(1));
        }
    }
    return out;
}

}  // namespace

TEST_CASE("added lines are read from the blob and match git diff -U0", "[orchestrator]") {
    qa::git::LibGit2 lib;
    GitSandbox sandbox;
    const auto dir = sandbox.init("repo");
    std::string base;
    for (int i = 1; i <= 2000; ++i) {
        base += "row " + std::to_string(i) + "\n";
    }
    sandbox.add_file(dir, "many.txt", base);
    sandbox.add_file(dir, "crlf.txt", "a\r\nb\r\nc\r\n");
    sandbox.add_file(dir, "tail.txt", "x\ny");
    sandbox.add_file(dir, "bin/run", "#!/bin/bash\necho a\necho b\n");
    sandbox.commit(dir, "base");
    std::string edited = base;
    edited.replace(edited.find("row 7\n"), 6, "row seven\nrow 7b\n");
    edited.replace(edited.find("row 1500\n"), 9, "");
    edited += "appended\n";
    qa::test::write_file(dir / "many.txt", edited);
    qa::test::write_file(dir / "crlf.txt", "a\r\nB\r\nc\r\nd\r\n");
    qa::test::write_file(dir / "tail.txt", "x\nY");
    qa::test::write_file(dir / "new.txt", "first\n\n  third  \nlast without newline");
    // Extension-less scripts: the shebang on line 1 says the language, added or not.
    qa::test::write_file(dir / "bin/tool", "#!/usr/bin/env python3\nprint(1)\n");
    qa::test::write_file(dir / "bin/run", "#!/bin/bash\necho a\necho B\n");
    sandbox.git_ok(dir, "add -A");

    qa::git::GitEnv env;
    env.ceiling_directories = sandbox.root().string();
    const auto repo = qa::git::Repository::open(lib, dir, env);
    const qa::git::BlobReader reader(repo);
    const auto changes = qa::git::staged_changes(repo);
    const qa::orchestrator::GitChangeSource source(reader, changes);

    const auto expected = plus_lines(sandbox.git_ok(dir, "diff --cached -U0 --no-color"));
    REQUIRE(expected.size() == 6);
    for (const auto& [path, lines] : expected) {
        INFO(path);
        const auto* view = source.file(path);
        REQUIRE(view != nullptr);
        CHECK(view->addedLines.size() == lines.size());
        CHECK_FALSE(view->addedLines.every_line());
        Added actual;
        for (const auto& line : view->addedLines.read()) {
            actual.emplace_back(line.lineNo, std::string(line.text));
        }
        CHECK(actual == lines);
    }
    CHECK(source.file("bin/tool")->language == "python");
    CHECK(source.file("bin/run")->language == "shell");
    CHECK(source.file("new.txt")->addedLines.leading_lines());
    CHECK_FALSE(source.file("many.txt")->addedLines.leading_lines());
}

// The lenses' view of a staged change holds no line: iterating a file's added lines reads them
// from the blob, and gives exactly the '+' lines of `git diff --cached -U0`, in order, with
// their line numbers.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
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

/// The staged change of `dir` (in `sandbox`) as the lenses see it: a repository, its reader,
/// the change set and the source over them, which borrows the other three.
struct StagedSource {
    StagedSource(const GitSandbox& sandbox, const std::filesystem::path& dir)
        : repo(qa::git::Repository::open(lib, dir, env_of(sandbox))),
          reader(repo),
          changes(qa::git::staged_changes(repo)),
          source(reader, changes) {}

    static qa::git::GitEnv env_of(const GitSandbox& sandbox) {
        qa::git::GitEnv env;
        env.ceiling_directories = sandbox.root().string();
        return env;
    }

    qa::git::LibGit2 lib;
    qa::git::Repository repo;
    qa::git::BlobReader reader;
    qa::git::ChangeSet changes;
    qa::orchestrator::GitChangeSource source;
};

}  // namespace

TEST_CASE("added lines are read from the blob and match git diff -U0", "[orchestrator]") {
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

    const StagedSource staged(sandbox, dir);
    const auto& source = staged.source;

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

TEST_CASE("a file read by two plans at once is read and held once", "[orchestrator]") {
    GitSandbox sandbox;
    const auto dir = sandbox.init("repo");
    sandbox.add_file(dir, "README", "base\n");
    sandbox.commit(dir, "base");
    // Large enough that a read takes a while, so that the second plan asks during the first read.
    qa::test::write_file(dir / "big.txt", std::string(std::size_t{32} << 20, 'x') + "\n");
    sandbox.git_ok(dir, "add -A");
    const StagedSource staged(sandbox, dir);
    const auto& source = staged.source;
    const auto& reader = staged.reader;
    const std::size_t hashed = reader.files_hashed();

    std::shared_ptr<const std::string> first;
    std::shared_ptr<const std::string> second;
    std::thread other([&] { first = source.shared_content("big.txt"); });
    second = source.shared_content("big.txt");
    other.join();
    REQUIRE(first);
    CHECK(first.get() == second.get());  // one buffer, not two equal ones
    CHECK(first->size() == (std::size_t{32} << 20) + 1);
    // Read (and hashed) once at most: the file may be trusted by its stamp already, when the
    // source's set-up read it more than two seconds after it was written.
    CHECK(reader.files_hashed() <= hashed + 1);
    // Held by a reader, the buffer is what the next one gets too.
    CHECK(source.shared_content("big.txt").get() == first.get());
    CHECK(source.shared_content("gone.txt") == nullptr);
}

TEST_CASE("a shared value asked for while another plan computes it is computed once",
          "[orchestrator]") {
    GitSandbox sandbox;
    const auto dir = sandbox.init("repo");
    sandbox.add_file(dir, "a.txt", "a\n");
    sandbox.commit(dir, "base");
    qa::test::write_file(dir / "a.txt", "a\nb\n");
    sandbox.git_ok(dir, "add -A");
    const StagedSource staged(sandbox, dir);
    const auto& source = staged.source;

    std::mutex mutex;
    std::condition_variable changed;
    bool computing = false;
    bool second_computed = false;
    std::atomic<int> computes{0};
    std::shared_ptr<const int> by_second;
    std::thread second;
    const auto value = qa::lenses::api::shared_value<int>(source, "a.txt", "test/key", [&] {
        ++computes;
        {
            std::lock_guard lock(mutex);
            computing = true;
        }
        // The second plan asks while this one computes. Had it computed too, it would say so
        // here; it waits instead, and this one goes on after a second at most.
        second = std::thread([&] {
            by_second = qa::lenses::api::shared_value<int>(source, "a.txt", "test/key", [&] {
                ++computes;
                std::lock_guard lock(mutex);
                second_computed = true;
                changed.notify_all();
                return std::make_shared<const int>(2);
            });
        });
        std::unique_lock lock(mutex);
        changed.wait_for(lock, std::chrono::seconds(1), [&] { return second_computed; });
        return std::make_shared<const int>(1);
    });
    second.join();
    CHECK(computing);
    CHECK(computes == 1);
    CHECK(*value == 1);
    CHECK(by_second.get() == value.get());
    // Another key of the same file is computed on its own; the same key for another type is a
    // programming error.
    CHECK(*qa::lenses::api::shared_value<int>(source, "a.txt", "test/other",
                                              [] { return std::make_shared<const int>(3); }) == 3);
    CHECK_THROWS_AS(
        qa::lenses::api::shared_value<long>(source, "a.txt", "test/key",
                                            [] { return std::make_shared<const long>(4); }),
        std::logic_error);
    // Once computed, the value is kept (without its future) and given again; a path outside the
    // change has values of its own; a computation that threw throws for every later caller.
    const auto again = [&](std::string_view path, int n) {
        return qa::lenses::api::shared_value<int>(source, path, "test/key",
                                                  [n] { return std::make_shared<const int>(n); });
    };
    CHECK(again("a.txt", 5).get() == value.get());
    CHECK(*again("elsewhere.txt", 6) == 6);
    CHECK(*again("elsewhere.txt", 7) == 6);
    CHECK_THROWS_WITH(qa::lenses::api::shared_value<int>(source, "a.txt", "test/fails",
                                                         []() -> std::shared_ptr<const int> {
                                                             throw std::runtime_error("unreadable");
                                                         }),
                      "unreadable");
    CHECK_THROWS_WITH(
        qa::lenses::api::shared_value<int>(source, "a.txt", "test/fails",
                                           [] { return std::make_shared<const int>(9); }),
        "unreadable");
}

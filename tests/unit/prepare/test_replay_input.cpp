// The stored replay input, written one file at a time, is canonical JSON and reads back as the
// input it was written from (every file, with paths that need escapes).
#include <catch2/catch.hpp>

#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "prepare/replay_input.hpp"

namespace {

qa::git::FileChange file(std::size_t i) {
    qa::git::FileChange f;
    // Quotes, backslashes, control and non-ASCII bytes: the canonical escapes matter.
    f.path = "dir " + std::to_string(i) + "/f\"\\\t\xc3\xa9.py";
    f.old_path = i % 2 == 0 ? f.path : "old/" + f.path;
    f.status = i % 3 == 0 ? qa::git::FileStatus::added : qa::git::FileStatus::modified;
    f.new_mode = 0100644;
    f.old_mode = i % 3 == 0 ? 0 : 0100644;
    f.new_oid = std::string(40, static_cast<char>('a' + i % 6));
    f.hunks.push_back(qa::git::Hunk{});
    f.added_lines = i;
    return f;
}

qa::prepare::ReplayInput input(std::size_t files) {
    qa::prepare::ReplayInput in;
    in.configSource = ".qa-skill.toml";
    in.config =
        qa::prepare::StoredFile{".qa-skill.toml", std::string(40, 'c'), std::string(64, 'd')};
    in.rulesFiles.push_back(qa::prepare::StoredFile{"rules/own.toml", std::nullopt, "ab"});
    in.repoId = std::string(40, 'r');
    in.target.label = "HEAD~1...HEAD";
    in.target.baseRef = "HEAD~1";
    in.target.headRef = "HEAD";
    in.target.baseRefCodes = {"BASE_REF_UNRESOLVED"};
    in.target.lensIds = std::vector<std::string>{"security", "style"};
    in.target.blameCommits = true;
    in.target.changes.base = std::string(40, 'b');
    in.target.changes.head = std::string(40, 'h');
    for (std::size_t i = 0; i < files; ++i) {
        in.target.changes.files.push_back(file(i));
    }
    in.tree.commit = std::string(40, 'h');
    in.baselineSource = ".qa-skill-baseline.json at abc";
    in.gateChanges.push_back(qa::input::GateChange{".qa-skill.toml", 3, "run_mode", "x", "y"});
    in.providerAnswers = {"k1", "k2"};
    in.executionUntrusted = "the configuration of this repository is not trusted";
    return in;
}

}  // namespace

TEST_CASE("the replay input is written file by file as canonical JSON that reads back the same",
          "[prepare][replay]") {
    for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{50}}) {
        INFO(count << " files");
        const qa::prepare::ReplayInput whole = input(count);
        const std::string text = qa::prepare::to_canonical_text(whole, whole.target.changes.files);
        // Canonical JSON: sorted members, no space, the escapes canonical() writes.
        const qa::json::Value parsed = qa::json::parse(text);
        CHECK(qa::json::canonical(parsed) == text);
        // The input's own file list is not read: the files come from the span.
        qa::prepare::ReplayInput head = whole;
        head.target.changes.files.clear();
        CHECK(qa::prepare::to_canonical_text(head, whole.target.changes.files) == text);
        // It reads back as the same input, every file with its path.
        const auto back = qa::prepare::replay_input_from_json(parsed);
        REQUIRE(back.target.changes.files.size() == count);
        for (std::size_t i = 0; i < count; ++i) {
            CHECK(back.target.changes.files[i].path == whole.target.changes.files[i].path);
            CHECK(back.target.changes.files[i].old_path == whole.target.changes.files[i].old_path);
        }
        CHECK(back.executionUntrusted == whole.executionUntrusted);
        CHECK(qa::prepare::to_canonical_text(back, back.target.changes.files) == text);
    }
}

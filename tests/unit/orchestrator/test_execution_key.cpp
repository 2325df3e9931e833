// The executionKey of a staged change names the staged tree by the sha256 of one canonical JSON
// document ({"base", "files": [{"mode", "oid", "oldPath", "path"}]}), which the key hashes one
// file at a time: the key must be the one that document gives, so run folders keep their names.
#include <catch2/catch.hpp>

#include "contracts/hashing.hpp"
#include "json/canonical.hpp"
#include "orchestrator/execution_key.hpp"
#include "util/sha256.hpp"

namespace {

qa::git::FileChange staged(std::string path, std::string old_path, std::uint32_t mode,
                           std::string oid) {
    qa::git::FileChange f;
    f.path = std::move(path);
    f.old_path = std::move(old_path);
    f.new_mode = mode;
    f.new_oid = std::move(oid);
    return f;
}

/// The staged tree's id as the whole document gives it.
std::string document_id(const qa::git::ChangeSet& changes) {
    qa::json::Array files;
    for (const auto& f : changes.files) {
        files.push_back(qa::json::Object{{"path", f.path},
                                         {"oldPath", f.old_path},
                                         {"mode", static_cast<std::int64_t>(f.new_mode)},
                                         {"oid", f.new_oid}});
    }
    return "index:" + qa::util::sha256_hex(qa::json::canonical(
                          qa::json::Object{{"base", changes.base}, {"files", std::move(files)}}));
}

}  // namespace

TEST_CASE("a staged change's executionKey is the one its whole canonical document gives",
          "[orchestrator][execution-key]") {
    qa::contracts::SkillInput input;
    input.repoId = "0123456789abcdef0123456789abcdef01234567";
    input.configHash = std::string(64, 'c');
    const std::vector<qa::contracts::LensPlan> plans;

    for (const std::size_t count :
         {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{200}}) {
        qa::git::ChangeSet changes;
        changes.base = std::string(40, 'b');
        for (std::size_t i = 0; i < count; ++i) {
            // Quotes, backslashes, control and non-ASCII bytes: the canonical escapes matter.
            const std::string path = "dir " + std::to_string(i) + "/f\"\\\t\xc3\xa9.py";
            changes.files.push_back(staged(path, i % 2 == 0 ? path : "old/" + path,
                                           i % 3 == 0 ? 0100755 : 0100644,
                                           std::string(40, static_cast<char>('0' + i % 10))));
        }
        qa::contracts::ExecutionKeyInput k;
        k.repoId = input.repoId;
        k.baseSha = changes.base;
        k.headSha = document_id(changes);
        k.runMode = input.runMode;
        k.configHash = input.configHash;
        INFO(count << " files");
        CHECK(qa::orchestrator::execution_key(input, changes, qa::prepare::TreeUnderTest{},
                                              plans) == qa::contracts::execution_key(k));
    }
}

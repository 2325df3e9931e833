// An upgrade is not drift: a run folder written by another qa-skill (another version or build,
// or one from before builds were recorded) holds the bytes that qa-skill wrote for the key, not
// this one's. The next run of the key replaces it like a run of another input, never
// DETERMINISM_DRIFT_DETECTED (which fails a strict run), and drift-check says it cannot compare
// them. The same folder recorded as this build's is drift: the test's older folder is not
// vacuous.
#include <catch2/catch.hpp>

#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "util/sha256.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;

namespace {

/// A conflict marker, built at run time so that this file does not hold one.
std::string conflict_marker() {
    return std::string(7, '<') + " HEAD\n";
}

fs::path only_run(const fs::path& repo) {
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(dirs.size() == 1);
    return dirs[0];
}

/// What this build records: `qa-skill --version` without the program's name.
std::string this_build(const HookSandbox& sb, const fs::path& repo) {
    const ProcResult v = sb.qa(repo, "--version");
    REQUIRE(v.exit_code == 0);
    REQUIRE(v.out.starts_with("qa-skill "));
    return v.out.substr(9, v.out.size() - 10);  // without the trailing newline
}

/// Makes the run folder `dir` look as an earlier qa-skill left it: one hashed artifact with
/// other bytes (earlier builds wrote other plans: no commands for an external lens, an audit
/// numbered from 0), its manifest consistent with them and naming `version` as its writer (no
/// name at all when `version` is empty, as folders written before builds were recorded).
void as_written_by(const fs::path& dir, const std::string& version) {
    const fs::path results = dir / "lens-results.json";
    const std::string before = qa::test::read_bytes(results);
    std::string after = before;
    const auto at = after.find("\"planOrdinal\":0");
    REQUIRE(at != std::string::npos);
    after.replace(at, 15, "\"planOrdinal\":5");
    qa::test::write_file(results, after);

    qa::json::Value manifest = qa::json::parse(qa::test::read_bytes(dir / "manifest.json"));
    qa::json::Object fields;
    for (auto& [name, value] : manifest.as_object()) {
        if (name == "files") {
            for (auto& [file, hash] : value.as_object()) {
                if (file == "lens-results.json") {
                    REQUIRE(hash.as_string() == qa::util::sha256_hex(before));
                    hash = qa::util::sha256_hex(after);
                }
            }
        }
        if (name != "qaSkillVersion") {
            fields.emplace_back(name, value);
        }
    }
    if (!version.empty()) {
        fields.emplace_back("qaSkillVersion", version);
    }
    qa::test::write_file(dir / "manifest.json", qa::json::canonical(qa::json::Value(fields)));
}

}  // namespace

TEST_CASE("a run folder written by another qa-skill is replaced by the next run of its key",
          "[drift][upgrade][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("upgrade");
    sb.add_file(repo, "notes.txt", "a\n" + conflict_marker() + "b\n");
    const ProcResult first = sb.qa(repo, "run --staged");
    INFO(first.describe());
    REQUIRE(first.exit_code == 1);
    const fs::path dir = only_run(repo);
    const std::string key = dir.filename().string();
    const std::string fresh = qa::test::read_bytes(dir / "lens-results.json");
    const std::string build = this_build(sb, repo);
    CHECK(qa::test::read_bytes(dir / "manifest.json")
              .find("\"qaSkillVersion\":" + qa::json::canonical(qa::json::Value(build))) !=
          std::string::npos);

    for (const std::string& earlier : {std::string("0.0.9 (git 0123456789ab)"), std::string()}) {
        INFO("written by: " << (earlier.empty() ? "(not recorded)" : earlier));
        as_written_by(dir, earlier);

        // drift-check cannot compare what another build wrote: exit 2, naming both builds.
        const ProcResult check = sb.qa(repo, "drift-check " + key);
        INFO(check.describe());
        CHECK(check.exit_code == 2);
        CHECK(check.out.find(key + ": not replayable offline: written by " +
                             (earlier.empty() ? "an earlier qa-skill" : "qa-skill " + earlier) +
                             ", not by this one (qa-skill " + build + ")") != std::string::npos);
        CHECK(check.out.find("DETERMINISM_DRIFT_DETECTED") == std::string::npos);

        // The same change run again after the upgrade: the finding's FAIL, no drift, and the
        // folder is this build's run.
        const ProcResult again = sb.qa(repo, "run --staged --format json");
        INFO(again.describe());
        CHECK(again.exit_code == 1);
        CHECK(again.all().find("DETERMINISM_DRIFT_DETECTED") == std::string::npos);
        CHECK(only_run(repo) == dir);
        CHECK(qa::test::read_bytes(dir / "lens-results.json") == fresh);
        CHECK(sb.qa(repo, "drift-check " + key).exit_code == 0);
    }

    // The same older bytes recorded as this build's are drift: kept, the run recorded beside.
    as_written_by(dir, build);
    const ProcResult drift = sb.qa(repo, "run --staged");
    INFO(drift.describe());
    CHECK(drift.exit_code == 1);
    CHECK(drift.all().find("DETERMINISM_DRIFT_DETECTED") != std::string::npos);
    CHECK(qa::test::run_dirs(repo / ".qa-skill").size() == 2);
    CHECK(qa::test::read_bytes(dir / "lens-results.json") != fresh);
}

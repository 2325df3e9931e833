// Replays of what the gate judges besides a change (issue 21 over issue 23's round 3): each
// commit of a CI range (the lines earlier commits added, the commit messages, credentials named
// by their commit), a history audit, and the consistency lens's frozen rubric, which a replay
// reads as the run did. Through the real binaries, on real repositories.
#include <catch2/catch.hpp>

#include "support/baseline_fixture.hpp"
#include "support/hook_fixture.hpp"
#include "support/rubric_fixture.hpp"
#include "util/sha256.hpp"

namespace fs = std::filesystem;
using qa::test::fake_github_token;
using qa::test::HookSandbox;
using qa::test::ProcResult;

namespace {

/// How many lines of `text` contain `what`.
std::size_t count_lines_with(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t nl = text.find('\n', at);
        const std::size_t end = nl == std::string::npos ? text.size() : nl;
        if (text.substr(at, end - at).find(what) != std::string::npos) {
            ++n;
        }
        at = end + 1;
    }
    return n;
}

/// A branch `feature` off main: a token added then removed (an earlier commit's lines), a token
/// in a commit message, and a token the net change keeps (named by blame).
fs::path range_repo(const HookSandbox& sb) {
    auto repo = sb.repo_with_commit("range");
    sb.git_ok(repo, "branch -M main");
    sb.git_ok(repo, "checkout -q -b feature");
    sb.add_file(repo, "src/cfg.py", "TOKEN = \"" + fake_github_token(51) + "\"\n");
    sb.commit(repo, "add token");
    sb.add_file(repo, "src/cfg.py", "TOKEN = None\n");
    sb.commit(repo, "token " + fake_github_token(52));
    sb.add_file(repo, "src/keep.py", "KEY = \"" + fake_github_token(53) + "\"\n");
    sb.commit(repo, "keep");
    return repo;
}

}  // namespace

TEST_CASE("drift: a range's net change, earlier commits and messages each replay equal",
          "[drift][range][integration]") {
    HookSandbox sb;
    const auto repo = range_repo(sb);
    const ProcResult run =
        sb.qa(repo, "run --base main --head feature --verify-determinism --format json");
    INFO(run.describe());
    CHECK(run.exit_code == 1);
    CHECK(run.out.find("DETERMINISM_DRIFT_DETECTED") == std::string::npos);
    CHECK(run.out.find("determinism not verified") == std::string::npos);
    // The net change names the commit that added the kept token (blame), in its lens result and
    // in the verdict's blocking findings: the replay must too.
    const std::string named = "\"commit\":\"" + sb.rev_parse(repo, "feature") + "\"";
    const auto first = run.out.find(named);
    REQUIRE(first != std::string::npos);
    CHECK(run.out.find(named, first + 1) != std::string::npos);

    // Three runs (the net change, the earlier commits' lines, the messages), each replayed.
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    CHECK(dirs.size() == 3);
    const ProcResult all = sb.qa(repo, "drift-check --all");
    INFO(all.describe());
    CHECK(all.exit_code == 0);
    CHECK(count_lines_with(all.out, ": no drift") == dirs.size());
    // Messages are stored by their commit, never as text.
    for (const auto& dir : dirs) {
        const std::string replay = qa::test::read_bytes(dir / "replay.json");
        CHECK(replay.find(fake_github_token(52)) == std::string::npos);
    }
}

TEST_CASE("drift: a history audit replays equal", "[drift][audit][integration]") {
    HookSandbox sb;
    const auto repo = range_repo(sb);
    const ProcResult audit = sb.qa(repo, "audit --all");
    INFO(audit.describe());
    CHECK(audit.exit_code == 1);
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(!dirs.empty());
    const ProcResult all = sb.qa(repo, "drift-check --all");
    INFO(all.describe());
    CHECK(all.exit_code == 0);
    CHECK(count_lines_with(all.out, ": no drift") == dirs.size());
}

TEST_CASE("drift: the frozen rubric is read as the run read it, and a changed one is drift",
          "[drift][consistency][integration]") {
    HookSandbox sb;
    const auto repo = qa::test::python_project(sb, "py");
    for (const char* step : {"consistency-init", "consistency-approve 1"}) {
        const ProcResult r = sb.qa(repo, step);
        INFO(r.describe());
        REQUIRE(r.exit_code == 0);
    }
    sb.add_file(repo, ".qa-skill.toml", qa::test::consistency_config(1));
    sb.git_ok(repo, "add .qa-skill-rubric/v1.json");
    sb.commit(repo, "consistency rubric v1");
    sb.add_file(repo, "app/user_api.py", "def fetchUser(user_id):\n    return user_id\n");
    const ProcResult run = sb.qa(repo, "run --staged --verify-determinism");
    INFO(run.describe());
    REQUIRE(run.exit_code == 1);
    CHECK(run.all().find("consistency-names-python-function") != std::string::npos);
    CHECK(run.all().find("determinism not verified") == std::string::npos);
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(dirs.size() == 1);
    const fs::path& dir = dirs[0];
    const std::string key = dir.filename().string();
    const std::string rubric_path = ".qa-skill-rubric/v1.json";
    const std::string frozen = qa::test::read_bytes(repo / rubric_path);

    // The rubric removed from the working tree: the replay reads the stored blob.
    fs::remove(repo / rubric_path);
    CHECK(sb.qa(repo, "drift-check " + key).exit_code == 0);

    // Version 1 frozen again from an edited draft (a summary reworded): a rubric whose bytes
    // changed under the same version. Its blob put in the stored input: drift, named.
    const fs::path draft = repo / ".qa-skill/rubric/v1.draft.json";
    std::string text = qa::test::read_bytes(draft);
    const auto at = text.find("snake_case");
    REQUIRE(at != std::string::npos);
    text.replace(at, 10, "snake-case");
    qa::test::write_file(draft, text);
    const ProcResult again = sb.qa(repo, "consistency-approve 1");
    INFO(again.describe());
    REQUIRE(again.exit_code == 0);
    const std::string changed = qa::test::read_bytes(repo / rubric_path);
    REQUIRE(changed != frozen);
    const std::string new_blob = sb.git_ok(repo, "hash-object -w " + rubric_path).substr(0, 40);
    const std::string old_blob = sb.git_ok(repo, "rev-parse HEAD:" + rubric_path).substr(0, 40);
    std::string replay = qa::test::read_bytes(dir / "replay.json");
    const auto blob_at = replay.find(old_blob);
    REQUIRE(blob_at != std::string::npos);
    replay.replace(blob_at, 40, new_blob);
    const auto sum_at = replay.find(qa::util::sha256_hex(frozen));
    REQUIRE(sum_at != std::string::npos);
    replay.replace(sum_at, 64, qa::util::sha256_hex(changed));
    qa::test::write_file(dir / "replay.json", replay);
    const ProcResult drift = sb.qa(repo, "drift-check " + key);
    INFO(drift.describe());
    CHECK(drift.exit_code == 1);
    CHECK(drift.out.find("DETERMINISM_DRIFT_DETECTED: " + key + ": ") != std::string::npos);
    CHECK(drift.out.find("differs at \"/") != std::string::npos);

    // A frozen rubric edited by hand (one byte, its rubricHash left): not replayable, named.
    std::string edited = frozen;
    edited.replace(edited.find("snake_case"), 10, "snake_Case");
    qa::test::write_file(repo / "edited.json", edited);
    const std::string edited_blob = sb.git_ok(repo, "hash-object -w edited.json").substr(0, 40);
    replay.replace(replay.find(new_blob), 40, edited_blob);
    replay.replace(replay.find(qa::util::sha256_hex(changed)), 64, qa::util::sha256_hex(edited));
    qa::test::write_file(dir / "replay.json", replay);
    const ProcResult tampered = sb.qa(repo, "drift-check " + key);
    INFO(tampered.describe());
    CHECK(tampered.exit_code == 2);
    CHECK(tampered.all().find("v1.json") != std::string::npos);
}

// Replays and drift through the real binaries: `qa-skill drift-check` replays a stored run from
// its normalized input (seed 002, determinism plan 12 and acceptance scenario 13) and names the
// first difference; a run whose executionKey already has a folder with other bytes keeps the
// first and records itself beside it; runs of one key at the same time both succeed.
#include <catch2/catch.hpp>

#include <set>
#include <thread>

#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "support/provider_server.hpp"
#include "util/sha256.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::ProviderServer;

namespace {

constexpr const char* kKeyEnv = "QA_TEST_PROVIDER_KEY";
constexpr const char* kKey = "sk-drift-KEY-0a1b2c3d4e5f";

/// A conflict marker, built at run time so that this file does not hold one.
std::string conflict_marker() {
    return std::string(7, '<') + " HEAD\n";
}

/// The one run folder under .qa-skill/runs named by its key (no drift record beside it).
fs::path only_run(const fs::path& repo) {
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(dirs.size() == 1);
    REQUIRE(qa::test::is_sha256_hex(dirs[0].filename().string()));
    return dirs[0];
}

/// The one run folder under .qa-skill/runs whose lens results mention `what` (a range also
/// writes a run for its commit messages).
fs::path run_with(const fs::path& repo, const std::string& what) {
    std::vector<fs::path> found;
    for (const auto& dir : qa::test::run_dirs(repo / ".qa-skill")) {
        if (qa::test::read_bytes(dir / "lens-results.json").find(what) != std::string::npos) {
            found.push_back(dir);
        }
    }
    REQUIRE(found.size() == 1);
    return found[0];
}

/// `path` with the first `from` after `anchor` replaced by `to`.
void tamper(const fs::path& path, const std::string& anchor, const std::string& from,
            const std::string& to) {
    std::string bytes = qa::test::read_bytes(path);
    const auto at = bytes.find(anchor);
    REQUIRE(at != std::string::npos);
    const auto pos = bytes.find(from, at);
    REQUIRE(pos != std::string::npos);
    bytes.replace(pos, from.size(), to);
    qa::test::write_file(path, bytes);
}

std::string model_config(const ProviderServer& server, const std::string& extra = "") {
    return "run_mode = \"strict\"\n[lenses.performance]\nenabled = true\nprovider = \"local\"\n" +
           extra +
           "[providers.local]\nadapter = \"openai-codex\"\napi = \"chat_completions\"\n"
           "base_url = \"" +
           server.url("ok") + "/v1\"\nmodel = \"test-model\"\napi_key_env = \"" + kKeyEnv + "\"\n";
}

std::string answer(const std::string& summary) {
    return R"({"findings":[{"file":"src/app.py","startLine":3,"endLine":3,"severity":"high",)"
           R"("ruleId":"perf.query-in-loop","summary":")" +
           summary + R"(","rationale":"db.query in a loop."}]})";
}

/// `qa-skill <args>` with the provider key set.
ProcResult qa_with_key(const HookSandbox& sb, const fs::path& repo, const std::string& args) {
    return sb.in(repo, std::string(kKeyEnv) + "=" + kKey + " " +
                           qa::test::shell_quote(QA_SKILL_BIN) + " " + args);
}

/// The cache entry files under .qa-skill/cache.
/// The answer entries (`*.md`), not the cache's hit counters (`stats`, `stats.lock`).
std::vector<fs::path> cache_entries(const fs::path& repo) {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(repo / ".qa-skill" / "cache")) {
        if (e.is_regular_file() && e.path().extension() == ".md") {
            out.push_back(e.path());
        }
    }
    return out;
}

}  // namespace

TEST_CASE(
    "seed scenario 13: a replay of the same execution key gives equal hashes, or a "
    "deterministic drift failure",
    "[drift][seed][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("scenario13");
    sb.add_file(repo, "notes.txt", "a\n" + conflict_marker() + "b\n");
    const ProcResult run = sb.qa(repo, "run --staged");
    INFO(run.describe());
    REQUIRE(run.exit_code == 1);
    const fs::path dir = only_run(repo);
    const std::string key = dir.filename().string();
    CHECK(fs::exists(dir / "replay.json"));

    // Equal: exit 0, one line.
    const ProcResult same = sb.qa(repo, "drift-check " + key);
    INFO(same.describe());
    CHECK(same.exit_code == 0);
    CHECK(same.out == key + ": no drift (the replay wrote the same bytes)\n");
    const ProcResult all = sb.qa(repo, "drift-check --all");
    CHECK(all.exit_code == 0);

    // The replay reads the stored input, never today's index or working tree.
    sb.add_file(repo, "notes.txt", "clean now\n");
    sb.add_file(repo, "other.txt", "more\n");
    const ProcResult still = sb.qa(repo, "drift-check " + key);
    INFO(still.describe());
    CHECK(still.exit_code == 0);

    // One byte of a stored artifact changed: drift, naming the file, the pointer, both values.
    tamper(dir / "lens-results.json", "\"planOrdinal\":", "\"planOrdinal\":0", "\"planOrdinal\":5");
    const ProcResult drift = sb.qa(repo, "drift-check " + key);
    INFO(drift.describe());
    CHECK(drift.exit_code == 1);
    CHECK(drift.out.find("DETERMINISM_DRIFT_DETECTED: " + key +
                         ": lens-results.json differs at \"/0/planOrdinal\"") != std::string::npos);
    CHECK(drift.out.find("stored:   5\n") != std::string::npos);
    CHECK(drift.out.find("replayed: 0\n") != std::string::npos);
    CHECK(sb.qa(repo, "drift-check --all").exit_code == 1);

    // Not a key, or no such run: usage errors.
    CHECK(sb.qa(repo, "drift-check nothex").exit_code == 2);
    CHECK(sb.qa(repo, "drift-check " + std::string(64, 'a')).exit_code == 2);
}

TEST_CASE("drift-check: a cached provider answer changed by one byte is detected and named",
          "[drift][model-lens][integration]") {
    HookSandbox sb;
    ProviderServer server;
    server.set_answer(answer("A query per user"));
    const auto repo = sb.repo_with_commit("cached");
    sb.add_file(repo, ".qa-skill.toml", model_config(server));
    sb.add_file(repo, "src/app.py", "import db\nfor u in users:\n    db.query(u)\n");
    const ProcResult run = qa_with_key(sb, repo, "run --staged");
    INFO(run.describe());
    REQUIRE(run.exit_code == 1);
    const std::string key = only_run(repo).filename().string();
    CHECK(sb.qa(repo, "drift-check " + key).exit_code == 0);  // offline, from the cache
    REQUIRE(server.requests().size() == 1);

    auto entries = cache_entries(repo);
    REQUIRE(entries.size() == 1);
    // The answer rewritten under the same key, its checksum with it: the replay finds it and
    // its findings differ.
    {
        std::string bytes = qa::test::read_bytes(entries[0]);
        const auto body_at = bytes.find("\n---\n");
        REQUIRE(body_at != std::string::npos);
        const std::string old_body = bytes.substr(body_at + 5);
        std::string body = old_body;
        const auto word = body.find("per user");
        REQUIRE(word != std::string::npos);
        body[word + 4] = 'U';  // one byte
        // Its adapterResponseHash with it: a cached answer is used only when that is the hash of
        // the answer (what a team store's record is checked against too).
        const auto answer_hash = [](const std::string& text) {
            return qa::util::sha256_hex(qa::json::canonical(*qa::json::parse(text).find("answer")));
        };
        const auto hash_at = body.find(answer_hash(old_body));
        REQUIRE(hash_at != std::string::npos);
        body.replace(hash_at, 64, answer_hash(body));
        bytes = bytes.substr(0, body_at + 5) + body;
        const auto sum = bytes.find(qa::util::sha256_hex(old_body));
        REQUIRE(sum != std::string::npos);
        bytes.replace(sum, 64, qa::util::sha256_hex(body));
        qa::test::write_file(entries[0], bytes);
    }
    const ProcResult drift = sb.qa(repo, "drift-check " + key);
    INFO(drift.describe());
    CHECK(drift.exit_code == 1);
    CHECK(drift.out.find("DETERMINISM_DRIFT_DETECTED: " + key +
                         ": lens-results.json differs at \"/") != std::string::npos);

    // One byte changed without its checksum: the cache no longer has the answer, which an
    // offline replay names (exit 2), never a silent pass.
    tamper(entries[0], "per User", "per User", "per Usex");
    const ProcResult corrupt = sb.qa(repo, "drift-check " + key);
    INFO(corrupt.describe());
    CHECK(corrupt.exit_code == 2);
    CHECK(corrupt.out.find(key + ": not replayable offline: ") != std::string::npos);
    CHECK(corrupt.out.find("performance") != std::string::npos);
    CHECK(server.requests().size() == 1);  // no call was made
}

TEST_CASE(
    "a provider answering differently under one execution key: the first run is kept, "
    "the second recorded beside it, DETERMINISM_DRIFT_DETECTED",
    "[drift][model-lens][integration]") {
    HookSandbox sb;
    ProviderServer server;
    server.set_answer(answer("A query per user"));
    const auto repo = sb.repo_with_commit("answers");
    // No cache: each run asks the provider.
    sb.add_file(repo, ".qa-skill.toml", model_config(server, "cache_ttl_minutes = 0\n"));
    sb.add_file(repo, "src/app.py", "import db\nfor u in users:\n    db.query(u)\n");
    const ProcResult first = qa_with_key(sb, repo, "run --staged");
    INFO(first.describe());
    REQUIRE(first.exit_code == 1);
    const fs::path dir = only_run(repo);
    const std::string key = dir.filename().string();
    const std::string kept = qa::test::read_bytes(dir / "lens-results.json");

    // Offline the answer is not cached: not drift, not replayable (exit 2).
    const ProcResult offline = sb.qa(repo, "drift-check " + key);
    INFO(offline.describe());
    CHECK(offline.exit_code == 2);
    CHECK(offline.out.find("not replayable offline") != std::string::npos);
    // Asking the provider again, same answer: equal.
    CHECK(qa_with_key(sb, repo, "drift-check --allow-provider-calls " + key).exit_code == 0);

    server.set_answer(answer("Queries in a loop"));
    const ProcResult replayed = qa_with_key(sb, repo, "drift-check --allow-provider-calls " + key);
    INFO(replayed.describe());
    CHECK(replayed.exit_code == 1);
    CHECK(replayed.out.find("DETERMINISM_DRIFT_DETECTED: " + key +
                            ": lens-results.json differs at \"/") != std::string::npos);

    const ProcResult second = qa_with_key(sb, repo, "run --staged");
    INFO(second.describe());
    CHECK(second.exit_code == 1);
    CHECK(second.all().find("DETERMINISM_DRIFT_DETECTED") != std::string::npos);
    CHECK(second.all().find(key + ".drift-") != std::string::npos);
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(dirs.size() == 2);
    CHECK(dirs[0] == dir);
    CHECK(qa::test::read_bytes(dir / "lens-results.json") == kept);  // the first is kept
    CHECK(dirs[1].filename().string().starts_with(key + ".drift-"));
    CHECK(qa::test::read_bytes(dirs[1] / "lens-results.json").find("Queries in a loop") !=
          std::string::npos);
}

TEST_CASE("drift-check: a rules file whose bytes changed under the same key is detected",
          "[drift][own-rules][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("rules");
    const std::string rules =
        "[[rules]]\n"
        "id = \"internal-ticket-host\"\n"
        "description = \"Hard-coded internal ticket host.\"\n"
        "regex = '''tickets\\.corp\\.internal'''\n"
        "keywords = [\"tickets.corp\"]\n"
        "severity = \"high\"\n"
        "blocking = true\n"
        "fix = \"Read the host from the TICKETS_HOST setting.\"\n";
    sb.add_file(repo, "ci/qa-rules.toml", rules);
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/qa-rules.toml\"]\n");
    sb.commit(repo, "rules");
    sb.add_file(repo, "app.py", "URL = 'https://tickets.corp.internal/api'\n");
    const ProcResult run = sb.qa(repo, "run --staged");
    INFO(run.describe());
    REQUIRE(run.exit_code == 1);
    const fs::path dir = only_run(repo);
    const std::string key = dir.filename().string();

    // The rules file edited in the tree: the run's stored blob still replays equal.
    sb.add_file(repo, "ci/qa-rules.toml", rules + "# edited\n");
    CHECK(sb.qa(repo, "drift-check " + key).exit_code == 0);

    // The rules the stored run names, one byte changed (severity high -> low) under the same
    // key: what a rule data change without a version bump does.
    std::string changed = rules;
    changed.replace(changed.find("\"high\""), 6, "\"low\" ");
    qa::test::write_file(repo / "changed.toml", changed);
    const ProcResult blob = sb.git_in(repo, "hash-object -w changed.toml");
    REQUIRE(blob.exit_code == 0);
    const std::string new_blob = blob.out.substr(0, 40);
    const std::string old_blob =
        sb.git_in(repo, "rev-parse HEAD:ci/qa-rules.toml").out.substr(0, 40);
    std::string replay = qa::test::read_bytes(dir / "replay.json");
    const auto at = replay.find(old_blob);
    REQUIRE(at != std::string::npos);
    replay.replace(at, 40, new_blob);
    const auto sum = replay.find(qa::util::sha256_hex(rules));
    REQUIRE(sum != std::string::npos);
    replay.replace(sum, 64, qa::util::sha256_hex(changed));
    qa::test::write_file(dir / "replay.json", replay);
    const ProcResult drift = sb.qa(repo, "drift-check " + key);
    INFO(drift.describe());
    CHECK(drift.exit_code == 1);
    CHECK(drift.out.find("DETERMINISM_DRIFT_DETECTED: " + key) != std::string::npos);
    CHECK(drift.out.find("differs at \"/") != std::string::npos);

    // Its recorded sha256 left as it was: the stored input no longer matches, not replayable.
    replay.replace(replay.find(qa::util::sha256_hex(changed)), 64, qa::util::sha256_hex(rules));
    qa::test::write_file(dir / "replay.json", replay);
    const ProcResult mismatch = sb.qa(repo, "drift-check " + key);
    CHECK(mismatch.exit_code == 2);
    CHECK(mismatch.out.find("ci/qa-rules.toml is no longer the file the run read") !=
          std::string::npos);
}

TEST_CASE("run --verify-determinism replays the run it wrote", "[drift][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("verify");
    sb.add_file(repo, "notes.txt", "a\n" + conflict_marker());
    const ProcResult run = sb.qa(repo, "run --staged --verify-determinism --format json");
    INFO(run.describe());
    CHECK(run.exit_code == 1);
    CHECK(run.out.find("DETERMINISM_DRIFT_DETECTED") == std::string::npos);
    CHECK(run.out.find("determinism not verified") == std::string::npos);
    CHECK(sb.qa(repo, "run --staged --verify-determinism --no-artifacts").exit_code == 2);
}

TEST_CASE("runs of one execution key at the same time all succeed, with one folder",
          "[drift][model-lens][concurrency][integration]") {
    HookSandbox sb;
    ProviderServer server;
    server.set_answer(answer("A query per user"));
    const auto repo = sb.repo_with_commit("concurrent");
    sb.add_file(repo, ".qa-skill.toml", model_config(server));
    sb.add_file(repo, "src/app.py", "import db\nfor u in users:\n    db.query(u)\n");
    for (int round = 0; round < 3; ++round) {
        std::vector<ProcResult> results(6);
        std::vector<std::thread> threads;
        threads.reserve(results.size());
        for (std::size_t i = 0; i < results.size(); ++i) {
            threads.emplace_back([&, i] {
                // `qa-skill run` and the pre-commit hook, as an editor and a terminal commit.
                results[i] = i % 2 == 0 ? qa_with_key(sb, repo, "run --staged")
                                        : sb.in(repo, std::string(kKeyEnv) + "=" + kKey + " " +
                                                          qa::test::shell_quote(QA_SKILL_HOOK_BIN) +
                                                          " pre-commit");
            });
        }
        for (auto& t : threads) {
            t.join();
        }
        for (const auto& r : results) {
            INFO(r.describe());
            CHECK(r.exit_code == 1);  // the finding; never 2 ("cannot rename into place")
            CHECK(r.all().find("cannot rename") == std::string::npos);
            CHECK(r.all().find("cannot put") == std::string::npos);
        }
    }
    const fs::path dir = only_run(repo);  // one folder, no staging or drift folder
    CHECK(fs::exists(dir / "provenance.json"));
    CHECK(fs::exists(dir / "replay.json"));
    CHECK(sb.qa(repo, "drift-check " + dir.filename().string()).exit_code == 0);
}

TEST_CASE("run --input runs a normalized SkillInput, and --lens fills requestedLensIds",
          "[drift][cli][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("input");
    sb.add_file(repo, "notes.txt", "a\n" + conflict_marker());
    sb.commit(repo, "marker");
    const ProcResult first = sb.qa(repo, "run --base HEAD~1 --head HEAD");
    INFO(first.describe());
    REQUIRE(first.exit_code == 1);
    const fs::path dir = run_with(repo, "merge-conflict-marker");
    qa::test::write_file(repo / "input.json", qa::test::read_bytes(dir / "skill-input.json"));
    const std::string before = qa::test::read_bytes(dir / "skill-result.json");
    fs::remove_all(dir);

    const ProcResult again = sb.qa(repo, "run --input input.json");
    INFO(again.describe());
    CHECK(again.exit_code == 1);
    CHECK(qa::test::read_bytes(run_with(repo, "merge-conflict-marker") / "skill-result.json") ==
          before);

    std::string other = qa::test::read_bytes(repo / "input.json");
    const auto digit = other.find("\"configHash\":\"") + 14;
    other[digit] = other[digit] == '0' ? '1' : '0';
    qa::test::write_file(repo / "other.json", other);
    const ProcResult wrong = sb.qa(repo, "run --input other.json");
    CHECK(wrong.exit_code == 2);
    CHECK(wrong.err.find("other.json: /configHash: ") != std::string::npos);
    qa::test::write_file(repo / "bad.json", "{\"repoId\": 3}");
    const ProcResult bad = sb.qa(repo, "run --input bad.json");
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("bad.json: ") != std::string::npos);
    CHECK(sb.qa(repo, "run --input input.json --staged").exit_code == 2);

    sb.add_file(repo, "more.txt", conflict_marker());
    const ProcResult lens = sb.qa(repo, "run --staged --lens security --format json");
    INFO(lens.describe());
    CHECK(lens.exit_code == 0);  // the conflict marker is the hygiene lens's to find
    const ProcResult unknown = sb.qa(repo, "run --staged --lens nosuch");
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.err.find("--lens: no lens \"nosuch\"") != std::string::npos);
    const ProcResult planned = sb.qa(repo, "plan --lens security --format json");
    CHECK(planned.exit_code == 0);
    CHECK(planned.out.find("\"lensId\":\"security\"") != std::string::npos);
    CHECK(planned.out.find("\"lensId\":\"gate\"") == std::string::npos);
}

// The team-shared answer cache through the real `qa-skill run --staged`, with real stores on
// 127.0.0.1 (Debian's redis-server; Debian's nginx with WebDAV PUT) and the provider test server:
// two clones of one repository share one store, so the second judges the change with no provider
// call and byte-identical hashed artifacts; a store that goes away mid-run (while writing, or
// between two reads), or was never there, costs one warning line and never the verdict; a forged
// record is rejected under an HMAC key; a read-only client never writes; no password or token
// reaches an artifact, a log or a record; config show prints the stores in use; drift-check
// replays from a store and never writes it.
#include <catch2/catch.hpp>

#include "cache/entry.hpp"
#include "cache/remote/record.hpp"
#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "lenses/model/answer_cache.hpp"
#include "support/store_servers.hpp"
#include "support/team_cache_fixture.hpp"
#include "util/sha256.hpp"

namespace fs = std::filesystem;
using qa::test::ProcResult;
using qa::test::RedisServer;
using qa::test::WebDavServer;
using qa::test::team::all_bytes;
using qa::test::team::count;
using qa::test::team::entries;
using qa::test::team::hashed_artifacts;
using qa::test::team::Team;

TEST_CASE("two clones share a Redis team cache: the second makes no provider call",
          "[team-cache][integration]") {
    Team team;
    RedisServer redis;
    team.user_config("[cache]\nremote = [\"" + redis.url() + "\"]\n");
    const auto first = team.clone("alice");
    const auto second = team.clone("bob");

    const ProcResult a = team.run(first);
    INFO(a.describe());
    CHECK(a.exit_code == 1);
    CHECK(a.out.find("perf.query-in-loop") != std::string::npos);
    CHECK(team.server.requests().size() == 1);
    CHECK(redis.keys().size() == 1);
    CHECK(a.err.find("warning") == std::string::npos);

    const ProcResult b = team.run(second);
    INFO(b.describe());
    CHECK(b.exit_code == 1);
    CHECK(team.server.requests().size() == 1);  // zero provider calls for the second clone
    CHECK(hashed_artifacts(second) == hashed_artifacts(first));
    // The team hit became a local entry, byte for byte the first clone's.
    CHECK(entries(second) == entries(first));
    CHECK(entries(second).size() == 1);

    const ProcResult stats = team.sb.qa(second, "cache stats");
    INFO(stats.describe());
    CHECK(stats.exit_code == 0);
    CHECK(stats.out.find("team hits 1 (100.0%)") != std::string::npos);
    CHECK(stats.out.find("entries 1; ") != std::string::npos);  // the store's own count
}

TEST_CASE("two clones share an HTTP (WebDAV nginx) team cache with a bearer token",
          "[team-cache][integration]") {
    Team team;
    const std::string token = std::string("tok-") + "3f9a1c7e5b2d";
    WebDavServer nginx(token);
    team.user_config("[cache]\nremote = [{ url = \"" + nginx.url() +
                     "\", credential_env = \"QA_TEST_CACHE_TOKEN\" }]\n");
    const std::string env = "QA_TEST_CACHE_TOKEN=" + token;
    const auto first = team.clone("alice");
    const auto second = team.clone("bob");

    const ProcResult a = team.run(first, env);
    INFO(a.describe());
    CHECK(a.exit_code == 1);
    CHECK(team.server.requests().size() == 1);
    CHECK(a.err.find("warning") == std::string::npos);
    CHECK(std::distance(fs::directory_iterator(nginx.store()), fs::directory_iterator()) == 1);

    const ProcResult b = team.run(second, env);
    INFO(b.describe());
    CHECK(b.exit_code == 1);
    CHECK(team.server.requests().size() == 1);
    CHECK(hashed_artifacts(second) == hashed_artifacts(first));
    const std::string log = nginx.access_log();
    CHECK(count(log, "\"PUT /qa/") == 1);
    CHECK(count(log, "\" 200 ") >= 1);

    // Without the token the store answers 401: one warning, the provider answers, same verdict.
    const auto third = team.clone("carol");
    const ProcResult c = team.run(third, "QA_TEST_CACHE_TOKEN=wrong");
    INFO(c.describe());
    CHECK(c.exit_code == 1);
    CHECK(team.server.requests().size() == 2);
    CHECK(count(c.err, "warning: team cache") == 1);
    CHECK(c.err.find("HTTP 401") != std::string::npos);
    CHECK(hashed_artifacts(third) == hashed_artifacts(first));

    for (const auto& repo : {first, second, third}) {
        CHECK(all_bytes(repo / ".qa-skill").find(token) == std::string::npos);
    }
    CHECK(all_bytes(nginx.store()).find(token) == std::string::npos);
    for (const auto& r : {a, b, c}) {
        CHECK(r.all().find(token) == std::string::npos);
    }
}

TEST_CASE("Redis stopped mid-run: the run completes with one warning and the same verdict",
          "[team-cache][integration]") {
    // The provider answers after 1.5 s: Redis is stopped while the call is under way, after
    // the lookup missed and before the answer is written back.
    Team team("slow-1500");
    RedisServer redis;
    team.user_config("[cache]\nremote = [\"" + redis.url() + "\"]\n");
    const auto reference = team.clone("reference");
    const auto stopped = team.clone("stopped");

    qa::test::ShellChild child(team.sb.script(stopped, team.command()));
    for (int i = 0; i < 1000 && team.server.requests().empty(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    REQUIRE(team.server.requests().size() == 1);
    redis.stop();
    const ProcResult r = child.wait();
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(count(r.err, "warning: team cache " + redis.url()) == 1);
    CHECK(r.err.find("writing failed") != std::string::npos);

    // The same change without any team store: the same hashed artifacts, so the same verdict.
    team.user_config("");
    const ProcResult plain = team.run(reference);
    INFO(plain.describe());
    CHECK(plain.exit_code == 1);
    CHECK(hashed_artifacts(reference) == hashed_artifacts(stopped));
}

TEST_CASE("a team store read failing mid-run: the run completes with one warning, same verdict",
          "[team-cache][integration]") {
    // Two model calls, one after the other (max_concurrency = 1), the provider answering after
    // 1.5 s. The store is read-only, so only reads reach it: the first lookup is answered (a
    // miss), Redis is stopped during the first provider call, and the second lookup fails.
    Team team("slow-1500", "max_concurrency = 1\n[lenses.security]\nprovider = \"local\"\n");
    RedisServer redis;
    const auto reference = team.clone("reference");
    const ProcResult plain = team.run(reference);
    INFO(plain.describe());
    REQUIRE(team.server.requests().size() == 2);
    team.user_config("[cache]\nremote = [\"" + redis.url() + "\"]\nread_only = true\n");
    const auto stopped = team.clone("stopped");

    qa::test::ShellChild child(team.sb.script(stopped, team.command()));
    for (int i = 0; i < 1000 && team.server.requests().size() < 3; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    REQUIRE(team.server.requests().size() == 3);
    redis.stop();
    const ProcResult r = child.wait();
    INFO(r.describe());
    CHECK(r.exit_code == plain.exit_code);
    CHECK(team.server.requests().size() == 4);
    CHECK(count(r.err, "warning: team cache " + redis.url()) == 1);
    CHECK(r.err.find("reading failed") != std::string::npos);
    CHECK(hashed_artifacts(stopped) == hashed_artifacts(reference));
}

TEST_CASE("config show prints the team stores this machine uses, outside configHash",
          "[team-cache][integration]") {
    Team team;
    const auto repo = team.clone("alice");
    const ProcResult bare = team.sb.qa(repo, "config show");
    INFO(bare.describe());
    REQUIRE(bare.exit_code == 0);
    const auto shown_bare = qa::json::parse(bare.out);
    REQUIRE(shown_bare.find("cache") != nullptr);
    CHECK(qa::json::canonical(*shown_bare.find("cache")) ==
          R"({"hmac_key_env":null,"remote":[],"timeout_ms":500})");

    const std::string password = std::string("pw-") + "0f1e2d3c4b5a";
    team.user_config(
        "[cache]\ntimeout_ms = 80\nremote = [{ url = \"redis://127.0.0.1:6379/0\", "
        "credential_env = \"QA_TEST_REDIS_PASSWORD\", cluster_nodes = "
        "[\"127.0.0.2\"] }]\n");
    const ProcResult r = team.sb.in(repo, "QA_TEST_REDIS_PASSWORD=" + password + " " +
                                              qa::test::shell_quote(QA_SKILL_BIN) + " config show");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    const auto shown = qa::json::parse(r.out);
    REQUIRE(shown.find("cache") != nullptr);
    const auto file = team.sb.home() / ".config" / "qa-skill" / "config.toml";
    CHECK(qa::json::canonical(*shown.find("cache")) ==
          R"({"hmac_key_env":null,"remote":[{"cluster_nodes":["127.0.0.2"],)"
          R"("credential_env":"QA_TEST_REDIS_PASSWORD","read_only":false,"source":)" +
              qa::json::canonical(qa::json::Value(file.string())) +
              R"(,"url":"redis://127.0.0.1:6379/0"}],"timeout_ms":80})");
    CHECK(r.out.find(password) == std::string::npos);
    // Everything else is the configuration configHash hashes, unchanged by the user's file.
    auto without = [](qa::json::Value v) {
        auto& o = v.as_object();
        std::erase_if(o, [](const auto& member) { return member.first == "cache"; });
        return qa::json::canonical(v);
    };
    CHECK(without(shown) == without(shown_bare));
}

TEST_CASE("drift-check replays from the team store, and never writes it",
          "[team-cache][integration]") {
    Team team;
    RedisServer redis;
    team.user_config("[cache]\nremote = [\"" + redis.url() + "\"]\n");
    const auto repo = team.clone("alice");
    const ProcResult a = team.run(repo);
    INFO(a.describe());
    CHECK(a.exit_code == 1);
    REQUIRE(redis.keys().size() == 1);
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(dirs.size() == 1);
    const std::string key = dirs[0].filename().string();

    // The local cache gone (another machine replays the run): the team store has the answer.
    fs::remove_all(repo / ".qa-skill" / "cache");
    const ProcResult replayed = team.sb.qa(repo, "drift-check " + key);
    INFO(replayed.describe());
    CHECK(replayed.exit_code == 0);
    CHECK(replayed.out == key + ": no drift (the replay wrote the same bytes)\n");
    CHECK(team.server.requests().size() == 1);

    // Without the store the same replay is not replayable offline: the store answered it.
    fs::remove_all(repo / ".qa-skill" / "cache");
    team.user_config("");
    const ProcResult offline = team.sb.qa(repo, "drift-check " + key);
    INFO(offline.describe());
    CHECK(offline.exit_code == 2);
    CHECK(offline.out.find("not replayable offline") != std::string::npos);

    // Asked again with --allow-provider-calls, a replay's answer is not written to the store.
    team.server.set_answer(R"({"findings":[]})");
    team.user_config("[cache]\nremote = [\"" + redis.url() + "\"]\n");
    redis.cli("DEL " + redis.keys()[0]);  // a miss, so the provider is asked
    const ProcResult asked =
        team.sb.in(repo, std::string(qa::test::team::kKeyEnv) + "=" + qa::test::team::kKey + " " +
                             qa::test::shell_quote(QA_SKILL_BIN) +
                             " drift-check --allow-provider-calls " + key);
    INFO(asked.describe());
    CHECK(asked.exit_code == 1);  // the provider's answer changed: drift
    CHECK(team.server.requests().size() == 2);
    CHECK(redis.keys().empty());
}

TEST_CASE("an unreachable team store costs one warning line and never the verdict",
          "[team-cache][integration]") {
    Team team;
    const int dead = qa::test::free_port();  // nothing listens there
    team.user_config("[cache]\nremote = [\"redis://127.0.0.1:" + std::to_string(dead) +
                     "/0\", \"http://127.0.0.1:" + std::to_string(dead) + "/qa/\"]\n");
    const auto repo = team.clone("alice");
    const ProcResult r = team.run(repo);
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(team.server.requests().size() == 1);
    CHECK(count(r.err, "warning: team cache redis://127.0.0.1:" + std::to_string(dead)) == 1);
    CHECK(count(r.err, "warning: team cache http://127.0.0.1:" + std::to_string(dead)) == 1);
    CHECK(count(r.err, "warning:") == 2);
}

TEST_CASE("with an HMAC key a forged team record is rejected, and without one it would be trusted",
          "[team-cache][integration]") {
    Team team;
    RedisServer redis;
    const std::string hmac = std::string("hmac-") + "team-key-0a1b2c3d";
    team.user_config("[cache]\nremote = [\"" + redis.url() +
                     "\"]\nhmac_key_env = \"QA_TEST_CACHE_HMAC\"\n");
    const std::string env = "QA_TEST_CACHE_HMAC=" + hmac;
    const auto first = team.clone("alice");
    const ProcResult a = team.run(first, env);
    INFO(a.describe());
    CHECK(a.exit_code == 1);
    REQUIRE(redis.keys().size() == 1);
    const std::string redis_key = redis.keys()[0];
    const std::string genuine = redis.cli("GET " + redis_key);
    CHECK(genuine.starts_with("qa-skill-hmac-sha256: "));

    // An attacker who can write the store replaces the answer with "no findings": a well-formed
    // entry of the same key, content hash and adapterResponseHash right, signed with a guess.
    const auto key = *qa::cache::parse_key(redis_key.substr(std::string("qa-skill:").size()));
    qa::lenses::model::CachedAnswer forged;
    forged.answer = qa::json::parse(R"({"findings":[]})");
    forged.adapterResponseHash = qa::util::sha256_hex(qa::json::canonical(forged.answer));
    const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
    const qa::cache::Entry entry{key, now, now + std::chrono::hours(24), 1440,
                                 qa::lenses::model::encode_answer(forged)};
    const fs::path record = team.sb.root() / "forged";
    qa::test::write_file(record, qa::cache::remote::seal(qa::cache::render_entry(entry),
                                                         std::string("a-guessed-key")));
    redis.cli("-x SET " + redis_key + " < " + qa::test::shell_quote(record.string()));
    // `cache verify` checks the store's records as a read would.
    const ProcResult checked =
        team.sb.in(first, env + " " + qa::test::shell_quote(QA_SKILL_BIN) + " cache verify");
    INFO(checked.describe());
    CHECK(checked.exit_code == 1);
    CHECK(checked.out.find("bad team record " + key.text() + ": HMAC mismatch") !=
          std::string::npos);
    CHECK(checked.out.find("0 sound, 1 bad") != std::string::npos);

    const auto second = team.clone("bob");
    const ProcResult b = team.run(second, env);
    INFO(b.describe());
    CHECK(b.exit_code == 1);  // still blocked: the forged "no findings" was not trusted
    CHECK(team.server.requests().size() == 2);
    CHECK(b.err.find("warning") == std::string::npos);  // a bad record is a miss, not a failure
    const ProcResult stats = team.sb.qa(second, "cache stats");
    CHECK(stats.out.find("team records rejected 1") != std::string::npos);

    // The same forged record, unsigned, to a client without a key: trusted, and the change
    // passes. What the HMAC key is for.
    qa::test::write_file(record, qa::cache::render_entry(entry));
    redis.cli("-x SET " + redis_key + " < " + qa::test::shell_quote(record.string()));
    team.user_config("[cache]\nremote = [\"" + redis.url() + "\"]\nread_only = true\n");
    const auto third = team.clone("carol");
    const ProcResult c = team.run(third);
    INFO(c.describe());
    CHECK(c.exit_code == 0);
    CHECK(team.server.requests().size() == 2);
    for (const auto& repo : {first, second, third}) {
        CHECK(all_bytes(repo / ".qa-skill").find(hmac) == std::string::npos);
    }
    CHECK(redis.cli("GET " + redis_key).find(hmac) == std::string::npos);
}

TEST_CASE("hmac_key_env naming an unset variable: one warning line, and no team store is used",
          "[team-cache][integration]") {
    // Read once, by prepare, before any lens runs: one line however many changes the run checks.
    Team team;
    RedisServer redis;
    team.user_config("[cache]\nremote = [\"" + redis.url() +
                     "\"]\nhmac_key_env = \"QA_TEST_CACHE_HMAC_UNSET\"\n");
    const auto repo = team.clone("alice");
    const ProcResult r = team.run(repo);
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(team.server.requests().size() == 1);
    CHECK(count(r.err,
                "qa-skill: warning: [cache] hmac_key_env names QA_TEST_CACHE_HMAC_UNSET, "
                "which is not set; the team cache is off for this run\n") == 1);
    CHECK(count(r.err, "warning:") == 1);
    CHECK(redis.keys().empty());  // neither read nor written unsigned

    // `qa-skill cache push` reads the variables as a run does: no store to push to.
    const ProcResult push = team.sb.qa(repo, "cache push");
    INFO(push.describe());
    CHECK(push.exit_code == 2);
    CHECK(count(push.err, "hmac_key_env names QA_TEST_CACHE_HMAC_UNSET, which is not set") == 1);
}

TEST_CASE("a read-only client reads the team cache and never writes it",
          "[team-cache][integration]") {
    Team team;
    RedisServer redis;
    WebDavServer nginx;
    team.user_config("[cache]\nread_only = true\nremote = [\"" + redis.url() + "\", \"" +
                     nginx.url() + "\"]\n");
    const auto first = team.clone("alice");
    const ProcResult a = team.run(first);
    INFO(a.describe());
    CHECK(a.exit_code == 1);
    CHECK(team.server.requests().size() == 1);
    CHECK(redis.keys().empty());
    CHECK(qa::test::read_tree(nginx.store()).empty());
    CHECK(nginx.access_log().find("\"PUT ") == std::string::npos);
    const ProcResult push = team.sb.qa(first, "cache push");
    INFO(push.describe());
    CHECK(push.out.find("read-only here; nothing pushed") != std::string::npos);
    CHECK(redis.keys().empty());

    // CI's file names the same store writable and pushes what this machine has.
    team.user_config("[cache]\nremote = [{ url = \"" + redis.url() + "\", read_only = false }]\n");
    const ProcResult seeded = team.sb.qa(first, "cache push");
    INFO(seeded.describe());
    CHECK(seeded.exit_code == 0);
    CHECK(seeded.out.find("1 pushed") != std::string::npos);
    CHECK(redis.keys().size() == 1);
    const ProcResult verified = team.sb.qa(first, "cache verify");
    INFO(verified.describe());
    CHECK(verified.exit_code == 0);
    CHECK(verified.out.find("1 sound, 0 bad") != std::string::npos);

    // The read-only client is answered by what CI pushed.
    team.user_config("[cache]\nread_only = true\nremote = [\"" + redis.url() + "\"]\n");
    const auto second = team.clone("bob");
    const ProcResult b = team.run(second);
    INFO(b.describe());
    CHECK(b.exit_code == 1);
    CHECK(team.server.requests().size() == 1);
    CHECK(hashed_artifacts(second) == hashed_artifacts(first));
}

TEST_CASE("a Redis password comes from its variable and reaches no artifact, log or record",
          "[team-cache][integration]") {
    Team team;
    const std::string password = std::string("pw-") + "5e4d3c2b1a09";
    RedisServer redis(password);
    team.user_config("[cache]\nremote = [\"" + redis.url() +
                     "\"]\ncredential_env = \"QA_TEST_REDIS_PASSWORD\"\n");
    const auto first = team.clone("alice");
    const ProcResult a = team.run(first, "QA_TEST_REDIS_PASSWORD=" + password);
    INFO(a.describe());
    CHECK(a.exit_code == 1);
    CHECK(a.err.find("warning") == std::string::npos);
    REQUIRE(redis.keys().size() == 1);

    const auto second = team.clone("bob");
    const ProcResult b = team.run(second, "QA_TEST_REDIS_PASSWORD=not-it");
    INFO(b.describe());
    CHECK(b.exit_code == 1);
    CHECK(count(b.err, "warning: team cache") == 1);
    CHECK(b.err.find("AUTH refused (QA_TEST_REDIS_PASSWORD)") != std::string::npos);

    for (const auto& r : {a, b}) {
        CHECK(r.all().find(password) == std::string::npos);
    }
    for (const auto& repo : {first, second}) {
        CHECK(all_bytes(repo / ".qa-skill").find(password) == std::string::npos);
    }
    CHECK(redis.cli("GET " + redis.keys()[0]).find(password) == std::string::npos);

    // A password in the URL itself is a configuration error that does not echo it.
    team.user_config("[cache]\nremote = [\"redis://u:" + password + "@127.0.0.1:1/0\"]\n");
    const ProcResult bad = team.run(team.clone("carol"));
    INFO(bad.describe());
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("config.toml:2:") != std::string::npos);
    CHECK(bad.err.find("must not hold a password") != std::string::npos);
    CHECK(bad.all().find(password) == std::string::npos);
}

TEST_CASE("a full Redis refuses the write: one warning, the verdict is unchanged",
          "[team-cache][integration]") {
    Team team;
    RedisServer redis({}, {"--maxmemory", "1", "--maxmemory-policy", "noeviction"});
    team.user_config("[cache]\nremote = [\"" + redis.url() + "\"]\n");
    const auto repo = team.clone("alice");
    const ProcResult r = team.run(repo);
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(team.server.requests().size() == 1);
    CHECK(count(r.err, "warning: team cache") == 1);
    CHECK(r.err.find("OOM") != std::string::npos);
    CHECK(redis.keys().empty());
    CHECK(entries(repo).size() == 1);  // the local cache still has the answer
}

TEST_CASE("an answer quoting a credential is stored masked and still shared by the team cache",
          "[team-cache][integration]") {
    Team team;
    const std::string key =
        "AKIA"
        "QYLPMN5HFIQR7XYZ";  // split: not a literal key here
    team.server.set_answer(
        R"({"findings":[{"file":"src/app.py","startLine":3,"endLine":3,"severity":"high",)"
        R"("ruleId":"perf.query-in-loop","summary":"A query per user","rationale":"db.query )"
        R"(in a loop, and the key )" +
        key + R"( is in the code."}]})");
    RedisServer redis;
    team.user_config("[cache]\nremote = [\"" + redis.url() + "\"]\n");
    const auto first = team.clone("alice");
    const auto second = team.clone("bob");

    const ProcResult a = team.run(first);
    INFO(a.describe());
    CHECK(a.exit_code == 1);
    CHECK(team.server.requests().size() == 1);
    REQUIRE(redis.keys().size() == 1);
    CHECK(a.all().find(key) == std::string::npos);

    // The record holds the masked answer, and the second clone trusts it: no provider call.
    const ProcResult b = team.run(second);
    INFO(b.describe());
    CHECK(b.exit_code == 1);
    CHECK(team.server.requests().size() == 1);
    CHECK(b.err.find("warning") == std::string::npos);
    CHECK(hashed_artifacts(second) == hashed_artifacts(first));
    for (const auto& repo : {first, second}) {
        CHECK(all_bytes(repo / ".qa-skill").find(key) == std::string::npos);
    }
    const ProcResult verify = team.sb.qa(second, "cache verify");
    INFO(verify.describe());
    CHECK(verify.exit_code == 0);
    CHECK(verify.out.find("local cache: 1 sound, 0 bad") != std::string::npos);

    // An unreadable local entry fails verify, and prune deletes it (and only it).
    qa::test::write_file(second / ".qa-skill" / "cache" / "model" / "performance-0.md", "junk\n");
    const ProcResult bad = team.sb.qa(second, "cache verify");
    INFO(bad.describe());
    CHECK(bad.exit_code == 1);
    CHECK(bad.out.find("bad local entry performance-0.md") != std::string::npos);
    const ProcResult pruned = team.sb.qa(second, "cache prune");
    INFO(pruned.describe());
    CHECK(pruned.exit_code == 0);
    CHECK(pruned.out.find("deleted 0 expired and 1 unreadable entries") != std::string::npos);
    CHECK(entries(second) == entries(first));
    CHECK(team.sb.qa(second, "cache verify").exit_code == 0);
}

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "cache/entry.hpp"
#include "cache/key.hpp"
#include "cache/store.hpp"
#include "json/parse.hpp"
#include "support/git_fixture.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"

namespace {

using namespace std::chrono_literals;
using qa::cache::LookupStatus;

// A fixed instant: the tests move this clock instead of sleeping.
const std::chrono::sys_seconds kT0{std::chrono::seconds(1775296800)};  // 2026-04-04T10:00:00Z

qa::cache::CacheKey key_of(const char* inputs_json) {
    return qa::cache::make_key("brain-memory-kb", qa::json::parse(inputs_json));
}

}  // namespace

TEST_CASE("cache key is name:sha256 of the canonical inputs, member order irrelevant", "[cache]") {
    const auto a = key_of(R"({"operation":"read","namespace":"org.global"})");
    const auto b = key_of(R"({ "namespace" : "org.global", "operation" : "read" })");
    CHECK(a.text() == b.text());
    // sha256 of {"namespace":"org.global","operation":"read"}
    CHECK(a.text() == "brain-memory-kb:" +
                          qa::util::sha256_hex(R"({"namespace":"org.global","operation":"read"})"));
    CHECK(key_of(R"({"operation":"write","namespace":"org.global"})").hash != a.hash);
    CHECK_THROWS_AS(qa::cache::make_key("../escape", qa::json::Value(1)), std::invalid_argument);
    CHECK_THROWS_AS(qa::cache::make_key("", qa::json::Value(1)), std::invalid_argument);
    const auto parsed = qa::cache::parse_key(a.text());
    REQUIRE(parsed);
    CHECK(parsed->name == a.name);
    CHECK(parsed->hash == a.hash);
    CHECK_FALSE(qa::cache::parse_key("brain-memory-kb:abc"));
    CHECK_FALSE(qa::cache::parse_key("no-colon"));
}

TEST_CASE("cache entry is written in the seed's form and read back", "[cache]") {
    qa::test::TempDir tmp("qa-skill-cache");
    qa::cache::Store store(tmp.path() / "cache");
    const auto key = key_of(R"({"operation":"read","namespace":"org.global"})");
    REQUIRE(store.put(key, "{\"status\":\"success\"}", 30min, kT0));

    const auto path = store.entry_path(key);
    CHECK(path.filename() == "brain-memory-kb-" + key.hash.substr(0, 12) + ".md");
    const std::string text = qa::util::read_file(path);
    CHECK(text.starts_with("---\nentity_name: session.current.cache.brain-memory-kb." +
                           key.hash.substr(0, 12) + "\n"));
    CHECK(text.find("\ncreated_at: 2026-04-04T10:00:00Z\n") != std::string::npos);
    CHECK(text.find("\nexpires_at: 2026-04-04T10:30:00Z\n") != std::string::npos);
    CHECK(text.find("\ncache_key: " + key.text() + "\n") != std::string::npos);
    CHECK(text.find("\ncache_ttl_minutes: 30\n") != std::string::npos);
    CHECK(text.ends_with("\n---\n{\"status\":\"success\"}"));

    const auto hit = store.get(key, kT0 + 29min);
    CHECK(hit.status == LookupStatus::Hit);
    CHECK(hit.value == "{\"status\":\"success\"}");
    CHECK(store.get(key_of(R"({"operation":"read"})"), kT0).status == LookupStatus::Miss);
}

TEST_CASE("cache entry expires at its TTL and is deleted on access", "[cache]") {
    qa::test::TempDir tmp("qa-skill-cache");
    qa::cache::Store store(tmp.path());
    const auto key = key_of(R"({"q":1})");
    REQUIRE(store.put(key, "answer", 5min, kT0));
    CHECK(store.get(key, kT0 + 5min - 1s).hit());
    CHECK(std::filesystem::exists(store.entry_path(key)));

    CHECK(store.get(key, kT0 + 5min).status == LookupStatus::Expired);
    CHECK_FALSE(std::filesystem::exists(store.entry_path(key)));
    CHECK(store.get(key, kT0).status == LookupStatus::Miss);

    // Re-written after execution, it is live again for a new TTL.
    REQUIRE(store.put(key, "answer 2", 5min, kT0 + 10min));
    CHECK(store.get(key, kT0 + 12min).value == "answer 2");
}

TEST_CASE("a ttl of zero stores nothing", "[cache]") {
    qa::test::TempDir tmp("qa-skill-cache");
    qa::cache::Store store(tmp.path() / "c");
    const auto key = key_of("[1]");
    CHECK(store.put(key, "x", 0min, kT0));
    CHECK_FALSE(std::filesystem::exists(store.entry_path(key)));
    CHECK(store.get(key, kT0).status == LookupStatus::Miss);
}

TEST_CASE("a corrupt cache entry is a miss and is removed, never a crash", "[cache]") {
    qa::test::TempDir tmp("qa-skill-cache");
    qa::cache::Store store(tmp.path());
    const auto key = key_of(R"({"q":2})");
    REQUIRE(store.put(key, "the stored answer", 60min, kT0));
    const auto path = store.entry_path(key);
    const std::string good = qa::util::read_file(path);

    const auto write = [&](const std::string& text) {
        std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
    };
    const std::string variants[] = {
        "",
        "not an entry",
        good.substr(0, good.size() - 3),             // truncated body
        good.substr(0, good.size() - 6) + "ANSWER",  // edited body
        good.substr(0, 40),                          // truncated header
        std::string(good).replace(good.find("expires_at: ") + 12, 16, "2026-13-45T99:99"),
    };
    for (const auto& text : variants) {
        write(text);
        CHECK(store.get(key, kT0).status == LookupStatus::Corrupt);
        CHECK_FALSE(std::filesystem::exists(path));
    }

    // Another key that shares the short hash (simulated by renaming its file) is not a hit.
    const auto other = key_of(R"({"q":3})");
    REQUIRE(store.put(other, "other answer", 60min, kT0));
    std::filesystem::rename(store.entry_path(other), path);
    CHECK(store.get(key, kT0).status == LookupStatus::Corrupt);

    // A directory where the entry should be: a miss, and put reports it could not write.
    std::filesystem::create_directory(path);
    CHECK(store.get(key, kT0).status == LookupStatus::Miss);
    CHECK_FALSE(store.put(key, "x", 5min, kT0));
}

TEST_CASE("remove and clear delete entries", "[cache]") {
    qa::test::TempDir tmp("qa-skill-cache");
    qa::cache::Store store(tmp.path());
    const auto a = key_of("1");
    const auto b = key_of("2");
    REQUIRE(store.put(a, "a", 5min, kT0));
    REQUIRE(store.put(b, "b", 5min, kT0));
    CHECK(store.remove(a));
    CHECK_FALSE(store.remove(a));
    CHECK(store.get(b, kT0).hit());
    CHECK(store.clear() == 1);
    CHECK(store.get(b, kT0).status == LookupStatus::Miss);
    qa::cache::Store missing(tmp.path() / "never-created");
    CHECK(missing.clear() == 0);
}

TEST_CASE("UTC times round-trip and reject what timegm would normalise", "[cache]") {
    CHECK(qa::cache::format_utc(kT0) == "2026-04-04T10:00:00Z");
    CHECK(qa::cache::parse_utc("2026-04-04T10:00:00Z") == kT0);
    CHECK_FALSE(qa::cache::parse_utc("2026-02-30T10:00:00Z"));
    CHECK_FALSE(qa::cache::parse_utc("2026-04-04 10:00:00Z"));
    CHECK_FALSE(qa::cache::parse_utc("2026-04-04T10:00:00"));
}

TEST_CASE("only the exact rendered form of an entry parses", "[cache]") {
    qa::cache::Entry entry{key_of(R"({"q":4})"), kT0, kT0 + std::chrono::minutes(5), 5, "body"};
    const std::string text = qa::cache::render_entry(entry);
    const auto parsed = qa::cache::parse_entry(text);
    REQUIRE(parsed);
    CHECK(parsed->body == "body");
    CHECK(parsed->expires_at == entry.expires_at);
    // The same fields in another order, or one more field, are not an entry qa-skill wrote.
    std::string swapped = text;
    const auto ns = swapped.find("namespace: session.current\n");
    swapped.erase(ns, 27);
    swapped.insert(swapped.find("tags:"), "namespace: session.current\n");
    CHECK(swapped != text);
    CHECK_FALSE(qa::cache::parse_entry(swapped));
    std::string extra = text;
    extra.insert(4, "note: hi\n");
    CHECK_FALSE(qa::cache::parse_entry(extra));
}

TEST_CASE("a symbolic link in place of an entry is not followed", "[cache]") {
    qa::test::TempDir tmp("qa-skill-cache");
    qa::cache::Store store(tmp.path() / "c");
    const auto key = key_of(R"({"q":5})");
    const auto other = key_of(R"({"q":6})");
    REQUIRE(store.put(other, "answer", 60min, kT0));
    // Even a link to a well-formed entry of the same key is not read.
    qa::cache::Store elsewhere(tmp.path() / "elsewhere");
    REQUIRE(elsewhere.put(key, "planted", 60min, kT0));
    std::filesystem::create_symlink(elsewhere.entry_path(key), store.entry_path(key));
    CHECK(store.get(key, kT0).status == LookupStatus::Miss);
    CHECK(elsewhere.get(key, kT0).hit());
}

TEST_CASE("prune deletes the expired entries only", "[cache]") {
    qa::test::TempDir dir;
    qa::cache::Store store(dir.path() / "cache");
    const auto now = qa::cache::now_seconds();
    const auto short_key = qa::cache::make_key("lens", qa::json::Value("short"));
    const auto long_key = qa::cache::make_key("lens", qa::json::Value("long"));
    REQUIRE(store.put(short_key, "a", std::chrono::minutes(1), now));
    REQUIRE(store.put(long_key, "b", std::chrono::minutes(100), now));
    CHECK(store.prune(now) == 0);
    CHECK(store.prune(now + std::chrono::minutes(2)) == 1);
    CHECK_FALSE(std::filesystem::exists(store.entry_path(short_key)));
    CHECK(store.get(long_key, now + std::chrono::minutes(2)).hit());
}

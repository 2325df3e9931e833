// The team cache's pieces without a server: store URLs, records (HMAC, key, lifetime), the
// tiered lookup over an in-memory backend, and the [cache] configuration with the user's file.
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <map>

#include "cache/entry.hpp"
#include "cache/remote/hiredis_library.hpp"
#include "cache/remote/record.hpp"
#include "cache/remote/spec.hpp"
#include "cache/tiered.hpp"
#include "config/config.hpp"
#include "json/parse.hpp"
#include "support/git_fixture.hpp"

namespace {

using namespace std::chrono_literals;
namespace remote = qa::cache::remote;

const std::chrono::sys_seconds kT0{std::chrono::seconds(1775296800)};  // 2026-04-04T10:00:00Z

qa::cache::CacheKey key_of(const char* inputs_json) {
    return qa::cache::make_key("performance", qa::json::parse(inputs_json));
}

std::string entry_bytes(const qa::cache::CacheKey& key, const std::string& body) {
    return qa::cache::render_entry({key, kT0, kT0 + 60min, 60, body});
}

/// A store in memory that counts what it was asked: the tiered cache's logic without a server.
class MemoryBackend final : public remote::Backend {
  public:
    std::map<std::string, std::string> records;
    int gets = 0;
    int puts = 0;
    bool broken = false;
    remote::Result get(const qa::cache::CacheKey& key) override {
        ++gets;
        if (broken) {
            return {remote::Status::failed, {}, "connection refused"};
        }
        const auto it = records.find(key.text());
        if (it == records.end()) {
            return {remote::Status::absent, {}, {}};
        }
        return {remote::Status::ok, it->second, {}};
    }
    remote::Result put(const qa::cache::CacheKey& key, const std::string& record,
                       std::chrono::seconds) override {
        ++puts;
        if (broken) {
            return {remote::Status::failed, {}, "connection refused"};
        }
        records[key.text()] = record;
        return {remote::Status::ok, {}, {}};
    }
    remote::Result exists(const qa::cache::CacheKey& key) override {
        return {records.count(key.text()) ? remote::Status::ok : remote::Status::absent, {}, {}};
    }
    remote::Usage usage() override { return {}; }
    std::optional<std::vector<remote::Listed>> list() override { return std::nullopt; }
    const std::string& name() const override { return name_; }

  private:
    std::string name_ = "memory://team";
};

}  // namespace

TEST_CASE("store URLs: known schemes, no password, a Redis path is a database", "[cache]") {
    CHECK(remote::url_problem("redis://127.0.0.1:6379/0").empty());
    CHECK(remote::url_problem("redis://cache.example").empty());
    CHECK(remote::url_problem("redis://ci@cache.example:6380/2").empty());
    CHECK(remote::url_problem("http://127.0.0.1:8080/qa/").empty());
    CHECK(remote::url_problem("https://[::1]:8443/bucket/qa").empty());
    // Built at run time, so this file holds no credential-shaped URL for the gate to find.
    const std::string with_password = "redis://u:" + std::string("hunter2") + "@host/0";
    CHECK(remote::url_problem(with_password).find("password") != std::string::npos);
    CHECK(remote::url_problem(with_password).find("hunter2") == std::string::npos);
    CHECK(remote::url_problem("ftp://host/x").find("unknown scheme") != std::string::npos);
    CHECK(remote::url_problem("redis://host/cache").find("database") != std::string::npos);
    CHECK(remote::url_problem("redis://host:99999/0").find("not a URL") != std::string::npos);
    CHECK(remote::url_problem("http://u@host/qa").find("no user") != std::string::npos);
    CHECK_FALSE(remote::url_problem("no-scheme-at-all").empty());
    CHECK(remote::redact_url("redis://ci@host:6379/0") == "redis://host:6379/0");
}

TEST_CASE("records: HMAC, key binding and lifetime are checked, and nothing bad is trusted",
          "[cache]") {
    const auto key = key_of(R"({"a":1})");
    const auto other = key_of(R"({"a":2})");
    const std::string bytes = entry_bytes(key, "{\"answer\":1}");
    const std::optional<std::string> hmac = std::string("team-secret");

    const std::string sealed = remote::seal(bytes, hmac);
    CHECK(sealed.ends_with(bytes));
    CHECK(sealed.find("team-secret") == std::string::npos);
    auto ok = remote::open(sealed, key, hmac, kT0);
    REQUIRE(ok.entry);
    CHECK(qa::cache::render_entry(*ok.entry) == bytes);

    CHECK(remote::open(bytes, key, hmac, kT0).rejection == remote::Rejection::unsigned_record);
    CHECK(remote::open(remote::seal(bytes, std::string("guess")), key, hmac, kT0).rejection ==
          remote::Rejection::bad_mac);
    std::string flipped = sealed;
    flipped[flipped.size() - 3] ^= 1;  // one bit of the answer
    CHECK(remote::open(flipped, key, hmac, kT0).rejection == remote::Rejection::bad_mac);
    CHECK(remote::open(flipped, key, std::nullopt, kT0).rejection ==
          remote::Rejection::malformed);  // the entry's own content hash still catches it
    CHECK(remote::open(sealed, other, hmac, kT0).rejection == remote::Rejection::other_key);
    CHECK(remote::open(sealed, key, hmac, kT0 + 60min).rejection == remote::Rejection::expired);
    CHECK(remote::open("", key, std::nullopt, kT0).rejection == remote::Rejection::malformed);
    // A reader without a key skips the MAC line: it chose not to check.
    CHECK(remote::open(sealed, key, std::nullopt, kT0).entry);
}

TEST_CASE("tiered cache: local, then team stores in order, and a bad record is a counted miss",
          "[cache]") {
    qa::test::TempDir tmp("qa-skill-tiered");
    const auto key = key_of(R"({"b":1})");
    auto first = std::make_unique<MemoryBackend>();
    auto second = std::make_unique<MemoryBackend>();
    MemoryBackend& a = *first;
    MemoryBackend& b = *second;
    b.records[key.text()] = entry_bytes(key, "good");
    a.records[key.text()] = entry_bytes(key, "bad");  // well-formed, but the caller rejects it
    std::vector<std::string> warnings;
    qa::cache::TieredOptions options;
    options.remotes = {{"memory://a", false, {}, {}, {}}, {"memory://b", true, {}, {}, {}}};
    options.accept = [](std::string_view v) { return v != "bad"; };
    options.warn = [&](const std::string& line) { warnings.push_back(line); };
    std::vector<std::unique_ptr<remote::Backend>> backends;
    backends.push_back(std::move(first));
    backends.push_back(std::move(second));
    qa::cache::TieredCache cache(qa::cache::Store(tmp.path() / "local"), options,
                                 std::move(backends));

    auto hit = cache.get(key, kT0);
    CHECK(hit.hit());
    CHECK(hit.value == "good");
    CHECK(cache.counters().rejected == 1);
    CHECK(cache.counters().remoteHits == 1);
    // Copied into the local store byte for byte: the next lookup asks no store.
    CHECK(
        qa::test::run("cat " + qa::test::shell_quote(cache.local().entry_path(key).string())).out ==
        entry_bytes(key, "good"));
    CHECK(cache.get(key, kT0).hit());
    CHECK(a.gets == 1);
    CHECK(cache.counters().localHits == 1);

    // put writes the writable store only, and a failing store warns once and is left alone.
    const auto fresh = key_of(R"({"b":2})");
    CHECK(cache.put(fresh, "new", 60min, kT0));
    CHECK(a.records.count(fresh.text()) == 1);
    CHECK(b.records.count(fresh.text()) == 0);  // read-only
    a.broken = true;
    const auto third = key_of(R"({"b":3})");
    CHECK_FALSE(cache.get(third, kT0).hit());
    CHECK_FALSE(cache.get(key_of(R"({"b":4})"), kT0).hit());
    CHECK(cache.put(third, "v", 60min, kT0));
    CHECK(a.gets == 2);  // not asked again after its failure
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0] ==
          "qa-skill: warning: team cache memory://team: reading failed (connection refused); "
          "this run goes on with the local cache and the provider");
}

TEST_CASE("[cache] settings, and the user's file laid over the repository's", "[cache][config]") {
    const std::vector<std::string> lenses = {"architecture", "consistency", "performance",
                                             "phase",        "security",    "style"};
    const auto c = qa::config::parse_config(R"(
[cache]
remote = ["redis://cache:6379/0", { url = "https://store/qa/", credential_env = "QA_TOKEN", read_only = false }]
read_only = true
timeout_ms = 250
hmac_key_env = "QA_CACHE_HMAC"
)",
                                            "cfg.toml", lenses);
    REQUIRE(c.cache.remotes.size() == 2);
    CHECK(c.cache.remotes[0].readOnly);
    CHECK(c.cache.remotes[0].line == 3);
    CHECK_FALSE(c.cache.remotes[1].readOnly);
    CHECK(c.cache.remotes[1].credentialEnv == "QA_TOKEN");
    CHECK(c.cache.timeoutMs == 250);
    CHECK(c.cache.hmacKeyEnv == "QA_CACHE_HMAC");
    // The store changes no verdict: configHash does not see it.
    CHECK(qa::config::config_hash(c) ==
          qa::config::config_hash(qa::config::parse_config("", "cfg.toml", lenses)));

    const auto error_of = [&](const std::string& text) {
        try {
            (void)qa::config::parse_config(text, "cfg.toml", lenses);
        } catch (const qa::settings::ConfigError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    const std::string pw =
        error_of("[cache]\nremote = [\"redis://u:" + std::string("s3cr3t") + "@h/0\"]\n");
    CHECK(pw.find("cfg.toml:2:") != std::string::npos);
    CHECK(pw.find("must not hold a password") != std::string::npos);
    CHECK(pw.find("s3cr3t") == std::string::npos);
    const std::string env = error_of("[cache]\nhmac_key_env = \"abc def==\"\n");
    CHECK(env.find("NAME of an environment variable") != std::string::npos);
    CHECK(env.find("abc def") == std::string::npos);
    CHECK(error_of("[cache]\nremotes = []\n").find("cache.remotes") != std::string::npos);
    // A cluster's other hosts are named per Redis store, as hosts.
    const auto nodes = qa::config::parse_config(
        "[cache]\nremote = [{ url = \"redis://a:7000/0\", cluster_nodes = [\"b\", \"c:7001\"] }]\n",
        "cfg.toml", lenses);
    REQUIRE(nodes.cache.remotes.size() == 1);
    CHECK(nodes.cache.remotes[0].clusterNodes == std::vector<std::string>{"b", "c:7001"});
    CHECK(error_of("[cache]\nremote = [{ url = \"http://a/qa/\", cluster_nodes = [\"b\"] }]\n")
              .find("only a redis:// remote has cluster nodes") != std::string::npos);
    CHECK(error_of("[cache]\nremote = [{ url = \"redis://a/0\", cluster_nodes = [\"u@b\"] }]\n")
              .find("cfg.toml:2:") != std::string::npos);

    qa::test::TempDir tmp("qa-skill-user-config");
    const auto file = tmp.path() / "config.toml";
    qa::test::write_file(file,
                         "[cache]\ntimeout_ms = 80\nremote = [{ url = "
                         "\"redis://cache:6379/0\", read_only = false }, "
                         "\"http://mine/qa/\"]\n");
    const auto merged = qa::config::with_user_cache(c.cache, file);
    REQUIRE(merged.remotes.size() == 3);
    CHECK_FALSE(merged.remotes[0].readOnly);  // the user's entry for the same URL wins
    CHECK(merged.remotes[0].source == file.string());
    CHECK(merged.remotes[2].url == "http://mine/qa/");
    CHECK(merged.timeoutMs == 80);
    CHECK(merged.hmacKeyEnv == "QA_CACHE_HMAC");
    qa::test::write_file(file, "[lenses.x]\n");
    CHECK_THROWS_AS(qa::config::with_user_cache(c.cache, file), qa::settings::ConfigError);
}

TEST_CASE("hiredis is loaded at run time, by the soname the build compiled against", "[cache]") {
    CHECK(std::string(remote::HiredisLibrary::default_soname()).starts_with("libhiredis.so."));
    const remote::HiredisLibrary lib;
    INFO(lib.error());
    CHECK(lib.loaded());
    CHECK(lib.command_argv != nullptr);
    const remote::HiredisLibrary missing("libhiredis-missing.so.9");
    CHECK_FALSE(missing.loaded());
    CHECK(missing.error().find("hiredis cannot be loaded") != std::string::npos);
    // A store whose library is missing is a failure of that store, as a value.
    qa::cache::remote::Options options;
    auto backend = remote::make_backend({"redis://127.0.0.1:1/0", false, {}, {}, {}}, options);
    const auto got = backend->get(key_of(R"({"c":1})"));
    CHECK(got.status == remote::Status::failed);
}

TEST_CASE("a Redis node that accepts but never answers is asked once and not once per lookup",
          "[cache]") {
    // A listening socket nobody reads: the kernel completes each handshake and queues it.
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    REQUIRE(fd >= 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    REQUIRE(::listen(fd, 16) == 0);
    socklen_t len = sizeof addr;
    REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0);
    const std::string url = "redis://127.0.0.1:" + std::to_string(ntohs(addr.sin_port)) + "/0";

    qa::cache::remote::Options options;
    options.timeoutMs = 100;
    auto backend = remote::make_backend({url, false, {}, {}, {}}, options);
    const auto first = backend->get(key_of(R"({"s":1})"));
    CHECK(first.status == remote::Status::failed);
    INFO(first.error);
    CHECK(first.error.find("SELECT 0 failed") != std::string::npos);  // the first command
    // Workers that queued behind the failure fail at once, with the same reason.
    const auto second = backend->get(key_of(R"({"s":2})"));
    CHECK(second.status == remote::Status::failed);
    CHECK(second.error == first.error);
    CHECK(backend->put(key_of(R"({"s":3})"), "r", 60s).status == remote::Status::failed);

    // One connection was made: the queue holds exactly one.
    REQUIRE(::fcntl(fd, F_SETFL, O_NONBLOCK) == 0);
    int connections = 0;
    for (int c = ::accept(fd, nullptr, nullptr); c >= 0; c = ::accept(fd, nullptr, nullptr)) {
        ++connections;
        ::close(c);
    }
    ::close(fd);
    CHECK(connections == 1);
}

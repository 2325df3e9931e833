// A Redis Cluster as a team store: Debian's hiredis has no cluster client, so the Redis backend
// follows MOVED and ASK itself. Three real redis-server nodes on 127.0.0.1 form a cluster; records
// written through one node land on the node owning their slot and are read through another.
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cache/key.hpp"
#include "cache/remote/spec.hpp"
#include "json/value.hpp"
#include "support/git_fixture.hpp"
#include "support/store_servers.hpp"

using qa::test::RedisServer;

TEST_CASE("a Redis Cluster: records land on the node owning their slot, read from any node",
          "[team-cache][integration]") {
    std::vector<std::unique_ptr<RedisServer>> nodes;
    std::string endpoints;
    for (int i = 0; i < 3; ++i) {
        nodes.push_back(std::make_unique<RedisServer>(
            std::string(), std::vector<std::string>{
                               "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                               "--cluster-port", std::to_string(qa::test::free_port())}));
        endpoints += " 127.0.0.1:" + std::to_string(nodes.back()->port());
    }
    const auto created = qa::test::run("redis-cli --cluster create" + endpoints +
                                       " --cluster-replicas 0 --cluster-yes 2>&1");
    INFO(created.out);
    REQUIRE(created.exit_code == 0);
    bool ok = false;
    for (int i = 0; i < 500 && !ok; ++i) {
        ok = true;
        for (const auto& n : nodes) {
            ok = ok && n->cli("cluster info").find("cluster_state:ok") != std::string::npos;
        }
        if (!ok) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    REQUIRE(ok);

    qa::cache::remote::Options options;
    options.timeoutMs = 2000;
    auto writer = qa::cache::remote::make_backend({nodes[0]->url(), false, {}}, options);
    auto reader = qa::cache::remote::make_backend({nodes[2]->url(), true, {}}, options);
    std::vector<qa::cache::CacheKey> keys;
    for (int i = 0; i < 24; ++i) {
        keys.push_back(qa::cache::make_key("performance", qa::json::Value(i)));
        const auto put =
            writer->put(keys.back(), "record " + std::to_string(i), std::chrono::seconds(600));
        INFO(put.error);
        REQUIRE(put.ok());
    }
    int nodes_with_records = 0;
    std::size_t total = 0;
    for (const auto& n : nodes) {
        const std::size_t here = n->keys().size();
        total += here;
        nodes_with_records += here > 0 ? 1 : 0;
    }
    CHECK(total == keys.size());
    CHECK(nodes_with_records == 3);  // 24 keys over three nodes' slots: each node holds some
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const auto got = reader->get(keys[i]);
        INFO(got.error);
        CHECK(got.ok());
        CHECK(got.bytes == "record " + std::to_string(i));
        CHECK(reader->exists(keys[i]).ok());
    }
    CHECK(reader->get(qa::cache::make_key("performance", qa::json::Value("absent"))).status ==
          qa::cache::remote::Status::absent);
}

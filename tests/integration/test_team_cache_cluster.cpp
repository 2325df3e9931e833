// A Redis Cluster as a team store: Debian's hiredis has no cluster client, so the Redis backend
// follows MOVED and ASK itself. Three real redis-server nodes on 127.0.0.1 form a cluster; records
// written through one node land on the node owning their slot and are read through another. A
// redirection to a host that is neither the configured one nor in cluster_nodes is not followed:
// the password would go along.
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
#include "support/team_cache_fixture.hpp"

using qa::test::ProcResult;
using qa::test::RedisServer;
using qa::test::team::Team;

namespace {

/// `total_connections_received` of a node's INFO (the query itself is one).
long connections(const RedisServer& node) {
    const std::string info = node.cli("INFO stats");
    const auto at = info.find("total_connections_received:");
    REQUIRE(at != std::string::npos);
    return std::stol(info.substr(at + std::string("total_connections_received:").size()));
}

}  // namespace

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
    auto writer = qa::cache::remote::make_backend({nodes[0]->url(), false, {}, {}, {}}, options);
    auto reader = qa::cache::remote::make_backend({nodes[2]->url(), true, {}, {}, {}}, options);
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

TEST_CASE("a cluster redirection to a host not configured is not followed: no password leaves",
          "[team-cache][integration]") {
    // Node A (the configured store, 127.0.0.1) owns no slot; node B owns them all and announces
    // itself as 127.0.0.2, another host on the loopback: every key A is asked for is MOVED there.
    Team team;
    const std::string password = std::string("pw-") + "9a8b7c6d5e4f";
    const auto cluster = [](const std::string& ip, int bus_port) {
        std::vector<std::string> args{"--cluster-enabled",     "yes",
                                      "--cluster-config-file", "nodes.conf",
                                      "--cluster-port",        std::to_string(bus_port),
                                      "--cluster-announce-ip", ip};
        if (ip != "127.0.0.1") {
            args.insert(args.end(), {"--bind", "127.0.0.1", ip});
        }
        return args;
    };
    const int bus_b = qa::test::free_port();
    RedisServer a(password, cluster("127.0.0.1", qa::test::free_port()));
    RedisServer b(password, cluster("127.0.0.2", bus_b));
    b.cli("CLUSTER ADDSLOTSRANGE 0 16383");
    a.cli("CLUSTER MEET 127.0.0.2 " + std::to_string(b.port()) + " " + std::to_string(bus_b));
    bool ok = false;
    for (int i = 0; i < 500 && !ok; ++i) {
        ok = a.cli("CLUSTER INFO").find("cluster_state:ok") != std::string::npos &&
             a.cli("CLUSTER NODES").find("127.0.0.2:" + std::to_string(b.port())) !=
                 std::string::npos;
        if (!ok) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    REQUIRE(ok);
    REQUIRE(a.cli("GET x").find("MOVED") != std::string::npos);

    const auto reference = team.clone("reference");
    const ProcResult plain = team.run(reference);  // no store: what the verdict must stay
    const std::string env = "QA_TEST_REDIS_PASSWORD=" + password;
    team.user_config("[cache]\nremote = [{ url = \"" + a.url() +
                     "\", credential_env = \"QA_TEST_REDIS_PASSWORD\" }]\n");
    const long before = connections(b);
    const auto first = team.clone("alice");
    const ProcResult r = team.run(first, env);
    INFO(r.describe());
    CHECK(r.exit_code == plain.exit_code);
    CHECK(team.server.requests().size() == 2);
    CHECK(qa::test::team::count(r.err, "warning: team cache") == 1);
    CHECK(r.err.find("a cluster redirection to 127.0.0.2:" + std::to_string(b.port()) +
                     ", neither the configured host nor in cluster_nodes, not followed") !=
          std::string::npos);
    CHECK(connections(b) == before + 1);  // only this query: qa-skill never dialled B
    CHECK(b.keys().empty());
    CHECK(r.all().find(password) == std::string::npos);
    CHECK(qa::test::team::hashed_artifacts(first) == qa::test::team::hashed_artifacts(reference));

    // Named in cluster_nodes, B is a node of the store: the record is written there, and read
    // from there by the next clone.
    team.user_config("[cache]\nremote = [{ url = \"" + a.url() +
                     "\", credential_env = \"QA_TEST_REDIS_PASSWORD\", cluster_nodes = "
                     "[\"127.0.0.2\"] }]\n");
    const ProcResult w = team.run(team.clone("bob"), env);
    INFO(w.describe());
    CHECK(w.err.find("warning") == std::string::npos);
    CHECK(team.server.requests().size() == 3);
    CHECK(b.keys().size() == 1);
    const ProcResult hit = team.run(team.clone("carol"), env);
    INFO(hit.describe());
    CHECK(hit.exit_code == plain.exit_code);
    CHECK(team.server.requests().size() == 3);  // answered by the record on B
}

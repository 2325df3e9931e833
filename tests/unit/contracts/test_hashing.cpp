#include <catch2/catch.hpp>

#include <stdexcept>

#include "contracts/hashing.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "unit/contracts/samples.hpp"
#include "util/sha256.hpp"

using namespace qa;
namespace s = qa::test::contracts_samples;

namespace {

contracts::ExecutionKeyInput key_input() {
    contracts::ExecutionKeyInput k;
    k.repoId = "github.com/acme/payments";
    k.baseSha = std::string(40, 'a');
    k.headSha = std::string(40, 'b');
    k.selectedLensVersions = {{"secrets/aws-keys", "1.2.0"}, {"consistency", "0.3.1"}};
    k.providerAdapterVersions = {{"anthropic-claude", "1.0.0"}};
    k.runMode = contracts::RunMode::strict;
    k.configHash = s::hash_of("config");
    return k;
}

}  // namespace

TEST_CASE("normalizedInputHash is the sha256 of the canonical SkillInput", "[contracts]") {
    const auto in = s::skill_input();
    const std::string h = contracts::normalized_input_hash(in);
    CHECK(h == util::sha256_hex(json::canonical(contracts::to_json(in))));
    CHECK(h.size() == 64);
    auto other = in;
    other.runMode = contracts::RunMode::best_effort;
    CHECK(contracts::normalized_input_hash(other) != h);
}

TEST_CASE("executionKey follows seed 002 Determinism Plan item 2", "[contracts]") {
    const auto k = key_input();
    const std::string expected_json =
        R"({"baseSha":")" + k.baseSha + R"(","configHash":")" + k.configHash + R"(","headSha":")" +
        k.headSha +
        R"(","providerAdapterVersions":{"anthropic-claude":"1.0.0"},)"
        R"("repoId":"github.com/acme/payments","runMode":"strict",)"
        R"("selectedLensVersions":{"consistency":"0.3.1","secrets/aws-keys":"1.2.0"}})";
    CHECK(contracts::execution_key(k) == util::sha256_hex(expected_json));
}

TEST_CASE("executionKey ignores list order and merges repeats", "[contracts]") {
    auto a = key_input();
    auto b = key_input();
    std::swap(b.selectedLensVersions[0], b.selectedLensVersions[1]);
    b.providerAdapterVersions.emplace_back("anthropic-claude", "1.0.0");
    CHECK(contracts::execution_key(a) == contracts::execution_key(b));

    SECTION("every input changes the key") {
        const std::string base = contracts::execution_key(a);
        auto c = a;
        c.headSha = std::string(40, 'c');
        CHECK(contracts::execution_key(c) != base);
        c = a;
        c.runMode = contracts::RunMode::best_effort;
        CHECK(contracts::execution_key(c) != base);
        c = a;
        c.selectedLensVersions[0].second = "1.2.1";
        CHECK(contracts::execution_key(c) != base);
        c = a;
        c.providerAdapterVersions.emplace_back("openai-codex", "1.0.0");
        CHECK(contracts::execution_key(c) != base);
        c = a;
        c.configHash = s::hash_of("other config");
        CHECK(contracts::execution_key(c) != base);
    }
    SECTION("one id with two versions is refused") {
        a.selectedLensVersions.emplace_back("consistency", "0.4.0");
        CHECK_THROWS_AS(contracts::execution_key(a), std::invalid_argument);
    }
}

#include <catch2/catch.hpp>

#include <string>

#include "rules/checksum.hpp"
#include "rules/placeholder.hpp"
#include "rules/rule_set.hpp"
#include "rules_test_support.hpp"
#include "support/secret_corpus.hpp"

using namespace qa::rules;
namespace corpus = qa::test::corpus;

namespace {

std::vector<std::string> ids(const std::vector<RuleMatch>& matches) {
    std::vector<std::string> out;
    out.reserve(matches.size());
    for (const auto& m : matches) {
        out.push_back(m.rule->id);
    }
    return out;
}

bool has(const std::vector<RuleMatch>& matches, const std::string& id) {
    const auto all = ids(matches);
    return std::find(all.begin(), all.end(), id) != all.end();
}

}  // namespace

TEST_CASE("github-crc32 accepts the checksum GitHub and npm tokens carry, and only it",
          "[rules][checks]") {
    corpus::Rng rng(5);
    for (int i = 0; i < 200; ++i) {
        const std::string token = corpus::github_token(rng, "gh" + std::string("p_"));
        CHECK(checksum_valid(Checksum::githubCrc32, token));
        std::string broken = token;
        broken[10] = broken[10] == 'a' ? 'b' : 'a';  // one changed character of the random part
        CHECK_FALSE(checksum_valid(Checksum::githubCrc32, broken));
        CHECK_FALSE(checksum_valid(Checksum::githubCrc32, token.substr(0, token.size() - 1)));
    }
    CHECK(checksum_named("github-crc32") == Checksum::githubCrc32);
    CHECK_FALSE(checksum_named("luhn").has_value());
}

TEST_CASE("basic-auth needs user:password with a real password", "[rules][checks]") {
    // base64 of deployer:Kq9TeSt7vB2x, username:password, admin:admin, user:, and binary bytes
    CHECK(checksum_valid(Checksum::basicAuth, corpus::base64("deployer:Kq9TeSt7vB2x")));
    CHECK_FALSE(checksum_valid(Checksum::basicAuth, corpus::base64("username:password")));
    CHECK_FALSE(checksum_valid(Checksum::basicAuth, corpus::base64("admin:admin")));
    CHECK_FALSE(checksum_valid(Checksum::basicAuth, corpus::base64("user:")));
    CHECK_FALSE(checksum_valid(Checksum::basicAuth,
                               corpus::base64(std::string("\x01\x02:\x03\x04\x05\x06", 7))));
    CHECK_FALSE(checksum_valid(Checksum::basicAuth, "not*base64"));
}

TEST_CASE("typed sequences and x runs mark placeholders, random values do not", "[rules][checks]") {
    CHECK(has_sequential_run("AIzaSyA1234567890abc"));
    CHECK(has_sequential_run("sk_live_abcdefghXYZ"));
    CHECK(has_sequential_run("QRSTUVWXyz"));
    CHECK_FALSE(has_sequential_run("1234567"));
    CHECK_FALSE(has_sequential_run("789:;<=>?"));  // punctuation is not a run of letters or digits
    CHECK(looks_typed("Txxxxxxxx0"));
    CHECK_FALSE(looks_typed("Txxxxxxx0"));
    corpus::Rng rng(9);
    std::size_t typed = 0;
    for (int i = 0; i < 2000; ++i) {
        if (looks_typed(rng.chars(corpus::kBase62, 40))) {
            ++typed;
        }
    }
    CHECK(typed == 0);
}

TEST_CASE("security rules: checksums, Latin-1 bytes, key bodies and URL placeholders",
          "[rules][checks]") {
    const RuleSet rules = test::load_rules("lenses/security/rules.toml");
    corpus::Rng rng(77);

    SECTION("a GitHub token with a wrong checksum is a look-alike: flagged, never blocking") {
        const std::string good = corpus::github_token(rng, "gh" + std::string("p_"));
        std::string bad = good;
        bad.back() = bad.back() == '0' ? '1' : '0';
        const auto valid = test::scan_text(rules, "GITHUB_TOKEN=" + good + "\n");
        REQUIRE(valid.size() == 1);
        CHECK(valid[0].rule->id == "github-pat");
        CHECK_FALSE(valid[0].checksumFailed);
        for (const std::string& line :
             {"GITHUB_TOKEN=" + bad + "\n", "github_token = \"" + bad + "\"\n"}) {
            INFO(line);
            const auto found = test::scan_text(rules, line);
            REQUIRE(found.size() == 1);  // no generic rule reports it either
            CHECK(found[0].rule->id == "github-pat");
            CHECK(found[0].checksumFailed);
        }
    }

    SECTION("a byte that is not UTF-8 inside a value does not hide it") {
        // ISO-8859-1 .properties: e-acute is the single byte 0xE9, invalid as UTF-8.
        const std::string value = "K9vR2b\xe9Qs3NmX7pLw4TzQ";
        const std::string text = "db.password=" + value + "\n";
        const auto found = test::scan_text(rules, text, "app.properties");
        REQUIRE(found.size() == 1);
        CHECK(found[0].rule->id == "generic-secret-unquoted");
        CHECK(*found[0].secret == value);
    }

    SECTION("a PEM header counts only with a key body after it") {
        const std::string begin = corpus::armour("BEGIN", "RSA PRIV" + std::string("ATE KEY"));
        const std::string end = corpus::armour("END", "RSA PRIV" + std::string("ATE KEY"));
        for (const std::string body :
             {"***", "xxx", "...", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "<your key here>"}) {
            INFO(body);
            CHECK(test::scan_text(rules, begin + "\n" + body + "\n" + end + "\n").empty());
        }
        const std::string real = corpus::base64(rng.bytes(48));
        CHECK(has(test::scan_text(rules, begin + "\n" + real + "\n" + end + "\n"), "private-key"));
    }

    SECTION("url-password ignores placeholders and reports real passwords") {
        for (const std::string url :
             {"postgres://u:p@localhost/db", "https://user:abc@example.org/",
              "postgres://postgres:postgres@localhost:5432/app",
              "amqp://svc:REPLACE_WITH_PASSWORD@mq/", "ftp://pass%20pass:pass%20pass@files/",
              "mysql://root:root@127.0.0.1/shop"}) {
            INFO(url);
            CHECK(test::scan_text(rules, "URL=" + url + "\n").empty());
        }
        const std::string text = "URL=postgres://orders:Kq9TeSt7vB2xLm@db.internal/o\n";
        const auto found = test::scan_text(rules, text);
        REQUIRE(found.size() == 1);
        CHECK(*found[0].secret == "Kq9TeSt7vB2xLm");
    }

    SECTION("test, sample and insert inside a random value do not hide it") {
        for (const std::string v :
             {"Kq9TeSt7vB2xLm4Pz8Wd", "vB2SaMpLe9xLm4Pz8WdQ", "Zr4InSeRt7vB2xLm4Pz8"}) {
            INFO(v);
            CHECK(
                has(test::scan_text(rules, "session_secret = \"" + v + "\"\n"), "generic-secret"));
        }
        for (const std::string v : {"my-test-value-Kq9Zr4Pz8W", "SAMPLE_TOKEN_vB2xLm4Pz8Wd"}) {
            INFO(v);
            CHECK(test::scan_text(rules, "session_secret = \"" + v + "\"\n").empty());
        }
    }

    SECTION("Firebase web keys are reported, but do not block") {
        const std::string key = "AI" + std::string("za") + rng.chars(corpus::kBase64Url, 35);
        const auto firebase =
            test::scan_text(rules, "  apiKey: \"" + key + "\",\n", "src/firebase.js");
        REQUIRE(firebase.size() == 1);
        CHECK(firebase[0].rule->id == "google-api-key-firebase");
        CHECK_FALSE(firebase[0].rule->blocking);
        const auto maps = test::scan_text(rules, "MAPS_KEY = \"" + key + "\"\n");
        REQUIRE(maps.size() == 1);
        CHECK(maps[0].rule->id == "google-api-key");
        CHECK(maps[0].rule->blocking);
    }
}

TEST_CASE("rule fields checksum, next_line and same_as_group are validated", "[rules][checks]") {
    const auto error = [](const std::string& toml) {
        try {
            RuleSet::parse(toml, "rules.toml");
        } catch (const RuleError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    const std::string head = "[[rules]]\nid = \"r\"\ndescription = \"d\"\nseverity = \"low\"\n";
    CHECK(error(head + "regex = '''(t_\\w+)'''\nsecret_group = 1\nchecksum = \"luhn\"\n")
              .find("rules[r].checksum") != std::string::npos);
    CHECK(error(head + "regex = '''t_\\w+'''\nchecksum = \"github-crc32\"\n")
              .find("needs a secret_group") != std::string::npos);
    CHECK(error(head + "regex = '''t_\\w+'''\nnext_line = '''(('''\n").find("rules[r].next_line") !=
          std::string::npos);
    CHECK(error(head +
                "regex = '''(a):(b)'''\nsecret_group = 2\n[rules.allowlist]\nsame_as_group = 3\n")
              .find("same_as_group") != std::string::npos);
    CHECK(error(head +
                "regex = '''(a):(b)'''\nsecret_group = 2\n[rules.allowlist]\nsame_as_group = 1\n")
              .empty());
}

// The packet masker's own logic: credential-like names, random-looking values, and how a line
// keeps its shape when a value is masked.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "lenses/model/credential_name.hpp"
#include "lenses/model/packet_text.hpp"
#include "lenses/model/random_value.hpp"
#include "lenses/model/value_masker.hpp"

using qa::lenses::model::credential_name;
using qa::lenses::model::CredentialName;
using qa::lenses::model::looks_random;
using qa::lenses::model::mask_values;
using qa::lenses::model::MaskedValues;
using qa::lenses::model::NumberedLine;
using qa::lenses::model::packet_text;

namespace {

/// A machine-made-looking value of `length` characters of `alphabet`, generated here so that no
/// such literal sits in this file (the repository passes its own gate).
std::string token(std::uint32_t seed, std::size_t length,
                  const std::string& alphabet =
                      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") {
    std::string out;
    std::uint32_t x = seed;
    for (std::size_t i = 0; i < length; ++i) {
        x = x * 1664525U + 1013904223U;
        out += alphabet[(x >> 24U) % alphabet.size()];
    }
    return out;
}

std::string hex(std::uint32_t seed, std::size_t length) {
    return token(seed, length, "0123456789abcdef");
}

/// The masked lines of `text` (lines numbered from 1) in a file of `language`.
MaskedValues mask(const std::string& text, bool settings_file = false) {
    std::vector<NumberedLine> lines;
    std::size_t at = 0;
    std::uint32_t n = 0;
    while (at < text.size()) {
        const std::size_t nl = text.find('\n', at);
        const std::size_t end = nl == std::string::npos ? text.size() : nl;
        lines.push_back(NumberedLine{++n, std::string_view(text).substr(at, end - at)});
        at = end + 1;
    }
    return mask_values(lines, settings_file);
}

std::string line_of(const MaskedValues& m, std::uint32_t n) {
    const auto it = m.lines.find(n);
    return it == m.lines.end() ? std::string("(not masked)") : it->second.text;
}

}  // namespace

TEST_CASE("credential-like names are told by their words", "[model-lens][masking]") {
    CHECK(credential_name("db_pass_phrase") == CredentialName::strong);
    CHECK(credential_name("DB_PASSWORD") == CredentialName::strong);
    CHECK(credential_name("apiKey") == CredentialName::strong);
    CHECK(credential_name("--password") == CredentialName::strong);
    CHECK(credential_name("pw") == CredentialName::strong);
    CHECK(credential_name("client_secret") == CredentialName::strong);
    CHECK(credential_name("api_tok") == CredentialName::weak);
    CHECK(credential_name("X-Auth-Token") == CredentialName::weak);
    CHECK(credential_name("HTTPBearer") == CredentialName::weak);
    // Something about a credential, not the credential.
    CHECK(credential_name("password_prompt") == CredentialName::none);
    CHECK(credential_name("token_type") == CredentialName::none);
    CHECK(credential_name("secretName") == CredentialName::none);
    CHECK(credential_name("auth_url") == CredentialName::none);
    // Words that only contain a credential word.
    CHECK(credential_name("tokenizer") == CredentialName::none);
    CHECK(credential_name("bypass") == CredentialName::none);
    CHECK(credential_name("keyboard") == CredentialName::none);
    CHECK(credential_name("primary_key") == CredentialName::none);
}

TEST_CASE("random-looking values: the thresholds", "[model-lens][masking]") {
    CHECK(looks_random(hex(1, 40)));
    CHECK(looks_random(token(2, 20)));
    CHECK(looks_random(token(3, 32)));
    CHECK_FALSE(looks_random(token(4, 19)));  // shorter than kRandomMinLength
    CHECK_FALSE(looks_random("HTTP2ServerConnectionHandler"));
    CHECK_FALSE(looks_random("vkGetPhysicalDeviceFeatures2"));
    CHECK_FALSE(looks_random("Direct8X8InferenceEnabled"));
    CHECK_FALSE(looks_random("usr/lib/x86_64-linux-gnu/libz.so.1"));
    CHECK_FALSE(looks_random("deadbeefdeadbeefdeadbeef"));         // low entropy
    CHECK_FALSE(looks_random("abcdefgh" + hex(5, 24)));            // typed run
    CHECK_FALSE(looks_random("some value with " + token(6, 24)));  // not one token
    CHECK_FALSE(looks_random("ALL_UPPER_CASE_NAME_2024"));
    CHECK_FALSE(looks_random("Modules/_blake2/impl/blake2b-ref.c"));  // short runs: a path
    CHECK_FALSE(looks_random("//www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"));
}

TEST_CASE("the value of a credential-like name is masked, of any length, keeping the line",
          "[model-lens][masking]") {
    const auto m = mask(
        "db_pass_phrase = \"correct horse battery\"\n"
        "api_tok = \"" +
        hex(7, 40) +
        "\"\n"
        "conn = psycopg2.connect(\"host=db user=app pw=hunter2 dbname=shop\")\n"
        "headers = {\"Authorization\": \"Bearer abc123\"}\n"
        "req.set(\"X-Auth-Token\", \"t0k3n-2f9a\")\n"
        "PASSWORD: str = 'x1'\n");
    CHECK(line_of(m, 1) == "db_pass_phrase = \"[masked]\"");
    CHECK(line_of(m, 2) == "api_tok = \"[masked]\"");
    CHECK(line_of(m, 3) == "conn = psycopg2.connect(\"host=db user=app pw=[masked] dbname=shop\")");
    CHECK(line_of(m, 4) == "headers = {\"Authorization\": \"[masked]\"}");
    CHECK(line_of(m, 5) == "req.set(\"X-Auth-Token\", \"[masked]\")");
    CHECK(line_of(m, 6) == "PASSWORD: str = '[masked]'");
    CHECK(m.byName == 6);
    CHECK(m.byEntropy == 0);
}

TEST_CASE("references, placeholders and plain words are not masked", "[model-lens][masking]") {
    const auto m = mask(
        "password = \"${DB_PASSWORD}\"\n"
        "password = \"<password>\"\n"
        "password = \"********\"\n"
        "password = \"\"\n"
        "token = \"while\"\n"
        "password_prompt = \"Enter your password\"\n"
        "password = os.environ[\"PASSWORD\"]\n"
        "check(password, \"too short\")\n"
        "log(\"password=%s\", user)\n"
        "'pass': 'pass',\n"
        "help = {'pass': 'The pass statement does nothing when it runs.'}\n"
        "__all__ = ['HTTPPasswordMgr', 'HTTPPasswordMgrWithDefaultRealm']\n"
        "for name in ('tokens', 'symbol2label'):\n"
        "SERVER_AUTH = '1.3.6.1.5.5.7.3.1'\n");
    CHECK(m.lines.empty());
}

TEST_CASE("a random-looking literal is masked, also split over two literals or two lines",
          "[model-lens][masking]") {
    const std::string a = token(11, 14);
    const std::string b = token(12, 14);
    const std::string c = token(13, 14);
    const auto m = mask("client.connect(\"" + a + "\" + \"" + b + "\")\n" +  //
                        "key = (\"" + a + "\"\n" +                           //
                        "       \"" + c + "\")\n" +                          //
                        "print(\"" + a + "\")\n" +                           //
                        "url = \"https://api.example.com/v1?sig=" + token(14, 32) + "\"\n");
    CHECK(line_of(m, 1) == "client.connect(\"[masked]\" + \"[masked]\")");
    CHECK(line_of(m, 2) == "key = (\"[masked]\"");
    CHECK(line_of(m, 3) == "       \"[masked]\")");
    CHECK(line_of(m, 4) == "(not masked)");  // 14 characters alone look like nothing
    CHECK(line_of(m, 5) == "url = \"https://api.example.com/v1?sig=[masked]\"");
    CHECK(m.byEntropy == 4);
}

TEST_CASE("lines join a concatenation only when their numbers follow each other",
          "[model-lens][masking]") {
    const std::string a = token(21, 14);
    const std::string b = token(22, 14);
    const std::string first = "x = \"" + a + "\" +";
    const std::string second = "    \"" + b + "\"";
    const std::vector<NumberedLine> apart = {{3, first}, {9, second}};
    CHECK(mask_values(apart, false).lines.empty());
    const std::vector<NumberedLine> together = {{3, first}, {4, second}};
    CHECK(mask_values(together, false).lines.size() == 2);
}

TEST_CASE("configuration files: unquoted values are masked too", "[model-lens][masking]") {
    const auto env = mask("DB_PASSWORD=hunter2\nexport API_TOKEN=t0k\nDEBUG=true\n", true);
    CHECK(line_of(env, 1) == "DB_PASSWORD=[masked]");
    CHECK(line_of(env, 2) == "export API_TOKEN=[masked]");
    CHECK(line_of(env, 3) == "(not masked)");
    const auto yaml = mask(
        "db:\n  password: s3cret # rotate\n  signature: " + token(31, 40) + "\n  host: db.local\n",
        true);
    CHECK(line_of(yaml, 2) == "  password: [masked] # rotate");
    CHECK(line_of(yaml, 3) == "  signature: [masked]");
    CHECK(yaml.lines.size() == 2);
    // In code, an unquoted value is an expression, not a secret.
    CHECK(mask("password = get_password()\n").lines.empty());
}

TEST_CASE("packet text: bytes that are not UTF-8 are escaped, UTF-8 is kept",
          "[model-lens][masking]") {
    CHECK(packet_text("caf\xC3\xA9") == "caf\xC3\xA9");
    CHECK(packet_text("caf\xE9 ok") == "caf\\xE9 ok");
    CHECK(packet_text("\xC0\xAF") == "\\xC0\\xAF");           // overlong
    CHECK(packet_text("\xED\xA0\x80") == "\\xED\\xA0\\x80");  // a surrogate
    CHECK(packet_text("end\xE2\x82") == "end\\xE2\\x82");     // cut short
    CHECK(packet_text("\xF0\x9F\x98\x80") == "\xF0\x9F\x98\x80");
}

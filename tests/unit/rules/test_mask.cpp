#include <catch2/catch.hpp>

#include <string>

#include "rules/mask.hpp"

using namespace qa::rules;

TEST_CASE("mask_secret never reveals the secret", "[rules]") {
    CHECK(mask_secret("AKIAFAKEUJZDEGXDNCF3") == "AKIA********(20)");
    CHECK(mask_secret("hunter2hunter") == "hu********(13)");
    CHECK(mask_secret("s3cret!") == "********(7)");
    CHECK(mask_secret("") == "********(0)");
    CHECK(mask_secret("\xc3\xa9t\xc3\xa9-secret-value-long") == "********(23)");

    // A sample of secret shapes and lengths: the masked form never contains the secret, and
    // reveals at most 4 bytes of it.
    const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (std::size_t length = 1; length <= 100; ++length) {
        std::string secret;
        for (std::size_t i = 0; i < length; ++i) {
            secret += alphabet[(i * 7 + length * 13) % alphabet.size()];
        }
        const std::string masked = mask_secret(secret);
        INFO(secret << " -> " << masked);
        CHECK(masked.find(secret) == std::string::npos);
        const std::size_t stars = masked.find("********");
        REQUIRE(stars != std::string::npos);
        CHECK(stars <= 4);
        CHECK(stars <= length / 4);
        CHECK(masked.substr(stars + 8) == "(" + std::to_string(length) + ")");
    }
}

TEST_CASE("redact masks every occurrence of a secret in a line", "[rules]") {
    CHECK(redact("a=AKIAFAKEUJZDEGXDNCF3; b=AKIAFAKEUJZDEGXDNCF3", "AKIAFAKEUJZDEGXDNCF3") ==
          "a=AKIA********(20); b=AKIA********(20)");
    CHECK(redact("nothing here", "secret99") == "nothing here");
    CHECK(redact("abc", "") == "abc");
}

TEST_CASE("shannon_entropy in bits per byte", "[rules]") {
    CHECK(shannon_entropy("") == 0.0);
    CHECK(shannon_entropy("aaaa") == 0.0);
    CHECK(shannon_entropy("ab") == Approx(1.0));
    CHECK(shannon_entropy("abcd") == Approx(2.0));
    CHECK(shannon_entropy("0123456789abcdef") == Approx(4.0));
    CHECK(shannon_entropy("changeme-changeme") < 3.5);
}

TEST_CASE("the evidence of a guessable secret is its masked form, of a strong one the secret",
          "[rules][mask]") {
    // A short human password: only what every report shows enters the hash.
    CHECK(qa::rules::evidence_form("Winter2024") ==
          "\x01masked:" + qa::rules::mask_secret("Winter2024"));
    CHECK(qa::rules::evidence_form("Winter2024").find("Winter2024") == std::string::npos);
    CHECK(qa::rules::evidence_form("Summer2024") != qa::rules::evidence_form("Winter2024"));
    // A random 40-character token is not guessable: its hash keeps telling secrets apart.
    const std::string token = "Q7fK2mVx9LpA3sDe8RtY1uIo4PzXc6NbWq0Jh5Gd";
    CHECK(qa::rules::evidence_form(token) == token);
}

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/text_search.hpp"

using namespace qa::rules;

namespace {

/// What find_lowercase must answer, one offset at a time.
std::size_t find_reference(std::string_view haystack, std::string_view needle, std::size_t from) {
    if (from > haystack.size() || haystack.size() - from < needle.size()) {
        return std::string_view::npos;
    }
    for (std::size_t at = from; at + needle.size() <= haystack.size(); ++at) {
        bool equal = true;
        for (std::size_t i = 0; i < needle.size() && equal; ++i) {
            const char c = haystack[at + i];
            equal = (c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) == needle[i];
        }
        if (equal) {
            return at;
        }
    }
    return std::string_view::npos;
}

}  // namespace

TEST_CASE("find_lowercase ignores ASCII case and nothing else", "[rules]") {
    CHECK(find_lowercase("my API_KEY = 1", "api_key") == 3);
    CHECK(find_lowercase("x = Password", "password") == 4);
    CHECK(find_lowercase("PASSWOR", "password") == std::string_view::npos);
    CHECK(find_lowercase("token token", "token", 1) == 6);
    CHECK(find_lowercase("abc", "", 2) == 2);
    CHECK(find_lowercase("abc", "a", 4) == std::string_view::npos);
    // Only letters fold: '_' is 0x5f and DEL 0x7f, '@' 0x40 and '`' 0x60, '[' and '{'.
    CHECK(find_lowercase("xx\x7fkey and _key", "_key") == 11);
    CHECK(find_lowercase("a`b a@b", "a@b") == 4);
    CHECK(find_lowercase("{x} [x]", "[x]") == 4);
    // Not Unicode case folding: bytes of other scripts compare as they are.
    CHECK(find_lowercase("\xc3\x89t\xc3\xa9 secret", "\xc3\xa9t") == std::string_view::npos);
    CHECK(find_lowercase("\xc3\xa9t\xc3\xa9 secret", "\xc3\xa9t") == 0);
}

TEST_CASE("find_lowercase answers as a byte-by-byte search on every offset and length", "[rules]") {
    // The search compares 16 offsets at a time: needles at every offset of a block, across
    // block boundaries and at the very end of the buffer (no read past it) must all be found.
    const std::string alphabet = "aAbB_-.@`\x7f\x01 \n\xe9z";
    std::uint32_t seed = 12345;
    const auto next = [&] {
        seed = seed * 1103515245U + 12345U;
        return (seed >> 16) & 0x7fff;
    };
    std::size_t checked = 0;
    for (int round = 0; round < 400; ++round) {
        std::string haystack(static_cast<std::size_t>(next() % 80), ' ');
        for (char& c : haystack) {
            c = alphabet[next() % alphabet.size()];
        }
        std::string needle(1 + static_cast<std::size_t>(next() % 5), ' ');
        for (char& c : needle) {
            const char picked = alphabet[next() % alphabet.size()];
            c = picked >= 'A' && picked <= 'Z' ? static_cast<char>(picked - 'A' + 'a') : picked;
        }
        for (std::size_t from = 0; from <= haystack.size() + 1; ++from) {
            // A heap copy of exactly its size, so that a read past the end is caught by the
            // sanitizers (a std::string has a terminator and spare capacity).
            const std::vector<char> bytes(haystack.begin(), haystack.end());
            const std::string_view exact(bytes.data(), bytes.size());
            INFO("haystack '" << exact << "' needle '" << needle << "' from " << from);
            REQUIRE(find_lowercase(exact, needle, from) == find_reference(exact, needle, from));
            ++checked;
        }
        // The needle planted at the end, in mixed case.
        std::string planted = haystack + needle;
        planted[haystack.size()] = needle[0] >= 'a' && needle[0] <= 'z'
                                       ? static_cast<char>(needle[0] - 'a' + 'A')
                                       : needle[0];
        REQUIRE(find_lowercase(planted, needle) == find_reference(planted, needle, 0));
        REQUIRE(find_lowercase(planted, needle) != std::string_view::npos);
    }
    CHECK(checked > 10000);
}

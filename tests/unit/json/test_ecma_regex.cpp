#include <re2/re2.h>
#include <catch2/catch.hpp>

#include <string>

#include "json/ecma_regex.hpp"

using qa::json::ecma_to_re2;

namespace {

/// Whether the ECMA-262 `pattern` finds a match in `text`, as JSON Schema's `pattern` does.
bool search(const std::string& pattern, const std::string& text) {
    const RE2 re(ecma_to_re2(pattern));
    REQUIRE(re.ok());
    return RE2::PartialMatch(text, re);
}

}  // namespace

TEST_CASE("ECMA-262 escapes RE2 spells otherwise", "[json][regex]") {
    CHECK(search("^\\cC$", "\x03"));
    CHECK(search("^\\cc$", "\x03"));
    CHECK(search("^\\u00e9$", "\xc3\xa9"));
    CHECK(search("^\\uD83D\\uDE00$", "\xf0\x9f\x98\x80"));  // a surrogate pair is one code point
    CHECK(search("^a\\0$", std::string("a\0", 2)));
    CHECK(search("^[\\b]$", "\b"));
}

TEST_CASE("ECMA-262 whitespace and dot semantics", "[json][regex]") {
    CHECK(search("^\\s$", "\xc2\xa0"));            // no-break space
    CHECK(search("^\\s$", "\xe2\x80\xa9"));        // paragraph separator
    CHECK_FALSE(search("^\\S$", "\xe2\x80\x83"));  // em space
    CHECK(search("^[\\sx]$", "\xef\xbb\xbf"));     // inside a class too
    CHECK_FALSE(search("^.$", "\r"));
    CHECK(search("^.$", "\xc3\xa9"));  // one code point, not two bytes
    CHECK_FALSE(search("^[]$", "a"));
    CHECK(search("^[^]$", "\n"));
}

TEST_CASE("Unicode property names ECMA-262 accepts", "[json][regex]") {
    CHECK(search("^\\p{Letter}cole$",
                 "\xc3\xa9"
                 "cole"));
    CHECK(search("^\\p{digit}+$", "\xe0\xa7\xaa\xe0\xa7\xa8"));  // Bengali 4 and 2
    CHECK_FALSE(search("^\\P{Decimal_Number}$", "7"));
    CHECK(search("^\\p{Script=Greek}$", "\xce\xb1"));
    CHECK(search("^\\p{Lu}$", "A"));  // short names pass through
}

TEST_CASE("what both dialects share passes through unchanged", "[json][regex]") {
    CHECK(ecma_to_re2("^[a-z]+\\d{2,3}(-\\w+)?$") == "^[a-z]+\\d{2,3}(-\\w+)?$");
    CHECK(ecma_to_re2("a\\.b\\/c") == "a\\.b\\/c");
}

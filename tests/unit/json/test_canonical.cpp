#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"

using qa::json::canonical;
using qa::json::format_number;
using qa::json::Value;

TEST_CASE("canonical JSON sorts keys and drops whitespace", "[json]") {
    const Value v = qa::json::parse(R"({ "b": [1, 2, {"z": null, "a": true}], "a": "x" })");
    CHECK(canonical(v) == R"({"a":"x","b":[1,2,{"a":true,"z":null}]})");
}

TEST_CASE("canonical JSON orders keys by UTF-16 code units", "[json]") {
    // RFC 8785 3.2.3: U+1F600 (surrogates D83D..) sorts before U+FB33 in UTF-16, not in UTF-8.
    const Value v = qa::json::parse("{\"\xEF\xAC\xB3\":1,\"\xF0\x9F\x98\x80\":2,\"a\":3}");
    CHECK(canonical(v) == "{\"a\":3,\"\xF0\x9F\x98\x80\":2,\"\xEF\xAC\xB3\":1}");
}

TEST_CASE("canonical JSON escapes strings minimally", "[json]") {
    const Value v(std::string("q\"b\\n\n\t\x01\x1f\x7f/\xE2\x80\xA8"));
    CHECK(canonical(v) == "\"q\\\"b\\\\n\\n\\t\\u0001\\u001f\x7f/\xE2\x80\xA8\"");
}

TEST_CASE("canonical JSON rejects invalid UTF-8 with a pointer", "[json]") {
    qa::json::Object o;
    o.emplace_back("ok", Value(qa::json::Array{Value("fine"), Value(std::string("bad\xC0\xAF"))}));
    try {
        (void)canonical(Value(o));
        FAIL("invalid UTF-8 accepted");
    } catch (const qa::json::Error& e) {
        CHECK(e.pointer() == "/ok/1");
    }
    CHECK_THROWS_AS(canonical(Value(std::string("\xED\xA0\x80"))), qa::json::Error);  // surrogate
    CHECK_THROWS_AS(canonical(Value(std::string("\xF4\x90\x80\x80"))), qa::json::Error);  // >10FFFF
}

TEST_CASE("canonical JSON rejects duplicate keys and non-finite numbers", "[json]") {
    qa::json::Object o{{"a", Value(1)}, {"a", Value(2)}};
    CHECK_THROWS_AS(canonical(Value(o)), qa::json::Error);
    CHECK_THROWS_AS(canonical(Value(std::numeric_limits<double>::infinity())), qa::json::Error);
    CHECK_THROWS_AS(canonical(Value(std::nan(""))), qa::json::Error);
    CHECK_THROWS_AS(canonical(Value(std::int64_t{1} << 60)), qa::json::Error);
}

TEST_CASE("numbers follow ECMAScript Number::toString", "[json]") {
    // Values from RFC 8785 appendix B and the ES specification.
    CHECK(format_number(0.0) == "0");
    CHECK(format_number(-0.0) == "0");
    CHECK(format_number(1.0) == "1");
    CHECK(format_number(-1.5) == "-1.5");
    CHECK(format_number(1e21) == "1e+21");
    CHECK(format_number(1e20) == "100000000000000000000");
    CHECK(format_number(1e-6) == "0.000001");
    CHECK(format_number(1e-7) == "1e-7");
    CHECK(format_number(123e-20) == "1.23e-18");
    CHECK(format_number(5e-324) == "5e-324");
    CHECK(format_number(1.7976931348623157e308) == "1.7976931348623157e+308");
    CHECK(format_number(9007199254740992.0) == "9007199254740992");
    CHECK(format_number(295147905179352830000.0) == "295147905179352830000");
    CHECK(format_number(0.000001234) == "0.000001234");
    CHECK(format_number(333333333.33333329) == "333333333.3333333");
    CHECK(canonical(Value(12.0)) == "12");
}

TEST_CASE("the same value always writes the same bytes", "[json]") {
    const Value v = qa::json::parse(R"({"k":[3.5,"\u00e9",{"y":1,"x":[]}],"a":{}})");
    const std::string first = canonical(v);
    for (int i = 0; i < 100; ++i) {
        REQUIRE(canonical(v) == first);
    }
    CHECK(canonical(qa::json::parse(first)) == first);
}

TEST_CASE("parse rejects malformed JSON and invalid UTF-8", "[json]") {
    CHECK_THROWS_AS(qa::json::parse("{\"a\":}"), qa::json::Error);
    CHECK_THROWS_AS(qa::json::parse("\"\xC0\xAF\""), qa::json::Error);
    CHECK_THROWS_AS(qa::json::parse(""), qa::json::Error);
}

TEST_CASE("canonical_object splices members that are already canonical", "[json]") {
    const std::string spliced = qa::json::canonical_object(
        {{"b", "[1,2]"}, {"\xEF\xAC\xB3", "1"}, {"\xF0\x9F\x98\x80", "2"}, {"a", "{\"x\":null}"}});
    const Value whole = qa::json::parse(
        "{\"b\":[1,2],\"\xEF\xAC\xB3\":1,\"\xF0\x9F\x98\x80\":2,\"a\":{\"x\":null}}");
    CHECK(spliced == canonical(whole));
    CHECK_THROWS_AS(qa::json::canonical_object({{"a", "1"}, {"a", "2"}}), qa::json::Error);
    CHECK_THROWS_AS(qa::json::canonical_object({{std::string("\xC0\xAF"), "1"}}), qa::json::Error);

    std::string out = "[";
    qa::json::append_canonical_string("q\"\n\xE2\x80\xA8", out);
    qa::json::append_canonical(Value(qa::json::Object{{"z", 1}, {"a", 2}}), out);
    CHECK(out == "[\"q\\\"\\n\xE2\x80\xA8\"{\"a\":2,\"z\":1}");
    CHECK_THROWS_AS(qa::json::append_canonical_string("bad\xC0\xAF", out), qa::json::Error);
}

#include <catch2/catch.hpp>

#include "json/big_integers.hpp"
#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "json/schema_validator.hpp"

using namespace qa;

TEST_CASE("integers beyond simdjson's range read as the doubles they denote", "[json]") {
    // In range, in strings, or already decimal: nothing to widen.
    CHECK_FALSE(json::widen_big_integers(R"([-9223372036854775808, 18446744073709551615])"));
    CHECK_FALSE(json::widen_big_integers(R"(["-9223372036854775809", 1.8446744073709551616e19])"));
    CHECK(
        *json::widen_big_integers(
            R"({"a":-9223372036854775809,"b":"\"1e99\" 99999999999999999999","c":[18446744073709551616]})") ==
        R"({"a":-9223372036854775809.0,"b":"\"1e99\" 99999999999999999999","c":[18446744073709551616.0]})");

    const json::Value v = json::parse("[-9223372036854775809, 18446744073709551616, 1e2]");
    REQUIRE(v.as_array().size() == 3);
    CHECK(v.as_array()[0].as_double() == -9223372036854775809.0);
    CHECK(v.as_array()[1].as_double() == 18446744073709551616.0);
    CHECK_THROWS_AS(json::parse("[-1e400]"), json::Error);  // not a double: still an error
    CHECK_THROWS_AS(json::parse("[01]"), json::Error);
}

TEST_CASE("canonical JSON of -2^63 parses back and validates (the vendored OpenAPI bounds)",
          "[json]") {
    // RFC 8785 writes the double -2^63 as -9223372036854776000: below INT64_MIN.
    const json::Value bound = json::parse("-9.223372036854776e+18");
    const std::string text = json::canonical(bound);
    CHECK(text == "-9223372036854776000");
    CHECK(json::parse(text).as_double() == bound.as_double());

    const auto schema = json::SchemaValidator::from_text(
        R"({"type":"object","properties":{"n":{"type":"integer",)"
        R"("minimum":-9.223372036854776e+18,"maximum":9.223372036854776e+18}}})");
    CHECK(schema.validate(json::parse(R"({"n": 5})")).empty());
    // -2^63 - 1 reads as the double -2^63, the bound itself; -10^19 is below it.
    CHECK(schema.validate(std::string_view(R"({"n": -9223372036854775809})")).empty());
    CHECK(schema.validate(std::string_view(R"({"n": -10000000000000000000})")).size() == 1);
}

#include <catch2/catch.hpp>

#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "skills/field_type.hpp"

using qa::skills::coerce;
using qa::skills::compatible;
using qa::skills::FieldType;

namespace {

/// coerce(json, type) as canonical JSON, or "FAIL".
std::string coerced(const char* json_text, FieldType type) {
    const auto out = coerce(qa::json::parse(json_text), type);
    return out ? qa::json::canonical(*out) : "FAIL";
}

}  // namespace

TEST_CASE("coercion row 1: string accepts any scalar converted to string", "[skills][coercion]") {
    CHECK(coerced(R"("namespace")", FieldType::String) == R"("namespace")");
    CHECK(coerced("42", FieldType::String) == R"("42")");
    CHECK(coerced("3.14", FieldType::String) == R"("3.14")");
    CHECK(coerced("true", FieldType::String) == R"("true")");
    CHECK(coerced("false", FieldType::String) == R"("false")");
    CHECK(coerced("null", FieldType::String) == "FAIL");
    CHECK(coerced(R"(["a"])", FieldType::String) == "FAIL");
    CHECK(coerced(R"({"a":1})", FieldType::String) == "FAIL");
}

TEST_CASE("coercion row 2: string[] accepts a single string, wrapped", "[skills][coercion]") {
    CHECK(coerced(R"(["tag1","tag2"])", FieldType::StringArray) == R"(["tag1","tag2"])");
    CHECK(coerced(R"("tag1")", FieldType::StringArray) == R"(["tag1"])");
    CHECK(coerced("[]", FieldType::StringArray) == "[]");
    CHECK(coerced(R"(["a",1])", FieldType::StringArray) == R"(["a","1"])");
    CHECK(coerced("7", FieldType::StringArray) == "FAIL");
    CHECK(coerced(R"([{"a":1}])", FieldType::StringArray) == "FAIL");
}

TEST_CASE("coercion row 3: number accepts numeric strings, parsed", "[skills][coercion]") {
    CHECK(coerced("42", FieldType::Number) == "42");
    CHECK(coerced(R"("42")", FieldType::Number) == "42");
    CHECK(coerced(R"("3.14")", FieldType::Number) == "3.14");
    CHECK(coerced(R"("-1e3")", FieldType::Number) == "-1000");
    CHECK(coerced(R"("42abc")", FieldType::Number) == "FAIL");
    CHECK(coerced(R"(" 42")", FieldType::Number) == "FAIL");
    CHECK(coerced(R"("")", FieldType::Number) == "FAIL");
    CHECK(coerced("true", FieldType::Number) == "FAIL");
}

TEST_CASE("coercion row 4: boolean accepts \"true\"/\"false\" strings", "[skills][coercion]") {
    CHECK(coerced("true", FieldType::Boolean) == "true");
    CHECK(coerced(R"("true")", FieldType::Boolean) == "true");
    CHECK(coerced(R"("false")", FieldType::Boolean) == "false");
    CHECK(coerced(R"("TRUE")", FieldType::Boolean) == "FAIL");
    CHECK(coerced(R"("yes")", FieldType::Boolean) == "FAIL");
    CHECK(coerced("1", FieldType::Boolean) == "FAIL");
}

TEST_CASE("coercion row 5: object accepts JSON strings, parsed", "[skills][coercion]") {
    CHECK(coerced(R"({"key":"value"})", FieldType::Object) == R"({"key":"value"})");
    CHECK(coerced(R"("{\"key\": \"value\"}")", FieldType::Object) == R"({"key":"value"})");
    CHECK(coerced(R"("[1]")", FieldType::Object) == "FAIL");
    CHECK(coerced(R"("{broken")", FieldType::Object) == "FAIL");
    CHECK(coerced("[]", FieldType::Object) == "FAIL");
}

TEST_CASE("object[] takes arrays of objects or of JSON object strings", "[skills][coercion]") {
    CHECK(coerced(R"([{"a":1}])", FieldType::ObjectArray) == R"([{"a":1}])");
    CHECK(coerced(R"(["{\"a\":1}"])", FieldType::ObjectArray) == R"([{"a":1}])");
    CHECK(coerced(R"({"a":1})", FieldType::ObjectArray) == "FAIL");
    CHECK(coerced(R"([1])", FieldType::ObjectArray) == "FAIL");
}

TEST_CASE("the chain compatibility matrix of seed 001", "[skills][chain]") {
    std::string how;
    CHECK(compatible(FieldType::String, FieldType::String, &how));
    CHECK(how == "direct pass");
    CHECK(compatible(FieldType::StringArray, FieldType::String, &how));
    CHECK(how == "join or first element");
    CHECK(compatible(FieldType::Object, FieldType::String, &how));
    CHECK(how == "serialize to JSON");
    CHECK(compatible(FieldType::String, FieldType::StringArray, &how));
    CHECK(how == "wrap in array");
    CHECK(compatible(FieldType::Number, FieldType::String, &how));
    CHECK(how == "convert to string");
    CHECK(compatible(FieldType::Boolean, FieldType::String, &how));
    CHECK(how == "\"true\" or \"false\"");
    CHECK(compatible(FieldType::ObjectArray, FieldType::Object, &how));
    CHECK(how == "via array access");
    CHECK_FALSE(compatible(FieldType::Object, FieldType::Number));
    CHECK_FALSE(compatible(FieldType::String, FieldType::Number));
    CHECK_FALSE(compatible(FieldType::Number, FieldType::Boolean));
    CHECK_FALSE(compatible(FieldType::Object, FieldType::StringArray));
}

TEST_CASE("actual types are named in the seed's words", "[skills]") {
    using qa::skills::actual_type;
    CHECK(actual_type(qa::json::parse(R"(["a"])")) == "string[]");
    CHECK(actual_type(qa::json::parse(R"([{}])")) == "object[]");
    CHECK(actual_type(qa::json::parse(R"([1, "a"])")) == "array");
    CHECK(actual_type(qa::json::parse("1.5")) == "number");
    CHECK(actual_type(qa::json::parse("null")) == "null");
}

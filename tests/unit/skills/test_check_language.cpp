#include <catch2/catch.hpp>

#include "json/parse.hpp"
#include "skills/check_language.hpp"

using qa::skills::Condition;

namespace {

/// "pass", "fail: <why>" or "not machine-checkable".
std::string evaluate(const std::string& validation, const char* values_json) {
    const auto condition = Condition::parse(validation);
    if (!condition) {
        return "not machine-checkable";
    }
    const auto values = qa::json::parse(values_json);
    std::string why;
    const bool ok = condition->holds([&](const std::string& n) { return values.find(n); }, &why);
    return ok ? "pass" : "fail: " + why;
}

}  // namespace

TEST_CASE("X matches pattern R uses RE2", "[skills][checks]") {
    const std::string v = R"(namespace matches pattern ^(org|projects|session)\..+$)";
    CHECK(evaluate(v, R"({"namespace":"org.global"})") == "pass");
    CHECK(evaluate(v, R"({"namespace":"projects.myapp"})") == "pass");
    CHECK(evaluate(v, R"({"namespace":"global"})") ==
          R"(fail: namespace is "global", which does not match ^(org|projects|session)\..+$)");
    CHECK(evaluate(v, "{}") == "fail: namespace was not provided");
    CHECK(evaluate("x matches pattern (unclosed", "{}") == "not machine-checkable");
}

TEST_CASE("X in [a, b] compares string forms", "[skills][checks]") {
    const std::string v = "operation in [read, write, update, delete]";
    CHECK(evaluate(v, R"({"operation":"write"})") == "pass");
    CHECK(evaluate(v, R"({"operation":"drop"})") ==
          R"(fail: operation is "drop", not one of the listed values)");
    CHECK(evaluate("n in [1, 2]", R"({"n":2})") == "pass");
    CHECK(evaluate("m in ['a b', \"c\"]", R"({"m":"a b"})") == "pass");
    CHECK(evaluate("o in [a]", R"({"o":{"k":1}})") == "fail: o is not a scalar");
}

TEST_CASE("X is not empty", "[skills][checks]") {
    CHECK(evaluate("status is not empty", R"({"status":"success"})") == "pass");
    for (const char* empty :
         {R"({"status":""})", R"({"status":[]})", R"({"status":{}})", R"({"status":null})"}) {
        CHECK(evaluate("status is not empty", empty) == "fail: status is empty");
    }
    CHECK(evaluate("status is not empty", "{}") == "fail: status was not provided");
}

TEST_CASE("if A then B holds when A does not", "[skills][checks]") {
    const std::string v = "if operation in [write, update] then index is not empty";
    CHECK(evaluate(v, R"({"operation":"read"})") == "pass");
    CHECK(evaluate(v, R"({"operation":"write","index":{"n":1}})") == "pass");
    CHECK(evaluate(v, R"({"operation":"write"})") == "fail: index was not provided");
    const auto c = Condition::parse(v);
    REQUIRE(c);
    CHECK(c->variables() == std::vector<std::string>{"operation", "index"});
}

TEST_CASE("anything else is not machine-checkable", "[skills][checks]") {
    // The seed's own example: "index is updated" is prose.
    CHECK(evaluate("if operation in [write, update] then index is updated", "{}") ==
          "not machine-checkable");
    CHECK(evaluate("The output reads well", "{}") == "not machine-checkable");
    CHECK(evaluate("x in []", "{}") == "not machine-checkable");
    CHECK(evaluate("", "{}") == "not machine-checkable");
}

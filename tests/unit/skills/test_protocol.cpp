#include <catch2/catch.hpp>

#include "cache/key.hpp"
#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "skill_test_support.hpp"
#include "skills/frontmatter.hpp"
#include "skills/protocol.hpp"

using qa::skills::CheckStatus;

namespace {

qa::skills::Skill brain_memory_kb() {
    auto result = qa::skills::load_skill(qa::test::skill_fixtures() / "seed" / "brain-memory-kb");
    REQUIRE(result.skill);
    return *result.skill;
}

qa::skills::Skill skill_from(const std::string& extra) {
    qa::test::TempDir tmp("qa-skill-protocol");
    const auto dir = qa::test::write_skill(tmp.path(), "s", qa::test::skill_text("s", extra));
    auto result = qa::skills::load_skill(dir);
    INFO(qa::skills::render_yaml(result.problems));
    REQUIRE(result.skill);
    return *result.skill;
}

}  // namespace

TEST_CASE("seed 001 example 2: a missing namespace gives the seed's validation_error",
          "[skills][protocol]") {
    const auto report = qa::skills::check_inputs(
        brain_memory_kb(), qa::json::parse(R"({"operation": "read", "query": "auth patterns"})"));
    CHECK_FALSE(report.ok);
    REQUIRE(report.errors.size() == 1);
    const auto& e = report.errors[0];
    CHECK(e.skill == "brain-memory-kb");
    CHECK(e.phase == "pre_execution");
    CHECK(e.check == "Required input validation");
    CHECK(e.expected == "namespace (string) must be provided");
    CHECK(e.actual == "namespace was not provided");
    CHECK(e.suggestion == "Add namespace parameter, e.g., namespace: \"org.global\"");
    CHECK(report.messages == std::vector<std::string>{"Missing required input: namespace"});
    // Pre-checks run only on inputs that passed steps 1-3.
    CHECK(report.checks.empty());

    // The YAML reads back as exactly those values (the suggestion is quoted: plain YAML cannot
    // hold ": " inside a scalar).
    const std::string yaml = qa::skills::render_yaml(report.errors);
    CHECK(yaml ==
          "validation_error:\n"
          "  skill: brain-memory-kb\n"
          "  phase: pre_execution\n"
          "  check: Required input validation\n"
          "  expected: namespace (string) must be provided\n"
          "  actual: namespace was not provided\n"
          "  suggestion: \"Add namespace parameter, e.g., namespace: \\\"org.global\\\"\"\n");
    const auto parsed = qa::skills::parse_yaml(yaml, "out");
    const auto* fields = parsed.find("validation_error");
    REQUIRE(fields);
    CHECK(fields->find("suggestion")->scalar == e.suggestion);
    CHECK(fields->keys ==
          std::vector<std::string>{"skill", "phase", "check", "expected", "actual", "suggestion"});
}

TEST_CASE("pre-execution: coercion, defaults and pre_checks in the seed's order",
          "[skills][protocol]") {
    const auto skill = brain_memory_kb();
    auto report = qa::skills::check_inputs(
        skill, qa::json::parse(R"({"namespace":"org.global","operation":"read","query":42})"));
    CHECK(report.ok);
    CHECK(qa::json::canonical(report.values) ==
          R"({"namespace":"org.global","operation":"read","query":"42"})");
    REQUIRE(report.checks.size() == 2);
    CHECK(report.checks[0].status == CheckStatus::Passed);
    CHECK(report.checks[1].status == CheckStatus::Passed);

    report = qa::skills::check_inputs(
        skill, qa::json::parse(R"({"namespace":"global","operation":"read"})"));
    CHECK_FALSE(report.ok);
    CHECK(report.messages == std::vector<std::string>{"Pre-check failed: Namespace follows naming "
                                                      "convention"});
    REQUIRE(report.errors.size() == 1);
    CHECK(report.errors[0].check == "Pre-check failed: Namespace follows naming convention");
    CHECK(report.checks[1].status == CheckStatus::Passed);

    report = qa::skills::check_inputs(
        skill, qa::json::parse(R"({"namespace":"org.x","operation":"read","content":[1]})"));
    CHECK_FALSE(report.ok);
    CHECK(report.messages ==
          std::vector<std::string>{"Type mismatch for content: expected object, got array"});

    const auto with_defaults = skill_from(
        "input_schema:\n  optional:\n    - name: tags\n      type: string[]\n"
        "      description: d\n      default: solo\n    - name: limit\n      type: number\n"
        "      description: d\n      default: 10\n    - name: mode\n      type: string\n"
        "      description: d\n");
    report = qa::skills::check_inputs(with_defaults,
                                      qa::json::parse(R"({"limit":"3","mode":null,"extra":1})"));
    CHECK(report.ok);
    CHECK(qa::json::canonical(report.values) == R"({"extra":1,"limit":3,"tags":["solo"]})");
    CHECK(report.messages == std::vector<std::string>{"Undeclared input: extra"});
    CHECK(report.warnings.size() == 1);
}

TEST_CASE("post-execution: missing required output fails, a type mismatch warns",
          "[skills][protocol]") {
    const auto skill = brain_memory_kb();
    auto report = qa::skills::check_outputs(skill, qa::json::parse(R"({"entities":[]})"));
    CHECK_FALSE(report.ok);
    CHECK(report.messages[0] == "Missing required output: status");
    REQUIRE(report.errors.size() == 2);  // and the post_check "status is not empty"
    CHECK(report.errors[0].phase == "post_execution");
    CHECK(report.errors[0].check == "Required output validation");
    CHECK(report.errors[1].check == "Post-check failed: Status is returned");

    report =
        qa::skills::check_outputs(skill, qa::json::parse(R"({"status":"success","index":"x"})"));
    CHECK(report.ok);
    CHECK(report.messages == std::vector<std::string>{"Output type mismatch for index"});
    REQUIRE(report.warnings.size() == 1);
    CHECK(report.warnings[0].actual == "index is string");
    // The seed's second post_check is prose: reported, never passed.
    REQUIRE(report.checks.size() == 2);
    CHECK(report.checks[0].status == CheckStatus::Passed);
    CHECK(report.checks[1].status == CheckStatus::NotCheckable);
}

TEST_CASE("post_checks may read inputs", "[skills][protocol]") {
    const auto skill = skill_from(
        "input_schema:\n  required:\n    - name: op\n      type: string\n      description: d\n"
        "output_schema:\n  optional:\n    - name: index\n      type: object\n"
        "      description: d\npost_checks:\n  - description: writes update the index\n"
        "    validation: if op in [write] then index is not empty\n");
    const auto write = qa::json::parse(R"({"op":"write"})");
    const auto read = qa::json::parse(R"({"op":"read"})");
    CHECK_FALSE(qa::skills::check_outputs(skill, qa::json::parse("{}"), &write).ok);
    CHECK(qa::skills::check_outputs(skill, qa::json::parse("{}"), &read).ok);
    CHECK(qa::skills::check_outputs(skill, qa::json::parse(R"({"index":{"n":1}})"), &write).ok);
}

TEST_CASE("a cacheable skill's inputs give seed 001's cache key", "[skills][protocol][cache]") {
    const auto skill = brain_memory_kb();
    const auto a = qa::skills::check_inputs(
        skill, qa::json::parse(R"({"operation":"read","namespace":"org.global"})"));
    const auto b = qa::skills::check_inputs(
        skill, qa::json::parse(R"({"namespace":"org.global","operation":"read"})"));
    REQUIRE(a.ok);
    CHECK(a.cache_key == b.cache_key);
    CHECK(a.cache_key == qa::cache::make_key("brain-memory-kb", a.values).text());
    // Coercion happens first: "42" and 42 for a string input are one key.
    const auto c = qa::skills::check_inputs(
        skill, qa::json::parse(R"({"operation":"read","namespace":"org.global","query":42})"));
    const auto d = qa::skills::check_inputs(
        skill, qa::json::parse(R"({"operation":"read","namespace":"org.global","query":"42"})"));
    CHECK(c.cache_key == d.cache_key);
    CHECK(c.cache_key != a.cache_key);
    // No key for failed inputs or a skill that is not cacheable.
    CHECK(qa::skills::check_inputs(skill, qa::json::parse(R"({"operation":"read"})"))
              .cache_key.empty());
    CHECK(qa::skills::check_inputs(skill_from(""), qa::json::parse("{}")).cache_key.empty());
}

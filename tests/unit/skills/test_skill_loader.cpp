#include <catch2/catch.hpp>

#include <string>

#include "skill_test_support.hpp"
#include "skills/skill_loader.hpp"
#include "util/file.hpp"

using qa::skills::FieldType;
using qa::skills::load_skill;
using qa::test::problems_of;
using qa::test::skill_text;

namespace {

/// The `check` of each problem, in order.
std::vector<std::string> checks_of(const std::vector<qa::skills::ValidationError>& problems) {
    std::vector<std::string> out;
    out.reserve(problems.size());
    for (const auto& p : problems) {
        out.push_back(p.check);
    }
    return out;
}

}  // namespace

TEST_CASE("seed 001 example 1 (brain-memory-kb) is valid and read whole", "[skills]") {
    const auto result = load_skill(qa::test::skill_fixtures() / "seed" / "brain-memory-kb");
    INFO(qa::skills::render_yaml(result.problems));
    REQUIRE(result.problems.empty());
    const auto& s = *result.skill;
    CHECK(s.name == "brain-memory-kb");
    CHECK(s.version == 1);
    REQUIRE(s.inputs.size() == 4);
    CHECK(s.inputs[0].name == "operation");
    CHECK(s.inputs[0].required);
    CHECK(s.inputs[1].name == "namespace");
    CHECK(s.inputs[3].name == "content");
    CHECK(s.inputs[3].type == FieldType::Object);
    CHECK_FALSE(s.inputs[3].required);
    REQUIRE(s.outputs.size() == 3);
    CHECK(s.find_output("entities")->type == FieldType::ObjectArray);
    REQUIRE(s.pre_checks.size() == 2);
    CHECK(s.pre_checks[0].validation ==
          R"(namespace matches pattern ^(org|projects|session)\..+$)");
    CHECK(s.post_checks.size() == 2);
    CHECK(s.cacheable);
    CHECK(s.cache_ttl_minutes == 5);
}

TEST_CASE("name: 1-64 lowercase letters, digits and single hyphens, equal to its folder",
          "[skills]") {
    CHECK(problems_of("a", skill_text("a")).empty());
    const std::string n64(64, 'a');
    CHECK(problems_of(n64, skill_text(n64)).empty());
    const std::string n65(65, 'a');
    CHECK(checks_of(problems_of(n65, skill_text(n65))) == std::vector<std::string>{"name length"});
    for (const char* bad : {"My-Skill", "my_skill", "-skill", "skill-", "my--skill", "my.skill"}) {
        INFO(bad);
        CHECK(checks_of(problems_of(bad, skill_text(bad))) ==
              std::vector<std::string>{"name format"});
    }
    const auto mismatch = problems_of("folder", skill_text("other"));
    REQUIRE(mismatch.size() == 1);
    CHECK(mismatch[0].check == "name matches directory");
    CHECK(mismatch[0].expected == "name equal to its directory's name \"folder\"");
    CHECK(mismatch[0].location.ends_with("folder/SKILL.md:2:7"));
    CHECK(checks_of(problems_of("x", "---\ndescription: d\n---\n")) ==
          std::vector<std::string>{"name present"});
    CHECK(checks_of(problems_of("x", "---\nname: [x]\ndescription: d\n---\n")) ==
          std::vector<std::string>{"name is a string"});
}

TEST_CASE("the root SKILL.md of a work tree is not held to the clone's folder name", "[skills]") {
    qa::test::TempDir tmp("qa-skill-skills");
    const auto dir = qa::test::write_skill(tmp.path(), "any-clone-name", skill_text("qa-skill"));
    CHECK_FALSE(load_skill(dir).problems.empty());
    std::filesystem::create_directory(dir / ".git");
    CHECK(load_skill(dir).problems.empty());
    qa::skills::LoadOptions strict;
    strict.strict = true;
    CHECK(checks_of(load_skill(dir, strict).problems) ==
          std::vector<std::string>{"name matches directory"});
}

TEST_CASE("description 1-1024, compatibility 1-500, metadata strings, allowed-tools a string",
          "[skills]") {
    const auto with_description = [](const std::string& d) {
        return "---\nname: s\ndescription: \"" + d + "\"\n---\n";
    };
    CHECK(problems_of("s", with_description(std::string(1024, 'd'))).empty());
    CHECK(checks_of(problems_of("s", with_description(std::string(1025, 'd')))) ==
          std::vector<std::string>{"description length"});
    CHECK(checks_of(problems_of("s", with_description(""))) ==
          std::vector<std::string>{"description length"});
    CHECK(checks_of(problems_of("s", "---\nname: s\n---\n")) ==
          std::vector<std::string>{"description present"});

    CHECK(problems_of("s", skill_text("s", "compatibility: \"" + std::string(500, 'c') + "\"\n"))
              .empty());
    CHECK(checks_of(problems_of(
              "s", skill_text("s", "compatibility: \"" + std::string(501, 'c') + "\"\n"))) ==
          std::vector<std::string>{"compatibility length"});
    CHECK(problems_of("s", skill_text("s",
                                      "license: MIT\nmetadata:\n  author: me\n  v: 1.0\n"
                                      "allowed-tools: Bash(git:*) Read\n"))
              .empty());
    CHECK(checks_of(problems_of("s", skill_text("s", "metadata:\n  tags: [a, b]\n"))) ==
          std::vector<std::string>{"metadata values are strings"});
    CHECK(checks_of(problems_of("s", skill_text("s", "metadata: [a]\n"))) ==
          std::vector<std::string>{"metadata is a map"});
    CHECK(checks_of(problems_of("s", skill_text("s", "allowed-tools:\n  - Bash\n"))) ==
          std::vector<std::string>{"allowed-tools is a string"});
}

TEST_CASE("input and output schema entries are checked field by field", "[skills]") {
    const auto schema = [](const std::string& body) { return skill_text("s", body); };
    CHECK(
        problems_of("s", schema("input_schema:\n  required:\n    - name: a\n      type: string[]\n"
                                "      description: d\n  optional:\n    - name: b\n"
                                "      type: number\n      description: d\n      default: \"4\"\n"
                                "output_schema:\n  required:\n    - name: c\n"
                                "      type: object[]\n      description: d\n"))
            .empty());
    CHECK(checks_of(problems_of("s", schema("input_schema:\n  required:\n    - name: a\n"
                                            "      type: list\n      description: d\n"))) ==
          std::vector<std::string>{"input_schema.required a type"});
    CHECK(checks_of(problems_of("s", schema("input_schema:\n  required:\n    - name: a\n"
                                            "      type: string\n"))) ==
          std::vector<std::string>{"input_schema.required a description"});
    CHECK(checks_of(problems_of("s", schema("input_schema:\n  required:\n    - type: string\n"
                                            "      description: d\n"))) ==
          std::vector<std::string>{"input_schema.required entry name"});
    CHECK(checks_of(problems_of("s", schema("input_schema:\n  required:\n    - name: a\n"
                                            "      type: string\n      description: d\n"
                                            "      default: x\n"))) ==
          std::vector<std::string>{"input_schema.required a keys"});
    CHECK(checks_of(problems_of("s", schema("input_schema:\n  optional:\n    - name: a\n"
                                            "      type: number\n      description: d\n"
                                            "      default: high\n"))) ==
          std::vector<std::string>{"input_schema.optional a default type"});
    CHECK(checks_of(problems_of("s", schema("input_schema:\n  required:\n    - name: a\n"
                                            "      type: string\n      description: d\n"
                                            "  optional:\n    - name: a\n      type: string\n"
                                            "      description: d\n"))) ==
          std::vector<std::string>{"input_schema.optional a unique"});
    CHECK(checks_of(problems_of("s", schema("input_schema:\n  needed: []\n"))) ==
          std::vector<std::string>{"input_schema keys"});
    CHECK(checks_of(problems_of("s", schema("output_schema: [a]\n"))) ==
          std::vector<std::string>{"output_schema shape"});
}

TEST_CASE("version, checks and caching fields", "[skills]") {
    CHECK(problems_of("s", skill_text("s", "version: 2\n")).empty());
    CHECK(checks_of(problems_of("s", skill_text("s", "version: \"1.2.0\"\n"))) ==
          std::vector<std::string>{"version is an integer"});
    CHECK(checks_of(problems_of("s", skill_text("s", "version: 0\n"))) ==
          std::vector<std::string>{"version is an integer"});
    CHECK(problems_of("s", skill_text("s", "cacheable: true\ncache_ttl_minutes: 30\n")).empty());
    CHECK(checks_of(problems_of("s", skill_text("s", "cache_ttl_minutes: 30\n"))) ==
          std::vector<std::string>{"cache_ttl_minutes only when cacheable"});
    CHECK(
        checks_of(problems_of("s", skill_text("s", "cacheable: false\ncache_ttl_minutes: 3\n"))) ==
        std::vector<std::string>{"cache_ttl_minutes only when cacheable"});
    CHECK(checks_of(problems_of("s", skill_text("s", "cacheable: yes please\n"))) ==
          std::vector<std::string>{"cacheable is a boolean"});
    CHECK(
        checks_of(problems_of("s", skill_text("s", "cacheable: true\ncache_ttl_minutes: -1\n"))) ==
        std::vector<std::string>{"cache_ttl_minutes is an integer"});
    CHECK(checks_of(problems_of("s", skill_text("s", "pre_checks:\n  - description: d\n"))) ==
          std::vector<std::string>{"pre_checks entry"});
    // A machine-checkable condition must name declared fields; free text is left alone.
    CHECK(checks_of(problems_of("s", skill_text("s",
                                                "pre_checks:\n  - description: d\n"
                                                "    validation: q is not empty\n"))) ==
          std::vector<std::string>{"pre_checks names"});
    CHECK(problems_of("s", skill_text("s",
                                      "pre_checks:\n  - description: d\n"
                                      "    validation: the query reads well\n"))
              .empty());
}

TEST_CASE("strict mode keeps to the Agent Skills reference validator's allowlist", "[skills]") {
    const std::string text = skill_text("s", "version: 1\nmodel: sonnet\n");
    CHECK(problems_of("s", text).empty());
    const auto strict = problems_of("s", text, true);
    REQUIRE(strict.size() == 2);
    CHECK(strict[0].actual == "frontmatter has version");
    CHECK(strict[0].suggestion == "Move version into skill/manifest.v1.json");
    CHECK(strict[1].actual == "frontmatter has model");
}

TEST_CASE("skill/manifest.v1.json completes a strict frontmatter, each field in one place",
          "[skills]") {
    qa::test::TempDir tmp("qa-skill-skills");
    const auto dir = qa::test::write_skill(tmp.path(), "tool", skill_text("tool"));
    std::filesystem::create_directory(dir / "skill");
    const auto manifest = [&](const std::string& json) {
        std::ofstream(dir / "skill" / "manifest.v1.json", std::ios::binary | std::ios::trunc)
            << json;
    };
    qa::skills::LoadOptions strict;
    strict.strict = true;
    manifest(R"({"schemaVersion": "skill-manifest.v1", "name": "tool", "version": 1,
  "input_schema": {"required": [{"name": "a", "type": "string", "description": "d"}]},
  "cacheable": true, "cache_ttl_minutes": 5})");
    auto result = load_skill(dir, strict);
    INFO(qa::skills::render_yaml(result.problems));
    REQUIRE(result.skill);
    CHECK(result.skill->inputs.size() == 1);
    CHECK(result.skill->cache_ttl_minutes == 5);

    manifest(R"({"schemaVersion": "skill-manifest.v1", "name": "tool",
  "input_schema": {"required": [{"name": "a", "type": "str", "description": "d"}]}})");
    result = load_skill(dir, strict);
    REQUIRE(result.problems.size() == 1);
    INFO(result.problems[0].location);
    CHECK(result.problems[0].location.ends_with("tool/skill/manifest.v1.json:2:55"));

    manifest(R"({"schemaVersion": "skill-manifest.v1", "name": "other"})");
    CHECK(checks_of(load_skill(dir).problems) == std::vector<std::string>{"manifest name"});

    qa::test::write_skill(tmp.path(), "tool", skill_text("tool", "version: 1\n"));
    manifest(R"({"schemaVersion": "skill-manifest.v1", "name": "tool", "version": 1})");
    CHECK(checks_of(load_skill(dir).problems) == std::vector<std::string>{"field defined once"});

    manifest("{\"name\": ");
    CHECK(checks_of(load_skill(dir).problems) == std::vector<std::string>{"manifest JSON"});
}

TEST_CASE("an unreadable SKILL.md is an I/O error, not a validation problem", "[skills]") {
    qa::test::TempDir tmp("qa-skill-skills");
    CHECK_THROWS_AS(load_skill(tmp.path() / "missing"), qa::util::IoError);
}

#include <catch2/catch.hpp>

#include "skills/frontmatter.hpp"
#include "skills/validation_error.hpp"
#include "skills/yaml_value.hpp"

using qa::skills::parse_skill_document;
using qa::skills::parse_yaml;
using qa::skills::YamlError;
using qa::skills::YamlNode;

TEST_CASE("frontmatter positions are file lines and columns", "[skills]") {
    const auto doc = parse_skill_document(
        "---\nname: x\nmetadata:\n  author: \"quoted\"\n  count: 3\n---\n# Body\ntext\n", "S.md");
    const YamlNode& fm = doc.frontmatter;
    REQUIRE(fm.is_map());
    REQUIRE(fm.keys == std::vector<std::string>{"name", "metadata"});
    CHECK(fm.key_marks[0].line == 2);
    CHECK(fm.key_marks[0].column == 1);
    CHECK(fm.items[0].mark.line == 2);
    CHECK(fm.items[0].mark.column == 7);
    const YamlNode* meta = fm.find("metadata");
    REQUIRE(meta);
    CHECK(meta->key_marks[1].line == 5);
    CHECK(meta->key_marks[1].column == 3);
    CHECK(meta->items[0].quoted);
    CHECK_FALSE(meta->items[1].quoted);
    CHECK(doc.body == "# Body\ntext\n");
    CHECK(doc.body_line == 7);
}

TEST_CASE("frontmatter errors name file, line and column", "[skills]") {
    const auto error_of = [](const std::string& text) -> std::string {
        try {
            parse_skill_document(text, "dir/SKILL.md");
        } catch (const YamlError& e) {
            return e.what();
        }
        return "no error";
    };
    CHECK(error_of("# Title\n") ==
          "dir/SKILL.md:1:1: no YAML frontmatter: SKILL.md must start with a '---' line");
    CHECK(error_of("---\nname: x\n") ==
          "dir/SKILL.md:1:1: unterminated frontmatter: no closing '---' line");
    CHECK(error_of("---\nname: x\nname: y\n---\n") == "dir/SKILL.md:3:1: name: duplicate key");
    // A colon and a space inside a plain scalar: the most common mistake in public skills.
    CHECK(error_of("---\nname: x\ndescription: Formats SQL. Use when: asked\n---\n") ==
          "dir/SKILL.md:3:35: invalid YAML: illegal map value");
    CHECK(error_of("---\nname: [x\n---\n").starts_with("dir/SKILL.md:"));
    CHECK(error_of("---\nname: x\ndescription: caf\xE9\n---\n") ==
          "dir/SKILL.md:3:14: invalid YAML: text that is not UTF-8");
    // yaml-cpp alone would fold the following lines into an unclosed quoted scalar.
    CHECK(error_of("---\nname: x\ndescription: \"Never closed\nmetadata:\n  a: b\n---\n") ==
          "dir/SKILL.md:3:14: invalid YAML: the quoted scalar is never closed");
    CHECK(error_of("---\nname: x\ndescription: 'Never closed\n---\n") ==
          "dir/SKILL.md:3:14: invalid YAML: the quoted scalar is never closed");
}

TEST_CASE("closed quoted scalars with escapes and line breaks are fine", "[skills]") {
    const auto doc = parse_skill_document(
        "---\na: \"say \\\"hi\\\" \\\\\"\nb: 'it''s'\nc: \"two\n  lines\"\nd: |\n  \"block\n---\n",
        "S.md");
    CHECK(doc.frontmatter.find("a")->scalar == "say \"hi\" \\");
    CHECK(doc.frontmatter.find("b")->scalar == "it's");
    CHECK(doc.frontmatter.find("c")->scalar == "two lines");
    CHECK(doc.frontmatter.find("d")->scalar == "\"block\n");
    const YamlNode json = parse_yaml(R"({"k": "a \"quoted\" word", "n": ["x", "y"]})", "m.json");
    CHECK(json.find("k")->scalar == "a \"quoted\" word");
}

TEST_CASE("CRLF line ends and a BOM are accepted", "[skills]") {
    const auto doc = parse_skill_document("\xEF\xBB\xBF---\r\nname: x\r\n---\r\nbody\r\n", "S.md");
    REQUIRE(doc.frontmatter.find("name"));
    CHECK(doc.frontmatter.find("name")->scalar == "x");
}

TEST_CASE("scalars resolve as YAML's core schema, quoted text stays text", "[skills]") {
    const YamlNode n =
        parse_yaml("a: 1\nb: '1'\nc: true\nd: \"true\"\ne: 1.5\nf:\ng: [x, 2]\n", "f");
    const auto v = qa::skills::to_json(n);
    CHECK(v.find("a")->is_integer());
    CHECK(v.find("b")->as_string() == "1");
    CHECK(v.find("c")->as_bool());
    CHECK(v.find("d")->as_string() == "true");
    CHECK(v.find("e")->as_double() == 1.5);
    CHECK(v.find("f")->is_null());
    CHECK(v.find("g")->as_array().size() == 2);
    CHECK(v.find("g")->as_array()[1].is_integer());
}

TEST_CASE("rendered problems read back as the same UTF-8 text", "[skills]") {
    qa::skills::ValidationError e{"s",
                                  "definition",
                                  "a\xC2\x85"
                                  "b \xE2\x80\xA8 \xE2\x80\xA9",
                                  "tab\there",
                                  "caf\xC3\xA9 \"q\" \\",
                                  "bad \xFF byte",
                                  ""};
    const auto node = parse_yaml(qa::skills::render_yaml({e}), "rendered");
    const auto* fields = node.find("validation_error");
    REQUIRE(fields);
    CHECK(fields->find("check")->scalar == e.check);
    CHECK(fields->find("expected")->scalar == e.expected);
    CHECK(fields->find("actual")->scalar == e.actual);
    CHECK(fields->find("suggestion")->scalar == "bad \xEF\xBF\xBD byte");
}

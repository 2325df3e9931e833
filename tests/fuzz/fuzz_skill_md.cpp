// A SKILL.md from anywhere (`qa-skill skill validate` runs on any skill folder): validation never
// throws, every problem has a location, and the YAML and JSON renderings of the problems read back
// as the same text.
#include "fuzz/expect.hpp"
#include "json/parse.hpp"
#include "skills/frontmatter.hpp"
#include "skills/protocol.hpp"
#include "skills/skill_loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
    qa::skills::SkillSource source;
    source.text = std::string(qa::fuzz::as_text(data, size));
    source.file = "fuzz/SKILL.md";
    source.directory = "fuzz";
    qa::fuzz::expect_only<>([&] {
        for (const bool strict : {false, true}) {
            const auto result = qa::skills::check_skill_source(source, {strict});
            qa::fuzz::require(result.skill.has_value() == result.problems.empty(),
                              "a skill exactly when there is no problem");
            for (const auto& p : result.problems) {
                qa::fuzz::require(p.location.starts_with("fuzz/SKILL.md:"), "located problem");
            }
            if (result.skill) {
                qa::fuzz::require(result.skill->name == "fuzz", "name equals the folder");
                // The protocols run on any valid skill without throwing.
                (void)qa::skills::check_inputs(*result.skill, qa::json::parse("{}"));
                (void)qa::skills::check_outputs(*result.skill, qa::json::parse("{}"));
            }
            const auto json = qa::json::parse(qa::skills::render_json(result.problems));
            qa::fuzz::require(json.as_array().size() == result.problems.size(), "JSON count");
            if (!result.problems.empty()) {
                const auto& first = result.problems.front();
                const std::string yaml = qa::skills::render_yaml({first});
                const auto node = qa::skills::parse_yaml(yaml, "rendered");
                const auto* fields = node.find("validation_error");
                qa::fuzz::require(fields != nullptr, "YAML reads back");
                qa::fuzz::require(
                    fields->find("check")->scalar ==
                        json.as_array()[0].find("validation_error")->find("check")->as_string(),
                    "YAML and JSON agree");
            }
        }
    });
    return 0;
}

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/example_tables.hpp"
#include "rules/rule_set.hpp"
#include "util/embedded_files.hpp"

using namespace qa::rules;

namespace {

/// Every field a run reads, as one comparable string.
std::string run_fields(const Rule& r) {
    std::string out = r.id + "|" + r.description + "|" + r.regex + "|" + r.prefilterRegex + "|" +
                      r.nextLineSource + "|" + r.severity + "|" + r.fix + "|" + r.lens + "|" +
                      r.subLens + "|" + std::to_string(r.minEntropy) + "|" +
                      std::to_string(r.secretGroup.value_or(-1)) + "|" +
                      std::to_string(r.allowlist.sameAsGroup.value_or(-1)) + "|" +
                      (r.blocking ? "b" : "") + (r.changesOnly ? "c" : "") +
                      (r.keywordPrefilter ? "k" : "") + (r.checksum ? "s" : "") + "|";
    for (const auto* list : {&r.keywords, &r.languages, &r.allowlist.paths,
                             &r.allowlist.regexSources, &r.allowlist.stopwords}) {
        for (const std::string& s : *list) {
            out += s + ",";
        }
        out += "|";
    }
    return out;
}

}  // namespace

TEST_CASE("the embedded rules read the same without their example tables", "[rules]") {
    for (const std::string_view lens : {"security", "style"}) {
        const std::string path = "lenses/" + std::string(lens) + "/rules.toml";
        INFO(path);
        const auto text = qa::util::find_embedded(path);
        REQUIRE(text.has_value());
        const RuleSource full_source{*text, path, std::string(lens), true};
        RuleSource bare_source = full_source;
        bare_source.examples = false;
        const RuleSet full = RuleSet::parse(std::span<const RuleSource>(&full_source, 1));
        const RuleSet bare = RuleSet::parse(std::span<const RuleSource>(&bare_source, 1));
        REQUIRE(full.rules().size() == bare.rules().size());
        for (std::size_t i = 0; i < full.rules().size(); ++i) {
            INFO(full.rules()[i].id);
            CHECK(run_fields(bare.rules()[i]) == run_fields(full.rules()[i]));
            CHECK_FALSE(full.rules()[i].examples.positive.empty());
            CHECK(bare.rules()[i].examples.positive.empty());
            CHECK(bare.rules()[i].examples.negative.empty());
        }
        // Lines keep their numbers.
        const std::string stripped = without_example_tables(*text);
        CHECK(std::count(stripped.begin(), stripped.end(), '\n') ==
              std::count(text->begin(), text->end(), '\n'));
    }
}

TEST_CASE("an example table ends at the next table header, lines kept", "[rules]") {
    const std::string text =
        "[[rules]]\nid = \"a\"\n[rules.examples]\npositive = [\n"
        "    \"x\",\n]\n[rules.allowlist]\nstopwords = [\"s\"]\n"
        "[[rules]]\nid = \"b\"\n[rules.examples]\nnegative = [\"y\"]";
    CHECK(without_example_tables(text) ==
          "[[rules]]\nid = \"a\"\n\n\n\n\n[rules.allowlist]\nstopwords = [\"s\"]\n"
          "[[rules]]\nid = \"b\"\n\n");
}

#include <re2/re2.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "rules/candidate_sets.hpp"
#include "rules/example_check.hpp"
#include "rules/relaxed_repetition.hpp"
#include "rules_test_support.hpp"

using namespace qa::rules;

namespace {

using Seen = std::tuple<std::string, std::uint32_t, std::uint32_t, std::string>;

std::vector<Seen> seen(const std::vector<RuleMatch>& matches) {
    std::vector<Seen> out;
    out.reserve(matches.size());
    for (const RuleMatch& m : matches) {
        out.emplace_back(m.rule->id, m.line, m.column, std::string(m.match));
    }
    return out;
}

}  // namespace

TEST_CASE("relaxed_repetition loosens counts and nothing else", "[rules]") {
    CHECK(relaxed_repetition(R"(\b(ghp_[A-Za-z0-9]{36})\b)", 4) == R"(\b(ghp_[A-Za-z0-9]{4,})\b)");
    CHECK(relaxed_repetition("a{2,40}b{8,}c{0,3}?d{1}", 4) == "a{2,}b{4,}c{0,}?d{1,}");
    // Not counts: escaped, quoted, inside a class, or braces RE2 reads as literals.
    CHECK(relaxed_repetition(R"(\{36} \Q{36}\E [{]{36}] [^]{3}]x x{ x{,3} x{a})", 4) ==
          R"(\{36} \Q{36}\E [{]{4,}] [^]{3}]x x{ x{,3} x{a})");
    CHECK(relaxed_repetition("[[:alpha:]{2}]{9}", 4) == "[[:alpha:]{2}]{4,}");
    CHECK(relaxed_repetition("", 4).empty());

    // Wherever the pattern matches, the relaxed one does too.
    const RE2 strict(R"(\b(sk_live_[0-9a-zA-Z]{24,99})\b)");
    const RE2 relaxed(relaxed_repetition(strict.pattern(), 4));
    REQUIRE(relaxed.ok());
    const std::string token = "key = sk_live_" + std::string(30, 'a') + ";";
    CHECK(RE2::PartialMatch(token, strict));
    CHECK(RE2::PartialMatch(token, relaxed));
    CHECK_FALSE(RE2::PartialMatch("sk_live_ab", relaxed));
}

TEST_CASE("a large scan's regex set finds what the keyword set finds, example by example",
          "[rules]") {
    // A scan announced as large uses the regex set (counts relaxed) from its first buffer; a
    // small one the keyword set. Which set answers changes the time, never the matches: every
    // example of every rule, positive and negative, gives the same matches either way.
    std::size_t compared = 0;
    for (const std::string& file : test::rule_files()) {
        const RuleSet small = test::load_rules(file);
        const RuleSet large = test::load_rules(file);
        large.expect_lines(CandidateSets::kRegexSetAfterLines + 1);
        for (const Rule& rule : small.rules()) {
            INFO(file << ": rule " << rule.id);
            std::vector<const Example*> examples;
            for (const Example& e : rule.examples.positive) {
                examples.push_back(&e);
            }
            for (const Example& e : rule.examples.negative) {
                examples.push_back(&e);
            }
            for (const Example* example : examples) {
                INFO("example: " << example->text);
                const ScanInput input = example_input(rule, *example);
                CHECK(seen(large.scan(input)) == seen(small.scan(input)));
                ++compared;
            }
            for (const Example& example : rule.examples.positive) {
                const auto candidates = large.candidates(example_input(rule, example).text);
                const auto index = static_cast<std::size_t>(&rule - small.rules().data());
                CHECK(std::find(candidates.begin(), candidates.end(), index) != candidates.end());
            }
        }
    }
    CHECK(compared > 500);
}

TEST_CASE("a scan announced as large is answered by the regex set from its first buffer",
          "[rules]") {
    // Which set answered shows in a superset only the relaxed regex set names: 12 digits are not
    // the rule's 20, but they are {8,}. The keyword set holds this keyword-less rule exactly.
    const char* toml = R"T(
[[rules]]
id = "counted"
description = "c"
regex = '''\bab[0-9]{20}\b'''
severity = "low"
)T";
    const RuleSet small = RuleSet::parse(toml, "counted.toml");
    const RuleSet large = RuleSet::parse(toml, "counted.toml");
    large.expect_lines(CandidateSets::kRegexSetAfterLines + 1);
    const std::string text = "x = ab012345678901\n";
    CHECK(small.candidates(text).empty());
    CHECK(large.candidates(text) == std::vector<std::size_t>{0});
    // Neither reports it: the rule's own regex still counts.
    CHECK(small.scan(ScanInput{"f", "", text, {}}).empty());
    CHECK(large.scan(ScanInput{"f", "", text, {}}).empty());
    // An announcement at or under the bound keeps the keyword set.
    const RuleSet announced = RuleSet::parse(toml, "counted.toml");
    announced.expect_lines(CandidateSets::kRegexSetAfterLines);
    CHECK(announced.candidates(text).empty());
}

TEST_CASE("a rule with a prefilter regex is a candidate where its keywords and that regex occur",
          "[rules]") {
    const char* toml = R"T(
[[rules]]
id = "filtered"
description = "f"
regex = '''key\s*=\s*"([a-z]{8})"'''
keywords = ["key"]
prefilter_regex = '''key\s*='''
severity = "low"

[[rules]]
id = "keyed"
description = "k"
regex = '''key:([0-9]{4})'''
keywords = ["key"]
severity = "low"
)T";
    const RuleSet rules = RuleSet::parse(toml, "filtered.toml");
    CHECK(rules.candidates("nothing here = 1").empty());
    // The keyword alone names the plain rule, not the filtered one.
    CHECK(rules.candidates("a KEY in a sentence") == std::vector<std::size_t>{1});
    CHECK(rules.candidates("key = \"abcdefgh\"") == std::vector<std::size_t>{0, 1});
    // The prefilter regex is case-sensitive: the keyword is there, the regex is not.
    CHECK(rules.candidates("Key = \"abcdefgh\"") == std::vector<std::size_t>{1});
    CHECK(seen(rules.scan(ScanInput{"f", "", "key = \"abcdefgh\"\n", {}})) ==
          std::vector<Seen>{{"filtered", 1, 1, "key = \"abcdefgh\""}});
}

#include <re2/re2.h>
#include <catch2/catch.hpp>

#include <algorithm>

#include "rules/example_check.hpp"
#include "rules/mask.hpp"
#include "rules_test_support.hpp"
#include "util/embedded_files.hpp"

using namespace qa::rules;

namespace {

std::vector<const RuleMatch*> matches_of(const std::vector<RuleMatch>& matches,
                                         const std::string& id) {
    std::vector<const RuleMatch*> out;
    for (const auto& m : matches) {
        if (m.rule->id == id) {
            out.push_back(&m);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("every rule's positive examples match it and its negative examples do not", "[rules]") {
    for (const std::string& file : test::rule_files()) {
        const RuleSet rules = test::load_rules(file);
        REQUIRE_FALSE(rules.rules().empty());
        for (const Rule& rule : rules.rules()) {
            INFO(file << ": rule " << rule.id);
            CHECK_FALSE(rule.examples.positive.empty());
            CHECK_FALSE(rule.examples.negative.empty());
            for (const Example& example : rule.examples.positive) {
                INFO("positive example: " << example.text);
                const auto matches = rules.scan(example_input(rule, example));
                const auto mine = matches_of(matches, rule.id);
                CHECK_FALSE(mine.empty());
                if (rule.secretGroup) {
                    // A rule that captures a secret states which part it is, so the test
                    // proves the group is the secret and not its surroundings.
                    REQUIRE(example.secret.has_value());
                    CHECK(std::any_of(mine.begin(), mine.end(), [&](const RuleMatch* m) {
                        return m->secret && *m->secret == *example.secret;
                    }));
                    const std::string masked = mask_secret(*example.secret);
                    CHECK(masked.find(*example.secret) == std::string::npos);
                } else {
                    CHECK_FALSE(example.secret.has_value());
                }
            }
            for (const Example& example : rule.examples.negative) {
                INFO("negative example: " << example.text);
                const auto matches = rules.scan(example_input(rule, example));
                // A token whose checksum fails is reported as a non-blocking look-alike: that is
                // what a negative example of a checksummed rule documents.
                for (const RuleMatch* m : matches_of(matches, rule.id)) {
                    CHECK(m->checksumFailed);
                }
            }
        }
    }
}

TEST_CASE("rule files are well formed and embedded in the binary", "[rules]") {
    std::size_t total = 0;
    for (const std::string& file : test::rule_files()) {
        const RuleSet rules = test::load_rules(file);
        total += rules.rules().size();
        for (const Rule& rule : rules.rules()) {
            INFO(file << ": rule " << rule.id);
            CHECK_FALSE(rule.description.empty());
            CHECK_FALSE(rule.fix.empty());
            for (const std::string& k : rule.keywords) {
                CHECK(
                    std::none_of(k.begin(), k.end(), [](char c) { return c >= 'A' && c <= 'Z'; }));
            }
            // Loaded from the binary, a rule's regex is not compiled to measure it
            // (RuleSource::embedded): one too large for the shared set must say so itself.
            if (!rule.keywords.empty() && rule.prefilterRegex.empty() && !rule.keywordPrefilter) {
                CHECK(rule.pattern->get().ProgramSize() <= kMaxSetProgramSize);
            }
        }
        const auto embedded = qa::util::find_embedded(file);
        REQUIRE(embedded.has_value());
        CHECK(RuleSet::from_embedded(file).rules().size() == rules.rules().size());
    }
    CHECK(total >= 40);
}

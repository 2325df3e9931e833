#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "rules/keyword_index.hpp"
#include "rules/text_search.hpp"

using namespace qa::rules;

TEST_CASE("the keyword index finds the rules a search keyword by keyword finds", "[rules]") {
    // Rules with overlapping keywords, one-byte keywords, shared first pairs, a keyword that is
    // a prefix of another; texts of random bytes from a small alphabet so that they hit often,
    // in either case, every length up to 40, with keywords cut off at the end of the text.
    const std::vector<std::vector<std::string>> rules = {
        {"key", "token"}, {"\""}, {"ke"}, {"kez", "tok"}, {"x-"}, {"token"}, {"pa", "pass"}};
    KeywordIndex index;
    for (std::size_t r = 0; r < rules.size(); ++r) {
        index.add(r, rules[r]);
    }
    index.compile();
    const std::string alphabet = "keyKEYtoknzTOKN\"x-X_pas";
    std::mt19937 random(7);
    std::size_t texts = 0;
    std::size_t hits = 0;
    for (std::size_t length = 0; length <= 40; ++length) {
        for (int round = 0; round < 200; ++round) {
            std::string text(length, ' ');
            for (char& c : text) {
                c = alphabet[random() % alphabet.size()];
            }
            std::vector<std::size_t> expected;
            for (std::size_t r = 0; r < rules.size(); ++r) {
                if (contains_any(text, rules[r])) {
                    expected.push_back(r);
                }
            }
            INFO("text: " << text);
            CHECK(index.rules_in(text) == expected);
            ++texts;
            hits += expected.size();
        }
    }
    CHECK(texts == 41 * 200);
    CHECK(hits > texts / 2);  // the texts do hit: the comparison is not between empty answers
    CHECK(index.rules_in("").empty());
    CHECK(index.rules_in("KEY") == std::vector<std::size_t>{0, 2});
}

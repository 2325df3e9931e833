#include "rules/example_check.hpp"

#include <algorithm>

namespace qa::rules {
ScanInput example_input(const Rule& rule, const Example& example) {
    const std::string_view language = example.language ? std::string_view(*example.language)
                                      : rule.languages.empty()
                                          ? std::string_view()
                                          : std::string_view(rule.languages.front());
    const std::string_view path =
        example.path ? std::string_view(*example.path) : std::string_view("src/example");
    return ScanInput{path, language, example.text, {}};
}

std::vector<ExampleProblem> check_examples(const RuleSet& set) {
    std::vector<ExampleProblem> out;
    for (const Rule& rule : set.rules()) {
        for (const Example& example : rule.examples.positive) {
            const auto matches = set.scan(example_input(rule, example));
            const bool matched = std::any_of(matches.begin(), matches.end(), [&](const auto& m) {
                return m.rule->id == rule.id &&
                       (!example.secret || (m.secret && *m.secret == *example.secret));
            });
            if (!matched) {
                out.push_back({rule.id, "positive example \"" + example.text + "\" does not match" +
                                            (example.secret ? " with its secret" : "")});
            }
        }
        for (const Example& example : rule.examples.negative) {
            const auto matches = set.scan(example_input(rule, example));
            if (std::any_of(matches.begin(), matches.end(),
                            [&](const auto& m) { return m.rule->id == rule.id; })) {
                out.push_back({rule.id, "negative example \"" + example.text + "\" matches"});
            }
        }
    }
    return out;
}

}  // namespace qa::rules

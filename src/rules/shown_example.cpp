#include "rules/shown_example.hpp"

#include <array>
#include <optional>

#include "rules/example_check.hpp"
#include "rules/mask.hpp"

namespace qa::rules {

std::string shown_example(const RuleSet& set, const Rule& rule) {
    if (rule.examples.positive.empty()) {
        return {};
    }
    const Example& example = rule.examples.positive.front();
    std::optional<std::string> secret = example.secret;
    if (!secret && rule.secretGroup) {
        // The secret the rule captures there: this rule alone, no set pass.
        const std::array<std::size_t, 1> only = {
            static_cast<std::size_t>(&rule - set.rules().data())};
        set.scan(example_input(rule, example), only, [&](const RuleMatch& m) {
            if (!secret && m.rule == &rule && m.secret) {
                secret = std::string(*m.secret);
            }
        });
    }
    return secret && !secret->empty() ? redact(example.text, *secret) : example.text;
}

}  // namespace qa::rules

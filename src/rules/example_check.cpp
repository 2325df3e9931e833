#include "rules/example_check.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <string_view>

#include "rules/mask.hpp"
#include "rules/rule_pass.hpp"
#include "rules/text_search.hpp"

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

namespace {

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) {
        out += (out.empty() ? "\"" : ", \"") + w + "\"";
    }
    return out;
}

/// Why `value`, the secret (or match) of `rule` in an example, is discarded; "" when it is kept.
std::string discarded(const Rule& rule, std::string_view value) {
    const FilterVerdict verdict = filter_of(rule, value);
    const std::string shown = "\"" + std::string(value) + "\"";
    switch (verdict.why) {
        case Discard::typed:
            return "its secret " + shown +
                   " looks typed by hand (8 or more consecutive characters in order, such as "
                   "12345678 or abcdefgh, or xxxxxxxx), and the placeholder filter discards such "
                   "values; write the example with random-looking characters";
        case Discard::allowlistRegex:
            return "its " + std::string(rule.secretGroup ? "secret " : "match ") + shown +
                   " matches the rule's allowlist regex '" +
                   rule.allowlist.regexSources[verdict.which] + "'";
        case Discard::stopword:
            return "its " + std::string(rule.secretGroup ? "secret " : "match ") + shown +
                   " holds the rule's allowlist stopword \"" +
                   rule.allowlist.stopwords[verdict.which] + "\"";
        case Discard::entropy:
            return "its " + std::string(rule.secretGroup ? "secret " : "match ") + shown +
                   " has an entropy of " + std::to_string(shannon_entropy(value)).substr(0, 4) +
                   " bits per byte, under the rule's min_entropy " +
                   std::to_string(rule.minEntropy).substr(0, 4);
        case Discard::none:
            break;
    }
    if (rule.checksum && *rule.checksum != Checksum::githubCrc32 &&
        !checksum_valid(*rule.checksum, value)) {
        return "its secret " + shown + " fails the rule's checksum";
    }
    return "";
}

/// Why the positive `example` of `rule` gives no match of the rule, in words a person can act
/// on: the filter that discards what the regex matched, or that the regex matches nothing.
std::string why_no_match(const Rule& rule, const Example& example) {
    const ScanInput input = example_input(rule, example);
    if (!applies_to(rule, input)) {
        return "the rule does not look at its file (\"" + std::string(input.path) +
               "\": its languages or allowlist paths leave it out; give the example a path or "
               "language)";
    }
    std::string reason = "the regex does not match it";
    const int groups = std::max(rule.secretGroup.value_or(0), 0) + 1;
    std::vector<re2::StringPiece> sub(static_cast<std::size_t>(groups));
    std::string_view rest = example.text;
    while (true) {  // a rule's regex never spans lines: one line at a time
        const std::size_t nl = rest.find('\n');
        const std::string_view line = rest.substr(0, nl);
        const re2::StringPiece text(line.data(), line.size());
        std::size_t pos = 0;
        while (pos <= line.size() &&
               rule.pattern->get().Match(text, pos, line.size(), RE2::UNANCHORED, sub.data(),
                                         groups)) {
            const auto begin = static_cast<std::size_t>(sub[0].data() - line.data());
            pos = sub[0].empty() ? begin + 1 : begin + sub[0].size();
            if (!rule.keywords.empty() && !contains_any(line, rule.keywords)) {
                reason = "the regex matches, but the line holds none of the rule's keywords (" +
                         joined(rule.keywords) + ")";
                continue;
            }
            std::string_view value(sub[0].data(), sub[0].size());
            if (rule.secretGroup) {
                const re2::StringPiece& secret = sub[static_cast<std::size_t>(*rule.secretGroup)];
                value = std::string_view(secret.data(), secret.size());
            }
            if (const std::string why = discarded(rule, value); !why.empty()) {
                reason = "the regex matches, but " + why;
            } else if (example.secret && value != *example.secret) {
                reason = "the regex matches, but captures \"" + std::string(value) +
                         "\" as its secret, not \"" + *example.secret + "\"";
            } else {
                reason =
                    "the regex matches, but the rule's other conditions (same_as_group, "
                    "next_line) discard it";
            }
        }
        if (nl == std::string_view::npos) {
            break;
        }
        rest.remove_prefix(nl + 1);
    }
    return reason;
}

}  // namespace

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
                                            (example.secret ? " with its secret" : "") + ": " +
                                            why_no_match(rule, example)});
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

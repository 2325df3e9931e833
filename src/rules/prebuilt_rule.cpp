#include "rules/prebuilt_rule.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "rules/rule_regex.hpp"

namespace qa::rules {
namespace {

std::vector<std::string> strings_of(std::span<const std::string_view> values) {
    return {values.begin(), values.end()};
}

}  // namespace

const PrebuiltFile* find_prebuilt(std::string_view path) {
    const auto files = prebuilt_files();
    const auto it = std::find_if(files.begin(), files.end(),
                                 [&](const PrebuiltFile& f) { return f.path == path; });
    return it == files.end() ? nullptr : &*it;
}

Rule to_rule(const PrebuiltRule& rule_data) {
    // The regexes as read_rule() compiles them: the rule's own, its prefilter and next line
    // per line (multiline()), the allowlist's against a value.
    Rule rule;
    rule.id = rule_data.id;
    rule.description = rule_data.description;
    rule.regex = rule_data.regex;
    rule.pattern = std::make_shared<const LazyRegex>(multiline(rule_data.regex));
    rule.keywords = strings_of(rule_data.keywords);
    rule.keywordPrefilter = rule_data.keywordPrefilter;
    rule.prefilterRegex = rule_data.prefilterRegex;
    rule.secretGroup = rule_data.secretGroup;
    rule.minEntropy = rule_data.minEntropy;
    if (rule_data.checksum) {
        rule.checksum = checksum_named(*rule_data.checksum);
    }
    if (rule_data.nextLine) {
        rule.nextLineSource = *rule_data.nextLine;
        rule.nextLine = std::make_shared<const LazyRegex>(multiline(*rule_data.nextLine));
    }
    rule.severity = rule_data.severity;
    rule.blocking = rule_data.blocking;
    rule.changesOnly = rule_data.changesOnly;
    rule.fix = rule_data.fix;
    rule.allowlist.paths = strings_of(rule_data.allowPaths);
    for (const std::string_view source : rule_data.allowRegexes) {
        rule.allowlist.regexes.push_back(std::make_shared<const LazyRegex>(std::string(source)));
        rule.allowlist.regexSources.emplace_back(source);
    }
    rule.allowlist.stopwords = strings_of(rule_data.allowStopwords);
    rule.allowlist.sameAsGroup = rule_data.allowSameAsGroup;
    rule.languages = strings_of(rule_data.languages);
    rule.subLens = rule_data.subLens;
    return rule;
}

}  // namespace qa::rules

#include "rules/rule_reader.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <vector>

#include "rules/rule_error.hpp"
#include "rules/rule_regex.hpp"
#include "rules/text_search.hpp"
#include "util/toml_reader.hpp"

namespace qa::rules {
namespace {

using util::TomlReader;

/// A reader of one table of a rules file: errors are RuleErrors.
TomlReader rule_reader(const toml::table& table, std::string prefix, const std::string& file) {
    return TomlReader(table, std::move(prefix), file, &util::raise_as<RuleError>);
}

const std::vector<std::string> kSeverities = {"critical", "high", "medium", "low", "info"};

/// `pattern` (multiline() applied when `lines`), compiled now and checked when `check`,
/// otherwise on first use.
std::shared_ptr<const LazyRegex> compile(const std::string& pattern, bool lines, bool check,
                                         const toml::node& where, const std::string& key,
                                         const TomlReader& r) {
    auto re = std::make_shared<const LazyRegex>(lines ? multiline(pattern) : pattern);
    if (check && !re->get().ok()) {
        // Report the error against the pattern as written, without the "(?m)" we add.
        const RE2 as_written(pattern, regex_options());
        r.fail_at(where.source(), key,
                  "invalid regex: " + (as_written.ok() ? re->get().error() : as_written.error()));
    }
    return re;
}

bool valid_id(std::string_view id) {
    const auto ok = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
    return !id.empty() && ok(id.front()) && std::all_of(id.begin(), id.end(), [&](char c) {
        return ok(c) || c == '-' || c == '.' || c == '_';
    });
}

std::vector<Example> read_examples(TomlReader& r, std::string_view key) {
    std::vector<Example> out;
    const toml::node* node = r.get(key);
    if (node == nullptr) {
        return out;
    }
    if (!node->is_array()) {
        r.wrong_type(*node, key, "an array of strings or {text, secret, path, language} tables");
    }
    for (const toml::node& item : *node->as_array()) {
        Example example;
        if (item.is_string()) {
            example.text = r.string_of(item, key);
        } else if (item.is_table()) {
            TomlReader t = r.nested(*item.as_table(), r.full_key(key));
            example.text = t.string_of(t.require("text"), "text");
            if (const toml::node* s = t.get("secret")) {
                example.secret = t.string_of(*s, "secret");
            }
            if (const toml::node* p = t.get("path")) {
                example.path = t.string_of(*p, "path");
            }
            if (const toml::node* l = t.get("language")) {
                example.language = t.string_of(*l, "language");
            }
            t.reject_unknown();
        } else {
            r.wrong_type(item, key, "a string or a {text, secret, path, language} table");
        }
        out.push_back(std::move(example));
    }
    return out;
}

}  // namespace

const toml::array& rule_tables(const toml::table& root, const std::string& source_name) {
    for (const auto& [key, node] : root) {
        if (key.str() != "rules" && key.str() != "title") {
            throw RuleError(source_name, key.source().begin.line, key.source().begin.column,
                            std::string(key.str()), "unknown key");
        }
    }
    if (const toml::node* title = root.get("title"); title != nullptr && !title->is_string()) {
        throw RuleError(source_name, title->source().begin.line, title->source().begin.column,
                        "title", "expected a string, got " + util::toml_type_name(*title));
    }
    const toml::node* rules = root.get("rules");
    if (rules == nullptr) {
        throw RuleError(source_name, 1, 1, "rules", "no [[rules]] tables");
    }
    if (!rules->is_array_of_tables()) {
        throw RuleError(source_name, rules->source().begin.line, rules->source().begin.column,
                        "rules", "expected an array of tables ([[rules]])");
    }
    return *rules->as_array();
}

Rule read_rule(const toml::table& table, std::size_t index, const std::string& file,
               bool check_regexes) {
    const bool check = check_regexes;
    Rule rule;
    // The id names the rule in every later message, so it is read first.
    {
        TomlReader r = rule_reader(table, "rules[" + std::to_string(index) + "]", file);
        const toml::node& id = r.require("id");
        rule.id = r.string_of(id, "id");
        if (!valid_id(rule.id)) {
            r.fail_at(id.source(), r.full_key("id"),
                      "\"" + rule.id + "\" is not valid; use lowercase letters, digits and '-'");
        }
    }
    TomlReader r = rule_reader(table, "rules[" + rule.id + "]", file);
    r.get("id");
    rule.description = r.string_of(r.require("description"), "description");
    const toml::node& regex = r.require("regex");
    rule.regex = r.string_of(regex, "regex");
    rule.pattern = compile(rule.regex, true, check, regex, r.full_key("regex"), r);
    if (check && rule.pattern->get().Match("", 0, 0, RE2::UNANCHORED, nullptr, 0)) {
        r.fail_at(regex.source(), r.full_key("regex"), "matches the empty string");
    }
    // Unchecked, the bound on group numbers waits for the tests that check the rule.
    const auto group_count = [&] {
        return check ? rule.pattern->get().NumberOfCapturingGroups()
                     : std::numeric_limits<int>::max();
    };
    for (const auto& keyword : r.strings("keywords")) {
        rule.keywords.push_back(lowercase(keyword.value));
    }
    if (const toml::node* group = r.get("secret_group")) {
        const int groups = group_count();
        if (!group->is_integer()) {
            r.wrong_type(*group, "secret_group", "an integer");
        }
        const std::int64_t g = group->as_integer()->get();
        if (g < 0 || g > groups) {
            r.fail_at(group->source(), r.full_key("secret_group"),
                      "group " + std::to_string(g) + " does not exist; the regex has " +
                          std::to_string(groups) + " capturing group(s)");
        }
        rule.secretGroup = static_cast<int>(g);
    }
    if (const auto entropy = r.number("min_entropy")) {
        if (!(*entropy >= 0.0 && *entropy <= 8.0)) {
            r.fail_at(
                r.get("min_entropy")->source(), r.full_key("min_entropy"),
                "out of range; expected " + std::to_string(0.0) + " to " + std::to_string(8.0));
        }
        rule.minEntropy = *entropy;
    }
    if (const toml::node* prefilter = r.get("prefilter")) {
        if (r.string_of(*prefilter, "prefilter") != "keywords") {
            r.fail_at(prefilter->source(), r.full_key("prefilter"), "expected \"keywords\"");
        }
        if (rule.keywords.empty()) {
            r.fail_at(prefilter->source(), r.full_key("prefilter"), "needs keywords");
        }
        rule.keywordPrefilter = true;
    }
    if (const toml::node* loose = r.get("prefilter_regex")) {
        if (rule.keywordPrefilter) {
            r.fail_at(loose->source(), r.full_key("prefilter_regex"),
                      "conflicts with prefilter = \"keywords\"");
        }
        rule.prefilterRegex = r.string_of(*loose, "prefilter_regex");
        const auto re =
            compile(rule.prefilterRegex, true, check, *loose, r.full_key("prefilter_regex"), r);
        if (check && re->get().Match("", 0, 0, RE2::UNANCHORED, nullptr, 0)) {
            r.fail_at(loose->source(), r.full_key("prefilter_regex"), "matches the empty string");
        }
    }
    if (const toml::node* next = r.get("next_line")) {
        rule.nextLineSource = r.string_of(*next, "next_line");
        rule.nextLine =
            compile(rule.nextLineSource, true, check, *next, r.full_key("next_line"), r);
    }
    if (const toml::node* checksum = r.get("checksum")) {
        const std::string name = r.string_of(*checksum, "checksum");
        rule.checksum = checksum_named(name);
        if (!rule.checksum) {
            r.fail_at(checksum->source(), r.full_key("checksum"),
                      "\"" + name + "\" is not valid; expected github-crc32 or basic-auth");
        }
        if (!rule.secretGroup) {
            r.fail_at(checksum->source(), r.full_key("checksum"), "needs a secret_group");
        }
    }
    const toml::node& severity = r.require("severity");
    rule.severity = r.string_of(severity, "severity");
    if (std::find(kSeverities.begin(), kSeverities.end(), rule.severity) == kSeverities.end()) {
        r.fail_at(severity.source(), r.full_key("severity"),
                  "\"" + rule.severity +
                      "\" is not valid; expected one of critical, high, medium, low, info");
    }
    rule.blocking = r.boolean("blocking").value_or(false);
    rule.changesOnly = r.boolean("changes_only").value_or(false);
    rule.fix = r.string("fix").value_or("");
    if (const toml::node* sub = r.get("sub_lens")) {
        rule.subLens = r.string_of(*sub, "sub_lens");
        if (!valid_id(rule.subLens)) {
            r.fail_at(sub->source(), r.full_key("sub_lens"),
                      "\"" + rule.subLens + "\" is not a sub-lens id");
        }
    }
    rule.languages = util::values_of(r.strings("languages"));
    if (const toml::table* allow = r.table("allowlist")) {
        TomlReader a = r.nested(*allow, r.full_key("allowlist"));
        rule.allowlist.paths = util::values_of(a.strings("paths"));
        for (auto& [source, node] : a.strings("regexes")) {
            // Allowlist regexes test a value, not a buffer: no multi-line mode.
            rule.allowlist.regexes.push_back(
                compile(source, false, check, *node, a.full_key("regexes"), a));
            rule.allowlist.regexSources.push_back(std::move(source));
        }
        for (const auto& word : a.strings("stopwords")) {
            rule.allowlist.stopwords.push_back(lowercase(word.value));
        }
        if (const auto group = a.integer("same_as_group", 1, group_count())) {
            rule.allowlist.sameAsGroup = static_cast<int>(*group);
        }
        a.reject_unknown();
    }
    if (const toml::table* examples = r.table("examples")) {
        TomlReader e = r.nested(*examples, r.full_key("examples"));
        rule.examples.positive = read_examples(e, "positive");
        rule.examples.negative = read_examples(e, "negative");
        e.reject_unknown();
    }
    r.reject_unknown();
    return rule;
}

}  // namespace qa::rules

#include "rules/rule_set.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

#include "rules/candidate_sets.hpp"
#include "rules/example_tables.hpp"
#include "rules/line_index.hpp"
#include "rules/prebuilt_rule.hpp"
#include "rules/rule_pass.hpp"
#include "rules/rule_reader.hpp"
#include "rules/text_search.hpp"
#include "util/embedded_files.hpp"
#include "util/toml_reader.hpp"

namespace qa::rules {

/// The candidate sets over the rules, indexed like the rules.
struct RuleSet::Compiled {
    CandidateSets sets;
};

RuleSet::RuleSet() = default;
RuleSet::RuleSet(RuleSet&&) noexcept = default;
RuleSet& RuleSet::operator=(RuleSet&&) noexcept = default;
RuleSet::~RuleSet() = default;

RuleSet RuleSet::parse(std::string_view toml_text, const std::string& source_name) {
    const RuleSource source{toml_text, source_name, ""};
    return parse(std::span<const RuleSource>(&source, 1));
}

namespace {

/// Where a rule's `key` was written, for an error about it: line 1 of the file for a rule read
/// at build time (whose file the build already checked).
std::pair<std::uint32_t, std::uint32_t> position_of(const toml::table* table,
                                                    std::string_view key) {
    const toml::node* node = table != nullptr ? table->get(key) : nullptr;
    if (node == nullptr) {
        return {1, 1};
    }
    return {node->source().begin.line, node->source().begin.column};
}

/// The rules of `source`, each with the table it was read from (nullptr when it was read at
/// build time: an embedded file read without its examples, PrebuiltRule).
std::vector<std::pair<Rule, const toml::table*>> read_rules(const RuleSource& source,
                                                            std::optional<toml::table>& root) {
    std::vector<std::pair<Rule, const toml::table*>> out;
    if (source.embedded && !source.examples) {
        if (const PrebuiltFile* prebuilt = find_prebuilt(source.name)) {
            for (const PrebuiltRule& rule : prebuilt->rules) {
                out.emplace_back(to_rule(rule), nullptr);
            }
            return out;
        }
    }
    const std::string stripped =
        source.examples ? std::string() : without_example_tables(source.text);
    root = util::parse_toml(source.examples ? source.text : std::string_view(stripped), source.name,
                            &util::raise_as<RuleError>);
    std::size_t index = 0;
    for (const toml::node& item : rule_tables(*root, source.name)) {
        out.emplace_back(read_rule(*item.as_table(), index++, source.name, !source.embedded),
                         item.as_table());
    }
    return out;
}

}  // namespace

RuleSet RuleSet::parse(std::span<const RuleSource> sources) {
    RuleSet out;
    auto compiled = std::make_unique<Compiled>();
    std::set<std::string> ids;
    for (const RuleSource& source : sources) {
        const std::string& source_name = source.name;
        std::optional<toml::table> root;
        out.source_ += (out.source_.empty() ? "" : "+") + source_name;
        for (auto& read : read_rules(source, root)) {
            Rule& rule = read.first;
            const toml::table* table = read.second;
            const auto fail = [&](std::string_view key, const std::string& problem) {
                const auto [line, column] = position_of(table, key);
                throw RuleError(source_name, line, column,
                                "rules[" + rule.id + "]." + std::string(key), problem);
            };
            rule.lens = source.lens;
            if (rule.subLens.empty() && source.defaultSubLens != nullptr) {
                rule.subLens = source.defaultSubLens(rule);
            } else if (!rule.subLens.empty() && !source.subLenses.empty() &&
                       std::find(source.subLenses.begin(), source.subLenses.end(), rule.subLens) ==
                           source.subLenses.end()) {
                std::string known;
                for (const auto& sub : source.subLenses) {
                    known += (known.empty() ? "" : ", ") + sub;
                }
                fail("sub_lens", "\"" + rule.subLens + "\" is not a sub-lens of the " +
                                     source.lens + " lens; expected one of " + known);
            }
            if (!ids.insert(rule.id).second) {
                fail("id", "duplicate rule id");
            }
            if (const std::string error = compiled->sets.add(rule, source.embedded);
                !error.empty()) {
                fail("regex", "invalid regex: " + error);
            }
            out.rules_.push_back(std::move(rule));
        }
    }
    if (!compiled->sets.compile()) {
        throw RuleError(out.source_, 1, 1, "rules", "the rules are too large to compile together");
    }
    out.compiled_ = std::move(compiled);
    return out;
}

RuleSet RuleSet::from_embedded(std::string_view path) {
    const auto text = util::find_embedded(path);
    if (!text) {
        throw RuleError(std::string(path), 1, 1, "", "no such embedded rules file");
    }
    const RuleSource source{*text, std::string(path), "", true};
    return parse(std::span<const RuleSource>(&source, 1));
}

RuleSet RuleSet::from_embedded_lenses(std::span<const std::string_view> lens_ids, bool examples) {
    std::vector<RuleSource> sources;
    for (const std::string_view lens : lens_ids) {
        const std::string path = "lenses/" + std::string(lens) + "/rules.toml";
        const auto text = util::find_embedded(path);
        if (!text) {
            throw RuleError(path, 1, 1, "", "no such embedded rules file");
        }
        sources.push_back(RuleSource{*text, path, std::string(lens), true});
        sources.back().examples = examples;
    }
    return parse(sources);
}

const Rule* RuleSet::find(std::string_view id) const {
    const auto it =
        std::find_if(rules_.begin(), rules_.end(), [&](const Rule& r) { return r.id == id; });
    return it == rules_.end() ? nullptr : &*it;
}

std::vector<RuleMatch> RuleSet::scan(const ScanInput& input) const {
    std::vector<RuleMatch> out;
    scan(input, [&](const RuleMatch& m) { out.push_back(m); });
    return out;
}

std::vector<std::size_t> RuleSet::candidates(std::string_view input) const {
    if (rules_.empty()) {
        return {};
    }
    return compiled_->sets.candidates(input);
}

void RuleSet::scan(const ScanInput& input,
                   const std::function<void(const RuleMatch&)>& emit) const {
    const auto found = candidates(input.text);
    scan(input, found, emit);
}

void RuleSet::expect_lines(std::size_t lines) const {
    compiled_->sets.expect_lines(lines);
}

void RuleSet::scan(const ScanInput& input, std::span<const std::size_t> to_run,
                   const std::function<void(const RuleMatch&)>& emit) const {
    if (input.text.empty() || to_run.empty()) {
        return;
    }
    std::optional<LineIndex> lines;
    std::vector<Found> found;
    for (const std::size_t index : to_run) {
        const Rule& rule = rules_[index];
        if (!applies_to(rule, input)) {
            continue;
        }
        // Cheap prefilter before the rule's own pass: a keyword must occur somewhere.
        if (!rule.keywords.empty() && !contains_any(input.text, rule.keywords)) {
            continue;
        }
        if (!lines) {
            lines.emplace(input.text);
        }
        run_rule(rule, index, input, *lines, compiled_->sets.keyword_lines_only(index), found);
    }
    // A secret captured by several rules is reported once, by the rule listed first.
    std::vector<const Found*> with_secret;
    for (const Found& f : found) {
        if (f.match.secret) {
            with_secret.push_back(&f);
        }
    }
    std::sort(with_secret.begin(), with_secret.end(), [](const Found* a, const Found* b) {
        return std::tuple(a->match.secret->data(), a->match.secret->size(), a->ruleIndex) <
               std::tuple(b->match.secret->data(), b->match.secret->size(), b->ruleIndex);
    });
    std::set<const Found*> shadowed;
    for (std::size_t i = 1; i < with_secret.size(); ++i) {
        const auto& prev = *with_secret[i - 1]->match.secret;
        const auto& cur = *with_secret[i]->match.secret;
        if (prev.data() == cur.data() && prev.size() == cur.size()) {
            shadowed.insert(with_secret[i]);
        }
    }
    std::vector<const Found*> order;
    for (const Found& f : found) {
        if (shadowed.count(&f) == 0) {
            order.push_back(&f);
        }
    }
    std::sort(order.begin(), order.end(), [](const Found* a, const Found* b) {
        return std::tuple(a->match.line, a->match.column, std::string_view(a->match.rule->id),
                          a->offset) < std::tuple(b->match.line, b->match.column,
                                                  std::string_view(b->match.rule->id), b->offset);
    });
    for (const Found* f : order) {
        emit(f->match);
    }
}

}  // namespace qa::rules

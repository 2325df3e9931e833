#include "rules/catalog.hpp"

#include <array>
#include <string_view>

#include "rules/hygiene.hpp"
#include "rules/rule_set.hpp"

namespace qa::rules {
namespace {

/// The lenses whose rules are data (lenses/<id>/rules.toml).
constexpr std::array<std::string_view, 2> kRuleLenses = {"security", "style"};

}  // namespace

std::map<std::string, RuleInfo> builtin_rules() {
    std::map<std::string, RuleInfo> out;
    const auto set = RuleSet::from_embedded_lenses(kRuleLenses, false);  // no examples needed
    for (const auto& r : set.rules()) {
        RuleInfo info{r.id, r.description, r.fix, r.severity, r.blocking, {r.lens}};
        info.tags.insert(info.tags.end(), r.languages.begin(), r.languages.end());
        out.emplace(r.id, std::move(info));
    }
    for (const auto& h : hygiene_rules()) {
        out.emplace(std::string(h.id), RuleInfo{std::string(h.id),
                                                std::string(h.description),
                                                std::string(h.fix),
                                                std::string(h.severity),
                                                h.blocking,
                                                {"style", "hygiene"}});
    }
    // Rules that are code in their lens, not data.
    out.emplace("layer-violation",
                RuleInfo{"layer-violation",
                         "An import that a layer rule of .qa-skill.toml forbids.",
                         "Depend on an allowed layer instead, or change the layer rule in "
                         ".qa-skill.toml.",
                         "high",
                         true,
                         {"architecture"}});
    out.emplace("unused-suppression",
                RuleInfo{"unused-suppression",
                         "An inline qa-skill: allow directive that suppresses no finding.",
                         "Remove the directive, or name the rule it is for.",
                         "low",
                         false,
                         {"suppression"}});
    out.emplace("gate-weakened",
                RuleInfo{"gate-weakened",
                         "A change that weakens the gate itself: a lens or rule turned off, "
                         "files excluded, findings accepted by the baseline, an inline "
                         "suppression.",
                         "Nothing to fix if it is intended: it is shown so that a reviewer sees "
                         "it. Otherwise undo the change.",
                         "low",
                         false,
                         {"gate"}});
    out.emplace(
        "invalid-suppression",
        RuleInfo{"invalid-suppression",
                 "An inline qa-skill: allow directive that is malformed, gives no reason "
                 "or names no known rule, and so suppresses nothing.",
                 "Write `qa-skill: allow <rule-id> -- <reason>` in a comment, with the rule "
                 "id the report shows.",
                 "medium",
                 false,
                 {"suppression"}});
    return out;
}

void add_rules(std::map<std::string, RuleInfo>& catalog, std::span<const RuleSource> extra) {
    for (const RuleSource& source : extra) {
        const auto set = RuleSet::parse(source.text, source.name);
        for (const auto& r : set.rules()) {
            RuleInfo info{r.id, r.description, r.fix, r.severity, r.blocking, {source.lens}};
            info.tags.insert(info.tags.end(), r.languages.begin(), r.languages.end());
            catalog.emplace(r.id, std::move(info));
        }
    }
}

std::set<std::string> builtin_rule_ids() {
    std::set<std::string> out;
    for (const auto& [id, info] : builtin_rules()) {
        out.insert(id);
    }
    return out;
}

}  // namespace qa::rules

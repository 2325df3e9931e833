#include "lenses/builtin.hpp"

#include <algorithm>
#include <memory>
#include <vector>

#include "contracts/enums.hpp"
#include "lenses/catalog.hpp"
#include "lenses/layering_lens.hpp"
#include "lenses/rule_lens.hpp"
#include "plan/registry.hpp"
#include "util/embedded_files.hpp"

namespace qa::lenses {
namespace {

bool has_rules_file(std::string_view lens_id) {
    return util::find_embedded("lenses/" + std::string(lens_id) + "/rules.toml").has_value();
}

bool has_sub_lens(const plan::LensEntry& entry, std::string_view sub) {
    return std::any_of(entry.subLenses.begin(), entry.subLenses.end(),
                       [&](const plan::SubLensEntry& s) { return s.subLensId == sub; });
}

/// Which rules a sub-lens of `lens_id` runs.
RuleLens::RuleSelector selector_for(const std::string& lens_id) {
    if (lens_id == "security") {
        // Credential rules apply to every file (no languages); unsafe-code rules are per
        // language. The sub-lens decides which of the two families runs.
        // TODO(rules data): declare the sub-lens in each rule instead of inferring it.
        return [](const std::optional<std::string>& sub, const rules::Rule& rule) {
            if (rule.lens != "security") {
                return false;
            }
            if (sub == std::optional<std::string>("secrets")) {
                return rule.languages.empty();
            }
            if (sub == std::optional<std::string>("unsafe-code")) {
                return !rule.languages.empty();
            }
            return true;
        };
    }
    return [lens_id](const std::optional<std::string>&, const rules::Rule& rule) {
        return rule.lens == lens_id;
    };
}

/// The built-in catalog: rule lenses from their embedded rules files (all compiled together:
/// one set pass and one read of each file serve them all, and their credential rules mask
/// what they find in every rule lens's snippets), the layering lens for a rule lens without a
/// rules file. Model, execution and external kinds register their factories here.
Catalog make_builtin_catalog() {
    const auto& registry = plan::builtin_registry();
    std::vector<std::string_view> rule_lenses;
    for (const auto& entry : registry.lenses) {
        if (entry.kind == "rule" && has_rules_file(entry.lensId)) {
            rule_lenses.push_back(entry.lensId);
        }
    }
    const auto rules =
        std::make_shared<const rules::RuleSet>(rules::RuleSet::from_embedded_lenses(rule_lenses));
    Catalog catalog;
    catalog.add_kind(
        dispatch::LensKind::rule,
        [rules](const plan::LensEntry& entry) -> std::unique_ptr<const dispatch::Lens> {
            if (!has_rules_file(entry.lensId)) {
                return std::make_unique<LayeringLens>(entry.lensVersion);
            }
            return std::make_unique<RuleLens>(entry.lensId, rules, selector_for(entry.lensId),
                                              has_sub_lens(entry, "hygiene"), rules);
        });
    catalog.build(registry);
    return catalog;
}

}  // namespace

const dispatch::Lens* builtin_lens(std::string_view lens_id) {
    // Immutable after construction; C++ guarantees a thread-safe one-time initialisation.
    static const Catalog catalog = make_builtin_catalog();
    return catalog.find(lens_id);
}

}  // namespace qa::lenses

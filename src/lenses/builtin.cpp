#include "lenses/builtin.hpp"

#include <algorithm>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "contracts/enums.hpp"
#include "lenses/catalog.hpp"
#include "lenses/external/external_lens.hpp"
#include "lenses/gate_lens.hpp"
#include "lenses/layering_lens.hpp"
#include "lenses/model/model_lens.hpp"
#include "lenses/model/model_sub_lenses.hpp"
#include "lenses/phase_lens.hpp"
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

/// The embedded rules file of each rule lens, then `extra` (a repository's own rules files,
/// whose rules join the security lens).
std::vector<rules::RuleSource> rule_sources(const plan::Registry& registry,
                                            std::span<const rules::RuleSource> extra) {
    std::vector<rules::RuleSource> out;
    for (const auto& entry : registry.lenses) {
        const std::string path = "lenses/" + entry.lensId + "/rules.toml";
        if (entry.kind == "rule") {
            if (const auto text = util::find_embedded(path)) {
                out.push_back(rules::RuleSource{*text, path, entry.lensId, true});
            }
        }
    }
    for (const auto& source : extra) {
        out.push_back(rules::RuleSource{source.text, source.name, "security"});
    }
    return out;
}

/// The built-in catalog: rule lenses from their embedded rules files and `extra` (all compiled
/// together: one set pass and one read of each file serve them all, and their credential rules
/// mask what they find in every rule lens's snippets), the layering lens for a rule lens
/// without a rules file, the model lens for model-kind entries. Execution and external kinds
/// register their factories here.
Catalog make_builtin_catalog(std::span<const rules::RuleSource> extra = {}) {
    const auto& registry = plan::builtin_registry();
    const auto rules = std::make_shared<const rules::RuleSet>(
        rules::RuleSet::parse(rule_sources(registry, extra)));
    // The model lens serves every model-kind entry and the model sub-lenses of the others:
    // prompt and binding come with the plan and its settings. Its credential masking reuses the
    // compiled security rules.
    const auto secrets = std::make_shared<const model::SecretLines>(rules);
    Catalog catalog;
    catalog.add_kind(
        dispatch::LensKind::rule,
        [rules, secrets](const plan::LensEntry& entry) -> std::unique_ptr<const dispatch::Lens> {
            if (entry.lensId == "gate") {
                return std::make_unique<GateLens>();
            }
            if (!has_rules_file(entry.lensId)) {
                return std::make_unique<LayeringLens>(entry.lensVersion);
            }
            auto lens = std::make_unique<RuleLens>(entry.lensId, rules, selector_for(entry.lensId),
                                                   has_sub_lens(entry, "hygiene"), rules);
            std::set<std::string, std::less<>> model_subs;
            for (const auto& sub : entry.subLenses) {
                if (sub.model && sub.subLensId) {
                    model_subs.insert(*sub.subLensId);
                }
            }
            if (model_subs.empty()) {
                return lens;
            }
            return std::make_unique<model::WithModelSubLenses>(
                std::move(lens), std::make_unique<model::ModelLens>(secrets),
                std::move(model_subs));
        });
    catalog.add_kind(dispatch::LensKind::execution,
                     [](const plan::LensEntry& entry) -> std::unique_ptr<const dispatch::Lens> {
                         if (entry.lensId == "phase") {
                             return std::make_unique<PhaseLens>();
                         }
                         return nullptr;
                     });
    catalog.add_kind(dispatch::LensKind::model,
                     [secrets](const plan::LensEntry&) -> std::unique_ptr<const dispatch::Lens> {
                         return std::make_unique<model::ModelLens>(secrets);
                     });
    catalog.build(registry);
    // Its credential rules mask what an external program quotes in its answer.
    catalog.set_external(std::make_unique<external::ExternalLens>(rules));
    return catalog;
}

const Catalog& builtin_catalog() {
    // Immutable after construction; C++ guarantees a thread-safe one-time initialisation.
    static const Catalog catalog = make_builtin_catalog();
    return catalog;
}

}  // namespace

std::shared_ptr<const Catalog> catalog_with_rules(std::span<const rules::RuleSource> extra) {
    return std::make_shared<const Catalog>(make_builtin_catalog(extra));
}

const dispatch::Lens* builtin_lens(std::string_view lens_id) {
    return builtin_catalog().find(lens_id);
}

dispatch::LensLookup lens_lookup(const dispatch::RunInput& input,
                                 std::shared_ptr<const Catalog> own) {
    return [&input, own = std::move(own)](const std::string& lens_id) -> const dispatch::Lens* {
        // The built-in catalog is asked for only now: its rules compile on first use.
        const Catalog& catalog = own ? *own : builtin_catalog();
        const dispatch::LensInput* settings = input.lens(lens_id);
        if (settings != nullptr && settings->kind == dispatch::LensKind::external) {
            return catalog.external();
        }
        return catalog.find(lens_id);
    };
}

}  // namespace qa::lenses

#include "lenses/builtin.hpp"

#include <algorithm>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "contracts/enums.hpp"
#include "lenses/catalog.hpp"
#include "lenses/consistency/guidance_prompt.hpp"
#include "lenses/consistency/rubric_lens.hpp"
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

/// The engine of the lenses made of data rules (lenses/<id>/rules.toml).
constexpr const char* kRulesEngine = "rules";

/// The sub-lenses of `entry` its rules may name (`sub_lens`): all but the model ones.
std::vector<std::string> rule_sub_lenses(const plan::LensEntry& entry) {
    std::vector<std::string> out;
    for (const auto& sub : entry.subLenses) {
        if (sub.subLensId && !sub.model) {
            out.push_back(*sub.subLensId);
        }
    }
    return out;
}

/// Which rules a plan of `lens_id` runs: the lens's, and of those the ones that name the plan's
/// sub-lens (`sub_lens` in their rules file).
RuleLens::RuleSelector selector_for(const std::string& lens_id) {
    return [lens_id](const std::optional<std::string>& sub, const rules::Rule& rule) {
        return rule.lens == lens_id && (!sub || rule.subLens == *sub);
    };
}

/// The embedded rules file of each lens the rule engine serves, then `extra` (a repository's own
/// rules files, each naming the lens its rules join).
std::vector<rules::RuleSource> rule_sources(const plan::Registry& registry,
                                            std::span<const rules::RuleSource> extra) {
    std::vector<rules::RuleSource> out;
    for (const auto& entry : registry.lenses) {
        const std::string path = "lenses/" + entry.lensId + "/rules.toml";
        if (entry.engine == kRulesEngine) {
            if (const auto text = util::find_embedded(path)) {
                rules::RuleSource source{*text, path, entry.lensId, true};
                source.subLenses = rule_sub_lenses(entry);
                source.examples = false;  // a run never checks them: half the text to parse
                out.push_back(std::move(source));
            }
        }
    }
    for (const auto& source : extra) {
        out.push_back(source);
        if (const plan::LensEntry* entry = registry.find(source.lens)) {
            out.back().subLenses = rule_sub_lenses(*entry);
        }
    }
    return out;
}

/// The catalog of `registry`: each lens built by the engine its entry declares. The rules
/// engine's lenses from their embedded rules files and `extra` (all compiled together: one set
/// pass and one read of each file serve them all, and their credential rules mask what they
/// find in every rule lens's snippets).
Catalog build_catalog(const plan::Registry& registry, std::span<const rules::RuleSource> extra) {
    const auto rules = std::make_shared<const rules::RuleSet>(
        rules::RuleSet::parse(rule_sources(registry, extra)));
    // The model lens serves every model-kind entry and the model sub-lenses of the others:
    // prompt and binding come with the plan and its settings. Its credential masking reuses the
    // compiled security rules.
    const auto secrets = std::make_shared<const model::SecretLines>(rules);
    Catalog catalog;
    catalog.add(
        input::LensKind::rule, kRulesEngine,
        [rules, secrets](const plan::LensEntry& entry) -> std::unique_ptr<const lenses::api::Lens> {
            auto lens = std::make_unique<RuleLens>(entry.lensId, rules, selector_for(entry.lensId),
                                                   runs_hygiene(entry), rules);
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
    // The consistency lens: its frozen rubric's checks, and its guidance judged by a model when
    // the lens names a provider.
    catalog.add(input::LensKind::rule, "rubric",
                [secrets](const plan::LensEntry&) -> std::unique_ptr<const lenses::api::Lens> {
                    return std::make_unique<model::WithModelSubLenses>(
                        std::make_unique<consistency::RubricLens>(),
                        std::make_unique<model::ModelLens>(secrets, consistency::guidance_for),
                        std::set<std::string, std::less<>>{"guidance"});
                });
    catalog.add(input::LensKind::rule, "gate",
                [](const plan::LensEntry&) -> std::unique_ptr<const lenses::api::Lens> {
                    return std::make_unique<GateLens>();
                });
    catalog.add(input::LensKind::rule, "layering",
                [](const plan::LensEntry& entry) -> std::unique_ptr<const lenses::api::Lens> {
                    return std::make_unique<LayeringLens>(entry.lensVersion);
                });
    catalog.add(input::LensKind::execution, "phase",
                [rules](const plan::LensEntry&) -> std::unique_ptr<const lenses::api::Lens> {
                    return std::make_unique<PhaseLens>(rules);
                });
    catalog.add(input::LensKind::model, "model",
                [secrets](const plan::LensEntry&) -> std::unique_ptr<const lenses::api::Lens> {
                    return std::make_unique<model::ModelLens>(secrets);
                });
    catalog.build(registry);
    // Its credential rules mask what an external program quotes in its answer.
    catalog.set_external(std::make_unique<external::ExternalLens>(rules));
    return catalog;
}

}  // namespace

std::shared_ptr<const Catalog> make_catalog(const plan::Registry& registry,
                                            std::span<const rules::RuleSource> extra) {
    return std::make_shared<const Catalog>(build_catalog(registry, extra));
}

lenses::api::LensLookup lens_lookup(const input::RunInput& input,
                                    std::shared_ptr<const Catalog> catalog) {
    return [&input,
            catalog = std::move(catalog)](const std::string& lens_id) -> const lenses::api::Lens* {
        const input::LensInput* settings = input.lens(lens_id);
        if (settings != nullptr && settings->kind == input::LensKind::external) {
            return catalog->external();
        }
        return catalog->find(lens_id);
    };
}

}  // namespace qa::lenses

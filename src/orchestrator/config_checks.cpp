#include "orchestrator/config_checks.hpp"

#include "lenses/model/binding_check.hpp"
#include "lenses/own_rules.hpp"
#include "lenses/phase_options.hpp"
#include "orchestrator/frozen_rubric.hpp"
#include "plan/run_registry.hpp"
#include "plan/sub_lens_check.hpp"
#include "rules/catalog.hpp"
#include "verdict/rule_overrides.hpp"

namespace qa::orchestrator {

std::vector<std::string> check_config(const config::Config& config, const plan::Registry& registry,
                                      const providers::KeyLookup& keys) {
    // Sub-lens tables name sub-lenses of the run's lenses (the reader knows only lens ids).
    plan::check_sub_lens_settings(config, plan::run_registry(registry, config));
    auto notes = lenses::model::check_model_bindings(config, registry, keys);
    // Checked whether or not this commit plans the phase lens: a configuration is valid or not.
    lenses::check_phase_options(config);
    // A draft, missing or tampered rubric is a configuration error now, before any lens runs.
    const auto rubric = frozen_rubric(config);
    if (!config.rules.empty()) {
        auto known = rules::builtin_rule_ids();
        known.merge(lenses::own_rule_ids(config));
        known.merge(rubric_rule_ids(rubric.get()));
        verdict::check_rule_ids(config, known);
    }
    return notes;
}

}  // namespace qa::orchestrator

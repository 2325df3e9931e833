#include "prepare/config_checks.hpp"

#include "lenses/own_rules.hpp"
#include "lenses/phase_options.hpp"
#include "prepare/binding_check.hpp"
#include "prepare/frozen_rubric.hpp"
#include "prepare/run_registry.hpp"
#include "prepare/sub_lens_check.hpp"
#include "rules/catalog.hpp"
#include "util/suggest.hpp"

namespace qa::prepare {
namespace {

/// Throws settings::ConfigError, naming the table's position, for a `[rules.<id>]` whose id is not
/// in `known_ids`.
void check_rule_ids(const config::Config& config, const std::set<std::string>& known_ids) {
    for (const auto& [id, o] : config.rules) {
        if (known_ids.count(id) == 0) {
            const std::vector<std::string> ids(known_ids.begin(), known_ids.end());
            throw settings::ConfigError(config.source, o.line, o.column, "rules." + id,
                                        "no rule has this id" + util::did_you_mean(id, ids) +
                                            "; `qa-skill rules list` lists every rule id");
        }
    }
}

/// `[lenses.phase.options]` that cannot work, as a settings::ConfigError (exit 2) at the key's
/// file:line:col (its value's, unless the key itself is unknown): checked whether or not a
/// commit plans the phase lens, so `qa-skill config check` and every run report it alike.
void check_phase_options(const config::Config& config) {
    const auto it = config.lenses.find("phase");
    if (it == config.lenses.end()) {
        return;
    }
    const config::LensSettings& phase = it->second;
    try {
        (void)lenses::parse_phase_options(phase.options);
    } catch (const lenses::PhaseOptionsError& e) {
        std::uint32_t line = phase.line;
        std::uint32_t column = phase.column;
        if (const auto at = phase.optionPositions.find(e.option());
            at != phase.optionPositions.end()) {
            line = e.unknown_key() ? at->second.keyLine : at->second.valueLine;
            column = e.unknown_key() ? at->second.keyColumn : at->second.valueColumn;
        }
        throw settings::ConfigError(
            config.source, line, column,
            "lenses.phase.options" + (e.option().empty() ? std::string() : "." + e.option()),
            e.problem());
    }
}

}  // namespace

std::vector<std::string> check_config(const config::Config& config, const plan::Registry& registry,
                                      const providers::KeyLookup& keys) {
    // Sub-lens tables name sub-lenses of the run's lenses (the reader knows only lens ids).
    check_sub_lens_settings(config, run_registry(registry, config));
    auto notes = check_model_bindings(config, registry, keys);
    // Checked whether or not this commit plans the phase lens: a configuration is valid or not.
    check_phase_options(config);
    // A draft, missing or tampered rubric is a configuration error now, before any lens runs.
    const auto rubric = frozen_rubric(config);
    if (!config.rules.empty()) {
        auto known = rules::builtin_rule_ids();
        known.merge(lenses::own_rule_ids(config.rulesFiles));
        known.merge(rubric_rule_ids(rubric.get()));
        check_rule_ids(config, known);
    }
    return notes;
}

}  // namespace qa::prepare

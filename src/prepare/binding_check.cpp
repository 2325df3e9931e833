#include "prepare/binding_check.hpp"

#include <algorithm>

namespace qa::prepare {
namespace {

/// Whether a model judges a required plan of `entry`: the lens itself when it is a model lens,
/// else one of its model sub-lenses (`[lenses.<id>.<sub>] required` over the lens's own).
bool model_review_required(const plan::LensEntry& entry, const config::LensSettings& settings) {
    if (entry.kind == input::LensKind::model) {
        return settings.required;
    }
    return std::any_of(entry.subLenses.begin(), entry.subLenses.end(), [&](const auto& sub) {
        return sub.model && settings.required_for(sub.subLensId);
    });
}

}  // namespace

std::vector<std::string> check_model_bindings(const config::Config& config,
                                              const plan::Registry& registry,
                                              const providers::KeyLookup& keys) {
    std::vector<std::string> notes;
    for (const auto& entry : registry.lenses) {
        const bool model_subs = std::any_of(entry.subLenses.begin(), entry.subLenses.end(),
                                            [](const auto& sub) { return sub.model; });
        if (entry.kind != input::LensKind::model && !model_subs) {
            continue;
        }
        const auto settings = config.lenses.find(entry.lensId);
        if (settings == config.lenses.end() || !settings->second.enabled) {
            continue;
        }
        if (entry.kind != input::LensKind::model && !settings->second.provider) {
            continue;  // its model sub-lenses are planned only with a provider
        }
        const std::string key = "lenses." + entry.lensId + ".provider";
        if (!settings->second.provider) {
            throw settings::ConfigError(
                config.source, settings->second.line, settings->second.column, key,
                "the model lens '" + entry.lensId + "' is enabled but names no provider binding");
        }
        const auto binding =
            std::find_if(config.providers.begin(), config.providers.end(),
                         [&](const auto& p) { return p.bindingId == *settings->second.provider; });
        if (binding == config.providers.end()) {
            throw settings::ConfigError(
                config.source, settings->second.line, settings->second.column, key,
                "no [providers." + *settings->second.provider + "] table defines this binding");
        }
        if (!keys(binding->apiKeyEnv) && !model_review_required(entry, settings->second)) {
            notes.push_back("the optional lens '" + entry.lensId + "' runs degraded, without its " +
                            "model review, wherever " + binding->apiKeyEnv +
                            " is not set (providers." + binding->bindingId + ".api_key_env)");
            continue;
        }
        if (!keys(binding->apiKeyEnv)) {
            throw settings::ConfigError(config.source, binding->line, binding->column,
                                        "providers." + binding->bindingId + ".api_key_env",
                                        "the environment variable " + binding->apiKeyEnv +
                                            " is not set: the model lens '" + entry.lensId +
                                            "' cannot call its provider");
        }
    }
    return notes;
}

}  // namespace qa::prepare

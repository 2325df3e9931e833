#include "lenses/model/model_run.hpp"

#include <algorithm>

#include "providers/binding.hpp"

namespace qa::lenses::model {

namespace {

std::vector<std::int64_t> model_plan_order(const plan::Registry& registry,
                                           const std::vector<contracts::LensPlan>& plans) {
    std::vector<std::int64_t> order;
    for (const auto& p : plans) {
        const plan::LensEntry* entry = registry.find(p.lensId);
        if (entry != nullptr && entry->kind == "model") {
            order.push_back(p.planOrdinal);
        }
    }
    return order;
}

}  // namespace

ModelLensRun::ModelLensRun(const config::Config& config, const plan::Registry& registry,
                           const std::vector<contracts::LensPlan>& plans,
                           std::optional<std::filesystem::path> cache_dir)
    : client_(http_, sleeper_),
      ledger_(config.runMaxTokens, config.runMaxCostUsd, model_plan_order(registry, plans)),
      services_{client_, ledger_, nullptr, &provenance_, {},
                static_cast<std::size_t>(config.maxContextBytes)} {
    if (cache_dir) {
        cache_.emplace(*cache_dir);
        services_.cache = &*cache_;
    }
    for (const auto& p : config.providers) {
        services_.bindings.emplace(p.bindingId, providers::binding_from(p));
    }
    for (const auto& entry : registry.lenses) {
        if (entry.kind != "model") {
            continue;
        }
        const auto lens_class =
            contracts::enum_from_string<contracts::LensClass>(entry.lensClass)
                .value_or(contracts::LensClass::consistency);
        lenses_.emplace(entry.lensId, std::make_unique<ModelLens>(entry.lensId, entry.lensVersion,
                                                                  lens_class, services_));
    }
}

const dispatch::Lens* ModelLensRun::lens(std::string_view lens_id) const {
    const auto it = lenses_.find(lens_id);
    return it == lenses_.end() ? nullptr : it->second.get();
}

void check_model_bindings(const config::Config& config, const plan::Registry& registry,
                          const providers::KeyLookup& keys) {
    for (const auto& entry : registry.lenses) {
        if (entry.kind != "model") {
            continue;
        }
        const auto settings = config.lenses.find(entry.lensId);
        if (settings == config.lenses.end() || !settings->second.enabled) {
            continue;
        }
        const std::string key = "lenses." + entry.lensId + ".provider";
        if (!settings->second.provider) {
            throw config::ConfigError(config.source, 0, 0, key,
                                      "the model lens '" + entry.lensId +
                                          "' is enabled but names no provider binding");
        }
        const auto binding =
            std::find_if(config.providers.begin(), config.providers.end(),
                         [&](const auto& p) { return p.bindingId == *settings->second.provider; });
        if (binding == config.providers.end()) {
            throw config::ConfigError(config.source, 0, 0, key,
                                      "no [providers." + *settings->second.provider +
                                          "] table defines this binding");
        }
        if (!keys(binding->apiKeyEnv)) {
            throw config::ConfigError(
                config.source, 0, 0, "providers." + binding->bindingId + ".api_key_env",
                "the environment variable " + binding->apiKeyEnv +
                    " is not set: the model lens '" + entry.lensId + "' cannot call its provider");
        }
    }
}

}  // namespace qa::lenses::model

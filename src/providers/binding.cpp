#include "providers/binding.hpp"

#include "settings/provider.hpp"

namespace qa::providers {

Binding binding_from(const settings::ProviderSettings& settings) {
    Binding b;
    b.pinned.bindingId = settings.bindingId;
    b.pinned.adapterId = settings.adapter;
    b.pinned.adapterVersion = std::string(kAdapterVersion);
    b.pinned.modelId = settings.model;
    b.pinned.maxTokens = settings.maxTokens;
    b.pinned.seed = settings.seed;
    b.pinned.timeoutMs = settings.timeoutMs;
    b.baseUrl = settings.baseUrl;
    b.apiKeyEnv = settings.apiKeyEnv;
    b.api = settings.api;
    b.sampling = settings.sampling;
    if (settings.inputUsdPerMtok && settings.outputUsdPerMtok) {
        b.prices = PriceTable{*settings.inputUsdPerMtok, *settings.outputUsdPerMtok};
    }
    return b;
}

}  // namespace qa::providers

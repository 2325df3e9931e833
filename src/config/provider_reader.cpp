#include "config/provider_reader.hpp"

#include <cstdint>
#include <string>

#include "config/settings_reader.hpp"

namespace qa::config {
namespace {

settings::ProviderSettings read_provider(util::TomlReader& r, std::string binding_id) {
    settings::ProviderSettings p;
    p.bindingId = std::move(binding_id);
    for (const auto key : {"adapter", "model", "api_key_env"}) {
        if (!r.contains(key)) {
            r.fail_at(r.raw().source(), r.full_key(key), "required key is missing");
        }
    }
    assign(read_enum<contracts::AdapterId>(r, "adapter"), p.adapter);
    assign(r.string("model"), p.model);
    assign(r.string("base_url"), p.baseUrl);
    assign(r.string("api_key_env"), p.apiKeyEnv);
    assign(r.integer("timeout_ms", 1, 3600000), p.timeoutMs);
    assign(r.integer("max_tokens", 1, 10000000), p.maxTokens);
    // Artifacts are JSON, whose integers are exact up to 2^53: a larger seed could not be
    // recorded as given.
    constexpr std::int64_t kMaxSeed = INT64_C(1) << 53;
    assign(r.integer("seed", -kMaxSeed, kMaxSeed), p.seed);
    if (const toml::node* api = r.get("api");
        api != nullptr && p.adapter != contracts::AdapterId::openai_codex) {
        r.fail_at(api->source(), r.full_key("api"), "only an openai-codex binding has an api");
    }
    assign(read_enum<settings::OpenAiApi>(r, "api"), p.api);
    assign(r.boolean("sampling"), p.sampling);
    read_cost(r, "input_usd_per_mtok", p.inputUsdPerMtok);
    read_cost(r, "output_usd_per_mtok", p.outputUsdPerMtok);
    if (p.inputUsdPerMtok.has_value() != p.outputUsdPerMtok.has_value()) {
        const std::string_view given =
            p.inputUsdPerMtok ? "input_usd_per_mtok" : "output_usd_per_mtok";
        r.fail_at(r.get(given)->source(), r.full_key(given),
                  "a price table needs both input_usd_per_mtok and output_usd_per_mtok");
    }
    // As the providers' SDKs spell them: OpenAI's base includes the version path.
    if (p.baseUrl.empty()) {
        p.baseUrl = std::string(p.adapter == contracts::AdapterId::openai_codex
                                    ? settings::defaults::kOpenAiBaseUrl
                                    : settings::defaults::kAnthropicBaseUrl);
    }
    while (p.baseUrl.size() > 1 && p.baseUrl.back() == '/') {
        p.baseUrl.pop_back();
    }
    r.reject_unknown();
    return p;
}

}  // namespace

void read_providers(util::TomlReader& root, Config& config) {
    const toml::table* providers = root.table("providers");
    if (providers == nullptr) {
        return;
    }
    for (const auto& [key, node] : *providers) {
        const std::string full = "providers." + std::string(key.str());
        if (!node.is_table()) {
            root.fail_at(node.source(), full,
                         "expected a table, got " + util::toml_type_name(node));
        }
        util::TomlReader provider = root.nested(*node.as_table(), full);
        config.providers.push_back(read_provider(provider, std::string(key.str())));
        config.providers.back().line = key.source().begin.line;
        config.providers.back().column = key.source().begin.column;
    }
}

}  // namespace qa::config

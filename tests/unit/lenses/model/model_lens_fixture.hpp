#pragma once

/// A model lens run without git: an in-memory change, a plan, the run's services, and the
/// provider test server behind them.

#include <atomic>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include "cache/store.hpp"
#include "cache/tiered.hpp"

#include "config/config.hpp"
#include "contracts/types.hpp"
#include "lenses/api/lens.hpp"
#include "lenses/api/provenance.hpp"
#include "lenses/api/services.hpp"
#include "lenses/model/budget_ledger.hpp"
#include "lenses/model/model_lens.hpp"
#include "providers/http_client.hpp"
#include "providers/provider_client.hpp"
#include "support/builtin_lenses.hpp"
#include "support/git_fixture.hpp"
#include "support/memory_changes.hpp"
#include "support/provider_server.hpp"
#include "unit/providers/provider_test_support.hpp"
#include "util/cancellation.hpp"

namespace qa::test {

/// The model lens tests' name for the shared in-memory change.
using MemoryChanges = MemoryChangeSource;

inline contracts::LensPlan model_plan(std::int64_t ordinal, const std::string& lens_id,
                                      const std::string& binding_id, std::vector<std::string> files,
                                      bool required = true) {
    contracts::LensPlan p;
    p.planOrdinal = ordinal;
    p.lensId = lens_id;
    p.lensVersion = "1.0.0";
    p.lensClass = lens_id == "consistency" ? contracts::LensClass::consistency
                                           : contracts::LensClass::performance;
    p.required = required;
    p.blockingPolicy = contracts::BlockingPolicy::severity_threshold;
    p.providerBindingId = binding_id;
    p.changedFiles = std::move(files);
    p.scopeDigest = std::string(64, '0');
    p.maxInputTokens = 40000;
    p.maxOutputTokens = 4000;
    p.overflowPolicy = contracts::OverflowPolicy::stop;
    return p;
}

/// The `[providers.<id>]` settings that give `binding` (binding_from's inverse).
inline settings::ProviderSettings provider_settings(const providers::Binding& binding) {
    settings::ProviderSettings p;
    p.bindingId = binding.pinned.bindingId;
    p.adapter = binding.pinned.adapterId;
    p.model = binding.pinned.modelId;
    p.baseUrl = binding.baseUrl;
    p.apiKeyEnv = binding.apiKeyEnv;
    p.timeoutMs = binding.pinned.timeoutMs;
    p.maxTokens = binding.pinned.maxTokens;
    p.seed = binding.pinned.seed;
    p.api = binding.api;
    p.sampling = binding.sampling;
    if (binding.prices) {
        p.inputUsdPerMtok = binding.prices->inputUsdPerMtok;
        p.outputUsdPerMtok = binding.prices->outputUsdPerMtok;
    }
    return p;
}

/// One run's worth of model-lens services against the test server, and the catalog's model
/// lens run through the lens API as the dispatcher runs it.
struct ModelRun {
    providers::HttpClient http;
    RecordingSleeper sleeper;
    providers::ProviderClient client;
    lenses::model::RunBudgetLedger ledger;
    lenses::api::ProvenanceLog provenance;
    std::optional<cache::TieredCache> tiered;  ///< the given store, with no team store
    lenses::api::Services services;
    input::RunInput input;
    input::LensInput settings;

    ModelRun(const providers::Binding& binding, cache::Store* store,
             std::vector<std::int64_t> order = {1}, std::int64_t run_max_tokens = 300000,
             std::size_t max_context_bytes = 8u << 20)
        : client(http, sleeper,
                 [](const std::string& name) -> std::optional<std::string> {
                     return name == kTestKeyEnv ? std::optional<std::string>(kTestKey)
                                                : std::nullopt;
                 }),
          ledger(run_max_tokens, 12.0, std::move(order)) {
        services.provider = &client;
        services.budget = &ledger;
        if (store != nullptr) {
            tiered.emplace(*store);
        }
        services.cache = tiered ? &*tiered : nullptr;
        services.provenance = &provenance;
        input.maxContextBytes = static_cast<std::int64_t>(max_context_bytes);
        settings.kind = input::LensKind::model;
        settings.required = true;
        settings.provider = provider_settings(binding);
    }

    contracts::LensResult run(const contracts::LensPlan& plan,
                              const lenses::api::ChangeSource& changes,
                              const std::string& lens_id = "performance") {
        const lenses::api::Lens* lens = qa::test::builtin_lens(lens_id);
        REQUIRE(lens != nullptr);
        const lenses::api::LensContext context{
            input, settings, changes, services,
            util::CancellationToken().with_deadline(std::chrono::steady_clock::now() +
                                                    std::chrono::minutes(5))};
        return lens->run(plan, context);
    }
};

}  // namespace qa::test

#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "cache/tiered.hpp"
#include "contracts/types.hpp"
#include "input/run_input.hpp"
#include "json/schema_validator.hpp"
#include "lenses/api/provenance.hpp"
#include "lenses/api/services.hpp"
#include "lenses/model/budget_ledger.hpp"
#include "providers/http_client.hpp"
#include "providers/provider_client.hpp"
#include "providers/sleeper.hpp"

namespace qa::lenses::model {

/// The services the model lenses of one checked change share, owned for the run's dispatch:
/// one HTTP client (its connections reused by every call), the run's budget ledger over the
/// model plans in queue order, the answer cache and the provenance log. offer() puts them in
/// the run's lenses::api::Services, where the model lenses find them.
class ModelServices {
  public:
    /// `plans` in queue order (as planned); `cache_dir` nullopt: no cache. `team`: the team
    /// stores in front of which the local cache stands, with their secrets, as prepare resolved
    /// them (team_cache_options); their answers are checked here (accept_sound_answers). `keys`:
    /// the API keys prepare read; nothing here reads the environment.
    ModelServices(const input::RunInput& input, const std::vector<contracts::LensPlan>& plans,
                  std::optional<std::filesystem::path> cache_dir, cache::TieredOptions team,
                  providers::KeyLookup keys, const log::Log* log = nullptr);
    ~ModelServices();
    ModelServices(const ModelServices&) = delete;
    ModelServices& operator=(const ModelServices&) = delete;

    /// Fills the provider, budget, cache and provenance slots of `services`.
    void offer(lenses::api::Services& services);
    /// provenance.v1 of the calls made or answered from the cache (see lenses::api::ProvenanceLog).
    const lenses::api::ProvenanceLog& provenance() const { return provenance_; }

  private:
    providers::HttpClient http_;
    providers::ThreadSleeper sleeper_;
    providers::ProviderClient client_;
    RunBudgetLedger ledger_;
    lenses::api::ProvenanceLog provenance_;
    json::SchemaValidator findings_;
    std::optional<cache::TieredCache> cache_;
};

/// Whether `plan` is judged by the model lens: a model lens's plan, or a model sub-lens's
/// (security/model-review).
bool is_model_plan(const input::RunInput& input, const contracts::LensPlan& plan);

/// The planOrdinals of the model plans, in queue order: the ledger's turns.
std::vector<std::int64_t> model_plan_order(const input::RunInput& input,
                                           const std::vector<contracts::LensPlan>& plans);

/// Whether any of `plans` is a model plan.
bool has_model_plans(const input::RunInput& input, const std::vector<contracts::LensPlan>& plans);

}  // namespace qa::lenses::model

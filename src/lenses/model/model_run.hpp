#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cache/store.hpp"
#include "config/config.hpp"
#include "contracts/types.hpp"
#include "dispatch/lens.hpp"
#include "json/value.hpp"
#include "lenses/model/budget_ledger.hpp"
#include "lenses/model/model_lens.hpp"
#include "lenses/model/provenance.hpp"
#include "plan/registry.hpp"
#include "providers/http_client.hpp"
#include "providers/provider_client.hpp"
#include "providers/sleeper.hpp"

namespace qa::lenses::model {

/// The model lenses of one run with the services they share: one HTTP client (its connections
/// reused by every call of the run), the run's budget ledger over the plans in queue order, the
/// answer cache under `cache_dir` and the provenance log. Lives as long as the run's dispatch.
class ModelLensRun {
  public:
    /// `plans` in queue order (as planned); `cache_dir` nullopt: no cache.
    ModelLensRun(const config::Config& config, const plan::Registry& registry,
                 const std::vector<contracts::LensPlan>& plans,
                 std::optional<std::filesystem::path> cache_dir);
    ModelLensRun(const ModelLensRun&) = delete;
    ModelLensRun& operator=(const ModelLensRun&) = delete;

    /// The model lens `lens_id`, or nullptr when it is not a model lens.
    const dispatch::Lens* lens(std::string_view lens_id) const;
    /// provenance.v1 of the calls made (or answered from the cache); see ProvenanceLog.
    json::Value provenance() const { return provenance_.to_json(); }
    bool made_calls() const { return provenance_.size() > 0; }

  private:
    providers::HttpClient http_;
    providers::ThreadSleeper sleeper_;
    providers::ProviderClient client_;
    BudgetLedger ledger_;
    ProvenanceLog provenance_;
    std::optional<cache::Store> cache_;
    ModelServices services_;
    std::map<std::string, std::unique_ptr<ModelLens>, std::less<>> lenses_;
};

/// Enabling a model lens without a usable binding is a configuration error at load time, not a
/// failure at dispatch: an enabled model lens must name a provider (`[lenses.<id>] provider`)
/// whose `api_key_env` variable is set. Throws config::ConfigError naming the key.
void check_model_bindings(const config::Config& config, const plan::Registry& registry,
                          const providers::KeyLookup& keys = providers::environment_key);

}  // namespace qa::lenses::model

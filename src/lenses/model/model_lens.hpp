#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "cache/store.hpp"
#include "dispatch/lens.hpp"
#include "json/schema_validator.hpp"
#include "lenses/model/budget_ledger.hpp"
#include "lenses/model/provenance.hpp"
#include "lenses/model/secret_lines.hpp"
#include "providers/binding.hpp"
#include "providers/provider_client.hpp"

namespace qa::lenses::model {

/// What the model lenses of one run share: the provider client (one connection pool), the run's
/// budget ledger, the answer cache (optional) and the provenance log. Owned by the run.
struct ModelServices {
    const providers::ProviderClient& client;
    BudgetLedger& ledger;
    cache::Store* cache = nullptr;  ///< nullptr: no caching (put() is non-const)
    ProvenanceLog* provenance = nullptr;
    std::map<std::string, providers::Binding> bindings;  ///< by bindingId
    std::size_t maxContextBytes = 8u << 20;
};

/// A lens judged by a model (performance, consistency, security/model-review): builds the masked,
/// bounded context packet of its plan, reserves budget, asks the bound provider (or the cache)
/// for a model-findings.v1 answer and anchors the findings to the lens's mode.
///
/// Lens options (`[lenses.<id>.options]`): `block_at` (severity from which a finding blocks,
/// default "high"), `cache_ttl_minutes` (default 7 days).
class ModelLens final : public dispatch::Lens {
  public:
    ModelLens(std::string id, std::string version, contracts::LensClass lens_class,
              const ModelServices& services);

    std::string_view id() const override { return id_; }
    std::string_view version() const override { return version_; }
    contracts::LensClass lens_class() const override { return class_; }
    contracts::LensResult run(const contracts::LensPlan& plan,
                              const dispatch::LensContext& context) const override;

  private:
    std::string id_;
    std::string version_;
    contracts::LensClass class_;
    const ModelServices& services_;
    json::SchemaValidator findings_;
    SecretLines secrets_;
};

/// model-findings.v1 as sent to providers: without the keywords strict structured outputs
/// reject ($schema, $id, title, description).
json::Value findings_schema_for_providers();

}  // namespace qa::lenses::model

#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "json/lazy_schema.hpp"
#include "json/value.hpp"
#include "lenses/api/lens.hpp"
#include "lenses/model/prompt_template.hpp"
#include "lenses/model/secret_lines.hpp"

namespace qa::lenses::model {

/// A lens judged by a model (performance, consistency): builds the masked, bounded context
/// packet of its plan, reserves budget, asks the bound provider (or the answer cache) for a
/// model-findings.v1 answer and anchors the findings to the lens's mode.
///
/// Everything per run comes from the LensContext: the binding (settings.provider), the
/// provider client, budget ledger, answer cache and provenance log (services), the packet bound
/// (run.maxContextBytes) and the cancellation token. A missing client or ledger fails the plan
/// with a code; it never passes.
///
/// Settings (`[lenses.<id>]`): `block_at` (severity from which a finding blocks, default
/// "high"), `cache_ttl_minutes` (how long an answer is replayed, default 7 days; 0: never).
class ModelLens final : public lenses::api::Lens {
  public:
    /// Composes a plan's instructions; nullopt when it cannot (the plan then fails).
    using InstructionsFor = std::function<std::optional<Instructions>(
        const contracts::LensPlan&, const lenses::api::LensContext&, const SecretLines&)>;

    explicit ModelLens(std::shared_ptr<const SecretLines> secrets);
    /// A model lens whose instructions `instructions` composes instead of an embedded template.
    ModelLens(std::shared_ptr<const SecretLines> secrets, InstructionsFor instructions);

    contracts::LensResult run(const contracts::LensPlan& plan,
                              const lenses::api::LensContext& context) const override;

  private:
    std::shared_ptr<const SecretLines> secrets_;
    json::LazySchema findings_;  ///< model-findings.v1, compiled when an answer comes
    InstructionsFor instructions_;
};

/// model-findings.v1 as sent to providers: without the keywords strict structured outputs
/// reject ($schema, $id, title, description).
json::Value findings_schema_for_providers();

}  // namespace qa::lenses::model

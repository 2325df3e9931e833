#include "lenses/model/model_services.hpp"

#include <algorithm>

#include "cache/stats.hpp"
#include "lenses/model/team_cache.hpp"

namespace qa::lenses::model {

bool is_model_plan(const input::RunInput& input, const contracts::LensPlan& plan) {
    const input::LensInput* lens = input.lens(plan.lensId);
    if (lens != nullptr && lens->kind == input::LensKind::model) {
        return true;
    }
    return lens != nullptr && plan.subLensId && lens->modelSubLensIds.count(*plan.subLensId) > 0;
}

std::vector<std::int64_t> model_plan_order(const input::RunInput& input,
                                           const std::vector<contracts::LensPlan>& plans) {
    std::vector<std::int64_t> order;
    for (const auto& p : plans) {
        if (is_model_plan(input, p)) {
            order.push_back(p.planOrdinal);
        }
    }
    return order;
}

bool has_model_plans(const input::RunInput& input, const std::vector<contracts::LensPlan>& plans) {
    return !model_plan_order(input, plans).empty();
}

ModelServices::ModelServices(const input::RunInput& input,
                             const std::vector<contracts::LensPlan>& plans,
                             std::optional<std::filesystem::path> cache_dir,
                             cache::TieredOptions team, providers::KeyLookup keys,
                             const log::Log* log)
    : client_(http_, sleeper_, std::move(keys), log),
      ledger_(input.skill.runBudgetMaxTokens, input.skill.runBudgetMaxCostUsd,
              model_plan_order(input, plans)),
      findings_(json::SchemaValidator::embedded("model-findings.v1")) {
    if (cache_dir) {
        accept_sound_answers(team, findings_);
        cache_.emplace(cache::Store(*cache_dir), std::move(team));
        // Expired answers no lookup will meet again go now, not never.
        cache_->local().prune(cache::now_seconds());
    }
}

ModelServices::~ModelServices() {
    if (cache_) {
        const cache::Counters c = cache_->counters();
        if (c.localHits + c.remoteHits + c.misses + c.remoteErrors + c.remoteWrites > 0) {
            cache::add_counters(cache_->local().directory(), c);
        }
    }
}

void ModelServices::offer(lenses::api::Services& services) {
    services.provider = &client_;
    services.budget = &ledger_;
    services.cache = cache_ ? &*cache_ : nullptr;
    services.provenance = &provenance_;
}

}  // namespace qa::lenses::model

#include "lenses/model/provenance.hpp"

namespace qa::lenses::model {

void ProvenanceLog::record(std::int64_t plan_ordinal, CallProvenance entry) {
    std::lock_guard lock(mutex_);
    entries_[plan_ordinal] = std::move(entry);
}

std::size_t ProvenanceLog::size() const {
    std::lock_guard lock(mutex_);
    return entries_.size();
}

json::Value ProvenanceLog::to_json() const {
    std::lock_guard lock(mutex_);
    json::Array calls;
    for (const auto& [ordinal, e] : entries_) {
        calls.push_back(json::Object{{"planOrdinal", ordinal},
                                     {"lensId", e.lensId},
                                     {"bindingId", e.bindingId},
                                     {"modelId", e.modelId},
                                     {"requestId", e.requestId},
                                     {"latencyMs", e.latencyMs},
                                     {"attempts", static_cast<std::int64_t>(e.attempts)},
                                     {"cacheHit", e.cacheHit},
                                     {"cacheKey", e.cacheKey}});
    }
    return json::Object{{"schemaVersion", "provenance.v1"}, {"calls", std::move(calls)}};
}

}  // namespace qa::lenses::model

#include "lenses/api/provenance.hpp"

#include <utility>

namespace qa::lenses::api {

void ProvenanceLog::record(std::int64_t plan_ordinal, json::Value entry) {
    std::lock_guard lock(mutex_);
    entries_[plan_ordinal] = std::move(entry);
}

bool ProvenanceLog::empty() const {
    std::lock_guard lock(mutex_);
    return entries_.empty();
}

json::Value ProvenanceLog::to_json() const {
    std::lock_guard lock(mutex_);
    json::Array calls;
    for (const auto& [ordinal, entry] : entries_) {
        json::Object call{{"planOrdinal", ordinal}};
        if (entry.is_object()) {
            for (const auto& [name, value] : entry.as_object()) {
                call.emplace_back(name, value);
            }
        }
        calls.emplace_back(std::move(call));
    }
    return json::Object{{"schemaVersion", "provenance.v1"}, {"calls", std::move(calls)}};
}

}  // namespace qa::lenses::api

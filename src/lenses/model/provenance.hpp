#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "json/value.hpp"

namespace qa::lenses::model {

/// What a model call was, beyond what its result says: facts that differ between two runs of
/// the same change (returned model id, request id, latency, cache hit or miss) and so must not
/// enter a hashed artifact. The run writes them to `provenance.json` beside `timings.json`.
struct CallProvenance {
    std::string lensId;
    std::string bindingId;
    std::string modelId;    ///< as the provider named it in its answer; empty on a failure
    std::string requestId;  ///< the provider's request id; empty when none
    std::int64_t latencyMs = 0;
    int attempts = 0;
    bool cacheHit = false;
    std::string cacheKey;  ///< "<lensId>:<sha256>"
};

/// The provenance of the model calls of one run, by planOrdinal. Thread-safe.
class ProvenanceLog {
  public:
    void record(std::int64_t plan_ordinal, CallProvenance entry);
    /// {"schemaVersion": "provenance.v1", "calls": [{planOrdinal, ...}, ...]} in planOrdinal
    /// order.
    json::Value to_json() const;
    std::size_t size() const;

  private:
    mutable std::mutex mutex_;
    std::map<std::int64_t, CallProvenance> entries_;
};

}  // namespace qa::lenses::model

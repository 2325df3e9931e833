#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "json/value.hpp"

namespace qa::lenses::model {

/// What a model call was, beyond what its result says: facts that differ between two runs of
/// the same change (returned model id, request id, latency, cache hit or miss) and so must not
/// enter a hashed artifact. Recorded in the run's lenses::api::ProvenanceLog (provenance.json).
struct CallProvenance {
    std::string lensId;
    std::string bindingId;
    std::string modelId;    ///< as the provider named it in its answer; empty on a failure
    std::string requestId;  ///< the provider's request id; empty when none
    std::int64_t latencyMs = 0;
    int attempts = 0;
    bool cacheHit = false;
    std::string cacheKey;  ///< "<lensId>:<sha256>"

    json::Value to_json() const;
};

/// An identifier a provider chose (its model id, a request-id header) as it is stored: at most
/// 128 bytes of printable ASCII, any other byte replaced by '?'. A header may hold any byte, and
/// provenance.json is UTF-8 JSON a person reads.
std::string provider_identifier(std::string_view raw);

}  // namespace qa::lenses::model

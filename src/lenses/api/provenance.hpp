#pragma once

#include <cstdint>
#include <map>
#include <mutex>

#include "json/value.hpp"

namespace qa::lenses::api {

/// What the lenses of one run did that differs between two runs of the same change (a
/// provider's returned model id and request id, latency, a cache hit or miss), and so must not
/// enter a hashed artifact. The run writes it to `provenance.json` beside `timings.json`.
/// Thread-safe: lenses record from their workers.
class ProvenanceLog {
  public:
    /// The entry (a JSON object) of plan `plan_ordinal`; a second record of one plan replaces
    /// the first.
    void record(std::int64_t plan_ordinal, json::Value entry);
    bool empty() const;
    /// {"schemaVersion": "provenance.v1", "calls": [{"planOrdinal": n, ...entry}, ...]} in
    /// planOrdinal order, whatever order the workers recorded in.
    json::Value to_json() const;

  private:
    mutable std::mutex mutex_;
    std::map<std::int64_t, json::Value> entries_;
};

}  // namespace qa::lenses::api

#pragma once

// A team-shared store of cache entries (a Redis server, an HTTP object store), behind one
// interface so the tiered cache (cache/tiered.hpp) and `qa-skill cache` never know which.
//
// A backend moves opaque records (cache/remote/record.hpp) under a cache key; it never judges
// them. Every failure is a value: an unreachable, slow, full or refusing store answers `failed`
// with a message that names the store by its redacted URL and never holds a credential.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cache/key.hpp"

namespace qa::cache::remote {

enum class Status {
    ok,      ///< done (get: found; put: stored; exists: present)
    absent,  ///< get/exists: no record under the key
    full,    ///< put: the store refused for lack of room (Redis OOM, HTTP 507/413)
    failed,  ///< unreachable, timed out, refused, or an answer the backend does not understand
};

struct Result {
    Status status = Status::failed;
    std::string bytes;  ///< get: the record on `ok`
    std::string error;  ///< why, on `full` and `failed`; never holds a credential
    bool ok() const { return status == Status::ok; }
};

/// What `qa-skill cache stats` can learn about a store; nullopt fields are unknown to it.
struct Usage {
    std::optional<std::int64_t> entries;
    std::optional<std::int64_t> bytes;
    std::string note;  ///< why a figure is unknown, or the store's own word on it
};

/// A listed record, for `qa-skill cache verify` on stores that can list.
struct Listed {
    CacheKey key;
    std::string bytes;
};

class Backend {
  public:
    virtual ~Backend() = default;
    Backend() = default;
    Backend(const Backend&) = delete;
    Backend& operator=(const Backend&) = delete;

    /// The record under `key`.
    virtual Result get(const CacheKey& key) = 0;
    /// Stores `record` under `key`; the store may drop it after `ttl` (Redis expires it; an HTTP
    /// store keeps it until its own lifecycle rules remove it).
    virtual Result put(const CacheKey& key, const std::string& record,
                       std::chrono::seconds ttl) = 0;
    /// Whether a record is there, without moving it (Redis EXISTS, HTTP HEAD).
    virtual Result exists(const CacheKey& key) = 0;
    /// Entries and bytes, where the store can tell.
    virtual Usage usage() = 0;
    /// Every record, where the store can list them (Redis: SCAN); nullopt where it cannot.
    virtual std::optional<std::vector<Listed>> list() = 0;
    /// The store's URL without credentials: what messages name.
    virtual const std::string& name() const = 0;
};

}  // namespace qa::cache::remote

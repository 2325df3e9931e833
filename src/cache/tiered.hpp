#pragma once

// The answer cache of a run: the local store (cache/store.hpp) in front of the team's stores
// (cache/remote/), read through and written back, after ccache's remote storage.
//
//   get:  local entry -> each remote in order -> miss. A remote hit is checked (the record's
//         HMAC when a key is set, the entry's form, key and lifetime, then the caller's check of
//         the value) and copied into the local store byte for byte; a bad record is a miss,
//         counted as rejected, never trusted.
//   put:  the local store, then every remote that is not read-only.
//
// A store that fails (unreachable, slow, refusing, full) is left alone for the rest of the
// cache's life, after one warning line naming it by its redacted URL: the run goes on with the
// local cache and the provider, and its verdict never depends on a store. Thread-safe.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cache/remote/backend.hpp"
#include "cache/remote/spec.hpp"
#include "cache/store.hpp"

namespace qa::cache {

/// What one cache saw; `qa-skill cache stats` adds them up across runs.
struct Counters {
    std::int64_t localHits = 0;
    std::int64_t remoteHits = 0;
    std::int64_t misses = 0;
    std::int64_t rejected = 0;      ///< remote records not trusted (also counted as misses)
    std::int64_t remoteErrors = 0;  ///< store failures (each store warns once)
    std::int64_t remoteWrites = 0;
};

struct TieredOptions {
    std::vector<remote::Spec> remotes;  ///< tried in order
    remote::Options remote;
    /// The HMAC key (the value of `[cache] hmac_key_env`'s variable); nullopt: records unsigned.
    std::optional<std::string> hmacKey;
    /// Whether a stored value may be used (for answers: it decodes and its adapterResponseHash
    /// is the hash of the answer). Unset: any value.
    std::function<bool(std::string_view value)> accept;
    /// Where the one warning line per failing store goes; unset: stderr.
    std::function<void(const std::string& line)> warn;
};

class TieredCache {
  public:
    /// A cache over `local` alone.
    explicit TieredCache(Store local);
    TieredCache(Store local, TieredOptions options);
    /// A cache over `local` and already-made backends (tests, `qa-skill cache`).
    TieredCache(Store local, TieredOptions options,
                std::vector<std::unique_ptr<remote::Backend>> backends);
    ~TieredCache();
    TieredCache(const TieredCache&) = delete;
    TieredCache& operator=(const TieredCache&) = delete;

    Lookup get(const CacheKey& key);
    Lookup get(const CacheKey& key, std::chrono::sys_seconds now);
    /// Stores locally, then in every writable store; false when the local write failed.
    bool put(const CacheKey& key, std::string_view value, std::chrono::minutes ttl);
    bool put(const CacheKey& key, std::string_view value, std::chrono::minutes ttl,
             std::chrono::sys_seconds now);

    Counters counters() const;
    Store& local() { return local_; }

  private:
    struct Remote;
    bool usable(Remote& r);
    void fail(Remote& r, const std::string& what, const std::string& error);
    bool accepted(std::string_view value) const;

    Store local_;
    TieredOptions options_;
    std::vector<std::unique_ptr<Remote>> remotes_;
    std::mutex warn_mutex_;
    std::atomic<std::int64_t> local_hits_{0};
    std::atomic<std::int64_t> remote_hits_{0};
    std::atomic<std::int64_t> misses_{0};
    std::atomic<std::int64_t> rejected_{0};
    std::atomic<std::int64_t> remote_errors_{0};
    std::atomic<std::int64_t> remote_writes_{0};
};

}  // namespace qa::cache

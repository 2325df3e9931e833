#pragma once

// The one cache of qa-skill (seed 001's skill caching protocol), for skills and model lenses.
//
//   cache::Store store(repo / ".qa-skill" / "cache");        // any directory; created on put
//   const auto key = cache::make_key("performance", inputs);  // "performance:<sha256>"
//   if (auto hit = store.get(key); hit.status == cache::LookupStatus::Hit) use(hit.value);
//   else store.put(key, answer, std::chrono::minutes(30));    // false when it could not write
//
// - Keys: cache/key.hpp. Everything that determines the value goes into the inputs hashed into
//   the key (model id, prompt, lens version...); never an API key or a secret: the entry stores
//   only the key's hash and the value, but the value is written as given.
// - Entries: one file per key, `{name}-{short_hash}.md`, in seed 001's entry form
//   (cache/entry.hpp). Written atomically (temporary sibling renamed into place), so concurrent
//   writers of one key leave one whole entry, never a mix.
// - Lookup follows the seed: found and not expired is a hit; expired is deleted and a miss; a
//   corrupt, truncated or foreign file (or one of another key sharing the short hash) is a miss
//   and is deleted, never an exception. Expiry is strict: an entry is live while now < expires_at.
//   A get deletes only the file it judged, never a fresh entry a concurrent put renamed over it;
//   a symbolic link in place of an entry is not followed (a miss).
// - Time is passed in (`now`), so tests move a clock instead of sleeping; the overloads without
//   it read the system clock.
// - Nothing here throws for I/O: get() reads a failure as a miss, put() returns false.

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cache/entry.hpp"
#include "cache/key.hpp"

namespace qa::cache {

enum class LookupStatus {
    Hit,      ///< live entry; `value` holds it
    Miss,     ///< no entry
    Expired,  ///< entry found past its expires_at; deleted
    Corrupt,  ///< unreadable or malformed entry; deleted
};

struct Lookup {
    LookupStatus status = LookupStatus::Miss;
    std::string value;  ///< the stored value on a hit, empty otherwise
    bool hit() const { return status == LookupStatus::Hit; }
};

/// A directory of cache entries.
class Store {
  public:
    explicit Store(std::filesystem::path directory);

    Lookup get(const CacheKey& key, std::chrono::sys_seconds now) const;
    Lookup get(const CacheKey& key) const;

    /// Stores `value` under `key` until now + ttl. A ttl of zero or less stores nothing (the
    /// seed's default lifetime of 0) and returns true. Returns false when the entry could not be
    /// written (the cache is an optimisation: a failed write never fails the caller's work).
    bool put(const CacheKey& key, std::string_view value, std::chrono::minutes ttl,
             std::chrono::sys_seconds now);
    bool put(const CacheKey& key, std::string_view value, std::chrono::minutes ttl);

    /// Writes `entry` as it is, keeping its times: a copy of an entry from a team store (whose
    /// bytes then equal the store's). False when it could not be written.
    bool adopt(const Entry& entry);

    /// One file of the directory, for `qa-skill cache stats|verify|push`.
    struct File {
        std::filesystem::path path;
        std::uintmax_t bytes = 0;
        std::optional<Entry> entry;  ///< nullopt: not an entry as render_entry writes it
    };
    /// Every `*.md` file of the directory, by path.
    std::vector<File> files() const;

    /// Deletes the entry of `key`; true when one was there.
    bool remove(const CacheKey& key);
    /// Deletes the entries expired at `now` (a get deletes only the entry it judged); returns
    /// how many. Corrupt or foreign files are left to the get that meets them.
    std::size_t prune(std::chrono::sys_seconds now);
    /// Deletes every entry (the seed's "session end clears all session cache entries");
    /// returns how many.
    std::size_t clear();

    /// Where the entry of `key` lives.
    std::filesystem::path entry_path(const CacheKey& key) const;
    const std::filesystem::path& directory() const { return directory_; }

  private:
    std::filesystem::path directory_;
};

/// The system clock to the second.
std::chrono::sys_seconds now_seconds();

}  // namespace qa::cache

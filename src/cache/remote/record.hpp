#pragma once

// What a team store holds under a key: the bytes of the local cache entry (cache/entry.hpp),
// preceded, when the cache has an HMAC key, by one line
//
//   qa-skill-hmac-sha256: <64 hex digits>\n
//
// holding HMAC-SHA256(key, entry bytes). The entry's header names its cache key, so a valid MAC
// also binds the answer to the key: a record copied under another key is rejected.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "cache/entry.hpp"
#include "cache/key.hpp"

namespace qa::cache::remote {

/// Why a record was not trusted.
enum class Rejection {
    none,
    unsigned_record,  ///< an HMAC key is set and the record has no MAC line
    bad_mac,          ///< the MAC does not match (tampered, or another key)
    malformed,        ///< not an entry as render_entry writes it (hash, length, layout)
    other_key,        ///< an entry of another cache key
    expired,          ///< past its expires_at
};

std::string_view to_string(Rejection r);

/// The record of `entry_bytes`, signed when `hmac_key` is set.
std::string seal(std::string_view entry_bytes, const std::optional<std::string>& hmac_key);

struct Opened {
    std::optional<Entry> entry;  ///< set when trusted
    Rejection rejection = Rejection::none;
};

/// The entry in `record` for `key` at `now`, checked: the MAC when `hmac_key` is set (a MAC line
/// without a key is skipped: that reader chose not to check), the entry's own form and content
/// hash, its key and its lifetime. Never throws.
Opened open(std::string_view record, const CacheKey& key,
            const std::optional<std::string>& hmac_key, std::chrono::sys_seconds now);

}  // namespace qa::cache::remote

#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "cache/key.hpp"

namespace qa::cache {

/// One stored value in seed 001's cache entry form: a `---` header of `key: value` lines
/// (entity_name, namespace, category, status, tags, created_at, cache_key, cache_ttl_minutes,
/// expires_at) and the value as the body. `content_sha256` and `content_length` are added to the
/// header so a truncated or edited body is detected and treated as a miss.
struct Entry {
    CacheKey key;
    std::chrono::sys_seconds created_at;
    std::chrono::sys_seconds expires_at;
    long long ttl_minutes = 0;
    std::string body;
};

/// The bytes of `entry` on disk; a function of the entry only.
std::string render_entry(const Entry& entry);

/// The entry in `text`, or nullopt for anything that is not exactly what render_entry writes
/// (unknown layout, bad times, a body whose hash or length disagrees). Never throws.
std::optional<Entry> parse_entry(std::string_view text);

/// The first 12 hex digits of the key's hash: the seed's `short_hash` in file and entity names.
std::string short_hash(const CacheKey& key);

/// `2026-04-04T10:00:00Z`.
std::string format_utc(std::chrono::sys_seconds t);
/// Parses exactly the form format_utc writes.
std::optional<std::chrono::sys_seconds> parse_utc(std::string_view text);

}  // namespace qa::cache

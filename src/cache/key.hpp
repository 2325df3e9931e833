#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "json/value.hpp"

namespace qa::cache {

/// A cache key in seed 001's form `{skill_name}:{sha256}`: the name of what produced the value
/// (a skill, a lens, a provider) and the SHA-256 of the canonical JSON (RFC 8785, members sorted)
/// of every input that determines it. Equal inputs give equal keys in any clone and any order of
/// members, so a hit is only ever a value computed from the same inputs.
struct CacheKey {
    std::string name;  ///< 1-64 of [A-Za-z0-9._-]: it becomes part of a file name
    std::string hash;  ///< 64 lowercase hex digits

    /// "name:hash", the seed's full cache key.
    std::string text() const { return name + ":" + hash; }
};

/// The key of `inputs` (any JSON value; usually an object of named inputs) for `name`.
/// Throws std::invalid_argument for a name outside [A-Za-z0-9._-]{1,64} and json::Error for
/// inputs canonical JSON cannot represent (invalid UTF-8, non-finite numbers).
CacheKey make_key(std::string_view name, const json::Value& inputs);

/// Parses "name:hash"; nullopt when either part is malformed.
std::optional<CacheKey> parse_key(std::string_view text);

/// True when `name` may name cache entries.
bool is_valid_key_name(std::string_view name);

}  // namespace qa::cache

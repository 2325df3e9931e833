#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "settings/defaults.hpp"

namespace qa::settings {

/// One team store of `[cache] remote` (doc/team-cache.md).
struct RemoteCacheSettings {
    std::string url;  ///< never holds a password: the reader rejects one
    bool readOnly = false;
    /// The NAME of the variable holding the Redis password or HTTP bearer token; empty: none.
    std::string credentialEnv;
    /// Redis: the other hosts ("host" or "host:port") of its cluster, the only ones besides the
    /// URL's own host that a MOVED or ASK redirection may lead to (the password goes along).
    std::vector<std::string> clusterNodes;
    std::string source;  ///< the file that named it, and where, for errors found later
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

/// `[cache]`: the team-shared answer cache of the model lenses. Not part of configHash: a store
/// only saves provider calls, the verdict never depends on it.
struct CacheSettings {
    std::vector<RemoteCacheSettings> remotes;  ///< tried in order
    std::int64_t timeoutMs = defaults::kCacheTimeoutMs;
    /// The NAME of the variable holding the HMAC-SHA256 key of team records; empty: unsigned.
    std::string hmacKeyEnv;
};

}  // namespace qa::settings

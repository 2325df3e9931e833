#pragma once

#include <optional>
#include <string>

namespace qa::cache::remote {

/// The parts of a store URL `scheme://[user@]host[:port][/path]` qa-skill reads.
struct Url {
    std::string scheme;  ///< lowercase
    std::string user;    ///< empty when none
    bool hasPassword = false;
    std::string host;  ///< without brackets for an IPv6 literal
    std::optional<int> port;
    std::string path;  ///< from the first '/' after the authority; may be empty
    bool hasQuery = false;
};

/// Splits `text`; nullopt when it has no "scheme://" or no host, or a port that is not 1-65535.
std::optional<Url> parse_url(const std::string& text);

}  // namespace qa::cache::remote

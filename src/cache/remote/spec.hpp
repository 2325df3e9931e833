#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cache/remote/backend.hpp"

namespace qa::cache::remote {

/// One configured store (`[cache] remote = [...]`).
struct Spec {
    std::string url;
    bool readOnly = false;
    /// The NAME of the environment variable holding the Redis password or the HTTP bearer
    /// token; empty: none. Messages name it, never its value.
    std::string credentialEnv;
    /// Redis: hosts ("host" or "host:port") a cluster redirection may lead to besides the URL's
    /// own host; a redirection anywhere else is not followed (the password would go along).
    std::vector<std::string> clusterNodes;
    /// credentialEnv's value, read by the caller before the store is made (a run's prepare
    /// step): a store never reads the environment. nullopt (or empty) with credentialEnv set:
    /// every operation fails, naming the variable as not set.
    std::optional<std::string> credential;
};

/// What every store of one cache shares.
struct Options {
    std::int64_t timeoutMs = 500;  ///< connect and each operation
};

/// The URL schemes qa-skill speaks, and what each one is, for messages and docs.
struct Scheme {
    const char* scheme;
    const char* description;
};
const std::vector<Scheme>& schemes();

/// Why `text` cannot name a store (unknown scheme, no host, a password in it), or empty when it
/// can. Configuration readers call it to fail early with the file and line.
std::string url_problem(const std::string& text);

/// The backend for `spec.url`, by its scheme (redis://, http://, https://). Never connects:
/// the first operation does. Throws std::invalid_argument when url_problem() is not empty.
std::unique_ptr<Backend> make_backend(const Spec& spec, const Options& options);

/// `text` without its user information (`redis://user@host` -> `redis://host`).
std::string redact_url(const std::string& text);

}  // namespace qa::cache::remote

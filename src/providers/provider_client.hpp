#pragma once

#include <functional>
#include <optional>
#include <string>

#include "log/log.hpp"
#include "providers/binding.hpp"
#include "providers/http_client.hpp"
#include "providers/model_call.hpp"
#include "providers/sleeper.hpp"

namespace qa::providers {

/// An API key by the name of its environment variable; nullopt when unset or empty. A copy of
/// the variables read once, before the run (prepare::read_keys), never the environment.
using KeyLookup = std::function<std::optional<std::string>(const std::string& env_name)>;

/// Calls a provider binding with the seed's fixed retry policy: at most retryMax (2) retries,
/// only for transient failures, after retryBackoffMs (500, then 1500 ms) with no jitter; a
/// Retry-After longer than that wait is honoured up to kMaxRetryAfterMs. The key is looked up at
/// each call, goes into its one header, and is scrubbed from every message this returns.
class ProviderClient {
  public:
    /// `log`, when given, gets one line per HTTP attempt (endpoint, status, latency), never a
    /// body or a header.
    ProviderClient(const HttpClient& http, const Sleeper& sleeper, KeyLookup keys,
                   const log::Log* log = nullptr);

    CallOutcome call(const Binding& binding, const ModelRequest& request,
                     const util::CancellationToken& stop = {}) const;

    /// The request body a call sends (canonical JSON, no key): what cache keys hash.
    static std::string request_body(const Binding& binding, const ModelRequest& request);

  private:
    const HttpClient& http_;
    const Sleeper& sleeper_;
    KeyLookup keys_;
    const log::Log* log_;
};

inline constexpr std::int64_t kMaxRetryAfterMs = 60000;

}  // namespace qa::providers

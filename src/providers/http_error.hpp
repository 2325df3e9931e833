#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "contracts/enums.hpp"
#include "providers/http_client.hpp"

namespace qa::providers {

/// What a failed attempt means: its code, whether another attempt may succeed, and how long the
/// provider asked us to wait.
struct AttemptFailure {
    contracts::ErrorCode code = contracts::ErrorCode::PROVIDER_UNAVAILABLE;
    bool transient = false;
    std::optional<std::int64_t> retryAfterMs;
    std::string message;  ///< status and the provider's error type/code only, never its text
};

/// Classifies a response that is not a 2xx answer (or a transport failure):
///   timeout, 408                    -> PROVIDER_TIMEOUT, transient
///   connection failed / broken      -> PROVIDER_UNAVAILABLE, transient
///   429 quota or spend limit        -> PROVIDER_RATE_LIMIT, terminal (needs a human)
///   429                             -> PROVIDER_RATE_LIMIT, transient
///   401, 402, 403                   -> PROVIDER_AUTH_ERROR, terminal
///   500-599 (with 529 overloaded)   -> PROVIDER_UNAVAILABLE, transient
///   any other status (400, 404...)  -> PROVIDER_UNAVAILABLE, terminal
///   body over the size cap          -> PROVIDER_UNAVAILABLE, terminal
///   cancelled                       -> PROVIDER_TIMEOUT, terminal (the lens's time is up)
/// `now` turns an HTTP-date Retry-After into a delay.
AttemptFailure classify_failure(const HttpResponse& response,
                                std::chrono::system_clock::time_point now);

/// The delay a Retry-After / retry-after-ms header asks for, in ms, or nullopt when absent or
/// unreadable.
std::optional<std::int64_t> retry_after_ms(const HttpResponse& response,
                                           std::chrono::system_clock::time_point now);

}  // namespace qa::providers

#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "json/value.hpp"

namespace qa::json {
class SchemaValidator;
}

namespace qa::providers {

/// What a model lens asks of a provider: instructions, the (already masked) context packet, and
/// the JSON schema its answer must follow.
struct ModelRequest {
    std::string instructions;  ///< system / developer text
    std::string input;         ///< the user turn: the context packet
    std::string schemaName;    ///< [a-zA-Z0-9_-]{1,64}; also the Anthropic tool name
    json::Value schema;  ///< strict-mode compatible (additionalProperties false, all required)
    std::int64_t maxOutputTokens = 4096;
    /// When set, an answer that breaks it is a failed call (never retried: at temperature 0 the
    /// same question gets the same wrong answer).
    const json::SchemaValidator* validator = nullptr;
};

/// A provider's answer, normalized.
struct ModelAnswer {
    json::Value document;   ///< the structured answer (an object following the request's schema)
    std::string modelId;    ///< the model the provider says answered (provenance only)
    std::string requestId;  ///< x-request-id / request-id (provenance only)
};

/// Why a call failed: one of the seed's PROVIDER_* codes and a message that names the status and
/// the provider's error type/code, never the provider's free text (it may echo a key fragment).
struct ProviderFailure {
    contracts::ErrorCode code = contracts::ErrorCode::PROVIDER_UNAVAILABLE;
    std::string message;
};

/// The result of a call with its retries, as a value.
struct CallOutcome {
    std::optional<ModelAnswer> answer;
    std::optional<ProviderFailure> failure;
    /// Tokens and cost the provider reported, also for a refused or invalid answer (it was
    /// paid for); all null with ADAPTER_ERROR when no response said.
    contracts::UsageMetrics usage;
    std::vector<contracts::ErrorCode> warningCodes;  ///< PROVIDER_USAGE_UNAVAILABLE when so
    int attempts = 0;                                ///< HTTP requests sent
    std::vector<std::int64_t> waitsMs;               ///< the waits between attempts, in order
    std::int64_t latencyMs = 0;  ///< wall time of the whole call (provenance only)

    bool ok() const { return answer.has_value(); }
};

}  // namespace qa::providers

#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cache/key.hpp"
#include "cache/store.hpp"
#include "contracts/types.hpp"
#include "json/schema_validator.hpp"
#include "json/value.hpp"
#include "providers/binding.hpp"

namespace qa::lenses::model {

/// A provider's answer as a model lens keeps it: the normalized answer and what it cost, so a
/// cached run reports exactly what the first one did (byte-identical artifacts).
struct CachedAnswer {
    json::Value answer;
    contracts::UsageMetrics usage;
    std::vector<contracts::ErrorCode> warningCodes;
    std::string adapterResponseHash;  ///< sha256 of the canonical (masked) answer
};

/// Seed 001's key `{lensId}:{sha256(canonical inputs)}` where the inputs are the request body
/// (which never holds the API key), the adapter id and version, the binding's pinned parameters
/// (model, sampling, limits, seed, endpoint kind) and the prompt template hash.
cache::CacheKey answer_cache_key(const std::string& cache_name, const providers::Binding& binding,
                                 const std::string& request_body,
                                 const std::string& prompt_template_hash);

/// The entry's text (canonical JSON) and back; a value that does not read back whole is nullopt
/// (a miss), never an exception.
std::string encode_answer(const CachedAnswer& answer);
std::optional<CachedAnswer> decode_answer(const std::string& text);

/// Whether a stored answer may be used: it decodes, its adapterResponseHash is the SHA-256 of
/// its canonical answer, and the answer is valid under `findings` (model-findings.v1). A team
/// store's record passes this before it is trusted.
bool answer_is_sound(std::string_view value, const json::SchemaValidator& findings);

/// Default lifetime of a cached answer: 7 days.
inline constexpr std::chrono::minutes kDefaultAnswerTtl{7 * 24 * 60};

}  // namespace qa::lenses::model

#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "contracts/enums.hpp"
#include "settings/defaults.hpp"
#include "settings/openai_api.hpp"

namespace qa::settings {

/// A model provider binding (`[providers.<bindingId>]`).
struct ProviderSettings {
    std::string bindingId;
    contracts::AdapterId adapter = contracts::AdapterId::openai_codex;
    std::string model;
    std::string baseUrl;    ///< without a trailing '/'; the adapter's default when not set
    std::string apiKeyEnv;  ///< the NAME of the environment variable; never the key itself
    std::int64_t timeoutMs = defaults::kProviderTimeoutMs;
    std::int64_t maxTokens = defaults::kProviderMaxTokens;
    std::optional<std::int64_t> seed;
    OpenAiApi api = OpenAiApi::responses;  ///< openai-codex only
    bool sampling = true;  ///< false: send no temperature/top_p (models that reject them)
    std::optional<double> inputUsdPerMtok;  ///< price table: both set or neither
    std::optional<double> outputUsdPerMtok;
    std::uint32_t line = 0;  ///< where the table is, for errors found after parsing
    std::uint32_t column = 0;
};

}  // namespace qa::settings

#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "contracts/types.hpp"
#include "settings/defaults.hpp"
#include "settings/openai_api.hpp"

namespace qa::settings {
struct ProviderSettings;
}

namespace qa::providers {

/// Which OpenAI endpoint an `openai-codex` binding speaks: the configuration's `api`.
using settings::OpenAiApi;

/// USD per million tokens, from the binding's price table.
struct PriceTable {
    double inputUsdPerMtok = 0;
    double outputUsdPerMtok = 0;
};

/// Everything needed to call one provider binding: the seed's pinned ProviderBinding (model,
/// temperature 0, topP 1, retries 2 at 500/1500 ms) plus where and how to reach it. Holds the
/// NAME of the key's environment variable, never the key.
struct Binding {
    contracts::ProviderBinding pinned;
    std::string baseUrl;  ///< without a trailing '/'; OpenAI's includes the version path (/v1)
    std::string apiKeyEnv;
    OpenAiApi api = OpenAiApi::responses;
    /// false for models that reject every sampling parameter (no temperature, no top_p).
    bool sampling = true;
    std::optional<PriceTable> prices;
    std::int64_t connectTimeoutMs = 10000;
    std::size_t maxResponseBytes = 4u << 20;
};

/// The adapter's version, recorded in every binding and in cache keys: bump it whenever the
/// request a binding sends or the way an answer is read changes.
inline constexpr std::string_view kAdapterVersion = settings::defaults::kAdapterVersion;

/// Default base URLs, spelled as the providers' SDKs spell them.
inline constexpr std::string_view kOpenAiDefaultBaseUrl = settings::defaults::kOpenAiBaseUrl;
inline constexpr std::string_view kAnthropicDefaultBaseUrl = settings::defaults::kAnthropicBaseUrl;

/// The binding a `[providers.<id>]` table describes, with the seed's pinned parameters.
Binding binding_from(const settings::ProviderSettings& settings);

}  // namespace qa::providers

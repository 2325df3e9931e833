#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace qa::settings {

/// Which OpenAI endpoint an `openai-codex` binding speaks (`[providers.<id>] api`). The adapter
/// reads it as providers::OpenAiApi (providers::Binding::api).
enum class OpenAiApi {
    responses,         ///< POST {base_url}/responses (api.openai.com, codex models)
    chat_completions,  ///< POST {base_url}/chat/completions (Ollama, llama.cpp, vLLM)
};

/// Every api, in declaration order.
inline constexpr std::array<OpenAiApi, 2> kOpenAiApis = {OpenAiApi::responses,
                                                         OpenAiApi::chat_completions};

/// The configuration's spelling: "responses", "chat_completions".
std::string_view to_string(OpenAiApi api);
std::optional<OpenAiApi> openai_api_from(std::string_view text);

}  // namespace qa::settings

#include "settings/openai_api.hpp"

namespace qa::settings {

std::string_view to_string(OpenAiApi api) {
    switch (api) {
        case OpenAiApi::responses:
            return "responses";
        case OpenAiApi::chat_completions:
            return "chat_completions";
    }
    return {};
}

std::optional<OpenAiApi> openai_api_from(std::string_view text) {
    for (const OpenAiApi api : kOpenAiApis) {
        if (to_string(api) == text) {
            return api;
        }
    }
    return std::nullopt;
}

}  // namespace qa::settings

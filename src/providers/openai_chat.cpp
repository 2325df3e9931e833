#include "providers/openai_chat.hpp"

namespace qa::providers {

std::string OpenAiChat::url(const Binding& binding) const {
    return binding.baseUrl + "/chat/completions";
}

std::vector<HttpHeader> OpenAiChat::headers(const std::string& api_key) const {
    return {{"Authorization", "Bearer " + api_key}, {"Content-Type", "application/json"}};
}

json::Value OpenAiChat::body(const Binding& binding, const ModelRequest& request) const {
    json::Object schema{{"name", request.schemaName}, {"strict", true}, {"schema", request.schema}};
    json::Array messages{json::Object{{"role", "system"}, {"content", request.instructions}},
                         json::Object{{"role", "user"}, {"content", request.input}}};
    json::Object body{{"model", binding.pinned.modelId},
                      {"messages", std::move(messages)},
                      {"max_tokens", request.maxOutputTokens},
                      {"response_format",
                       json::Object{{"type", "json_schema"}, {"json_schema", std::move(schema)}}}};
    if (binding.sampling) {
        body.emplace_back("temperature", binding.pinned.temperature);
        body.emplace_back("top_p", binding.pinned.topP);
    }
    if (binding.pinned.seed) {
        body.emplace_back("seed", *binding.pinned.seed);
    }
    return body;
}

WireAnswer OpenAiChat::read(const json::Value& response, const ModelRequest&) const {
    WireAnswer answer;
    answer.modelId = string_member(&response, "model");
    const json::Value* usage = response.find("usage");
    answer.inputTokens = integer_member(usage, "prompt_tokens");
    answer.outputTokens = integer_member(usage, "completion_tokens");

    const json::Value* choices = response.find("choices");
    if (choices == nullptr || !choices->is_array() || choices->as_array().empty()) {
        answer.detail = "no choices";
        return answer;
    }
    const json::Value& choice = choices->as_array().front();
    const std::string finish = string_member(&choice, "finish_reason");
    const json::Value* message = choice.find("message");
    if (const json::Value* refusal = message ? message->find("refusal") : nullptr;
        refusal != nullptr && refusal->is_string()) {
        answer.kind = WireAnswer::Kind::refused;
        answer.detail = "the model refused";
        return answer;
    }
    if (finish == "length" || finish == "content_filter") {
        answer.kind = finish == "length" ? WireAnswer::Kind::incomplete : WireAnswer::Kind::refused;
        answer.detail = "finish_reason " + finish;
        return answer;
    }
    const json::Value* content = message ? message->find("content") : nullptr;
    if (content == nullptr || !content->is_string()) {
        answer.detail = "no message content";
        return answer;
    }
    read_answer_text(content->as_string(), answer);
    return answer;
}

}  // namespace qa::providers

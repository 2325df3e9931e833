#include "providers/anthropic_messages.hpp"

namespace qa::providers {

std::string AnthropicMessages::url(const Binding& binding) const {
    return binding.baseUrl + "/v1/messages";
}

std::vector<HttpHeader> AnthropicMessages::headers(const std::string& api_key) const {
    return {{"x-api-key", api_key},
            {"anthropic-version", std::string(kAnthropicVersion)},
            {"content-type", "application/json"}};
}

json::Value AnthropicMessages::body(const Binding& binding, const ModelRequest& request) const {
    json::Array messages{json::Object{{"role", "user"}, {"content", request.input}}};
    json::Array tools{json::Object{{"name", request.schemaName},
                                   {"description", "Report the review findings."},
                                   {"input_schema", request.schema}}};
    json::Object body{
        {"model", binding.pinned.modelId},
        {"max_tokens", request.maxOutputTokens},
        {"system", request.instructions},
        {"messages", std::move(messages)},
        {"tools", std::move(tools)},
        {"tool_choice", json::Object{{"type", "tool"}, {"name", request.schemaName}}}};
    if (binding.sampling) {
        body.emplace_back("temperature", binding.pinned.temperature);  // never top_p beside it
    }
    return body;
}

WireAnswer AnthropicMessages::read(const json::Value& response, const ModelRequest& request) const {
    WireAnswer answer;
    answer.modelId = string_member(&response, "model");
    const json::Value* usage = response.find("usage");
    answer.inputTokens = integer_member(usage, "input_tokens");
    answer.outputTokens = integer_member(usage, "output_tokens");
    if (answer.inputTokens) {
        // input_tokens excludes what was read from or written to the prompt cache.
        *answer.inputTokens += integer_member(usage, "cache_creation_input_tokens").value_or(0) +
                               integer_member(usage, "cache_read_input_tokens").value_or(0);
    }

    const std::string stop = string_member(&response, "stop_reason");
    if (stop == "refusal") {
        answer.kind = WireAnswer::Kind::refused;
        answer.detail = "the model refused";
        return answer;
    }
    if (stop == "max_tokens" || stop == "model_context_window_exceeded") {
        answer.kind = WireAnswer::Kind::incomplete;
        answer.detail = "stop_reason " + stop;
        return answer;
    }
    const json::Value* content = response.find("content");
    if (content == nullptr || !content->is_array()) {
        answer.detail = "no content array";
        return answer;
    }
    for (const json::Value& block : content->as_array()) {
        if (string_member(&block, "type") == "tool_use" &&
            string_member(&block, "name") == request.schemaName) {
            const json::Value* input = block.find("input");
            if (input == nullptr || !input->is_object()) {
                answer.detail = "tool_use input is not an object";
                return answer;
            }
            answer.kind = WireAnswer::Kind::ok;
            answer.document = *input;
            return answer;
        }
    }
    answer.detail =
        "no tool_use block named '" + request.schemaName + "' (stop_reason " + stop + ")";
    return answer;
}

}  // namespace qa::providers

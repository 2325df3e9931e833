#include "providers/openai_responses.hpp"

namespace qa::providers {

std::string OpenAiResponses::url(const Binding& binding) const {
    return binding.baseUrl + "/responses";
}

std::vector<HttpHeader> OpenAiResponses::headers(const std::string& api_key) const {
    return {{"Authorization", "Bearer " + api_key}, {"Content-Type", "application/json"}};
}

json::Value OpenAiResponses::body(const Binding& binding, const ModelRequest& request) const {
    json::Object format{{"type", "json_schema"},
                        {"name", request.schemaName},
                        {"schema", request.schema},
                        {"strict", true}};
    json::Object body{{"model", binding.pinned.modelId},
                      {"instructions", request.instructions},
                      {"input", request.input},
                      {"max_output_tokens", request.maxOutputTokens},
                      {"store", false},
                      {"text", json::Object{{"format", std::move(format)}}}};
    if (binding.sampling) {
        body.emplace_back("temperature", binding.pinned.temperature);
        body.emplace_back("top_p", binding.pinned.topP);
    }
    // The Responses API has no seed parameter.
    return body;
}

WireAnswer OpenAiResponses::read(const json::Value& response, const ModelRequest&) const {
    WireAnswer answer;
    answer.modelId = string_member(&response, "model");
    const json::Value* usage = response.find("usage");
    answer.inputTokens = integer_member(usage, "input_tokens");
    answer.outputTokens = integer_member(usage, "output_tokens");

    const std::string status = string_member(&response, "status");
    if (status == "incomplete") {
        answer.kind = WireAnswer::Kind::incomplete;
        answer.detail = "status incomplete (" +
                        string_member(response.find("incomplete_details"), "reason") + ")";
        return answer;
    }
    if (status != "completed") {
        answer.kind = WireAnswer::Kind::malformed;
        answer.detail =
            "status '" + status + "'" +
            (status == "failed" ? " (" + string_member(response.find("error"), "code") + ")"
                                : std::string());
        return answer;
    }
    const json::Value* output = response.find("output");
    if (output == nullptr || !output->is_array()) {
        answer.detail = "no output array";
        return answer;
    }
    std::string text;
    bool any_text = false;
    for (const json::Value& item : output->as_array()) {
        if (string_member(&item, "type") != "message") {
            continue;  // reasoning items and the like come before the message
        }
        const json::Value* content = item.find("content");
        if (content == nullptr || !content->is_array()) {
            continue;
        }
        for (const json::Value& part : content->as_array()) {
            const std::string type = string_member(&part, "type");
            if (type == "refusal") {
                answer.kind = WireAnswer::Kind::refused;
                answer.detail = "the model refused";
                return answer;
            }
            if (type == "output_text") {
                text += string_member(&part, "text");
                any_text = true;
            }
        }
    }
    if (!any_text) {
        answer.detail = "no output_text in the message";
        return answer;
    }
    read_answer_text(text, answer);
    return answer;
}

}  // namespace qa::providers

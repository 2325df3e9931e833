#include "providers/wire_format.hpp"

#include "json/error.hpp"
#include "json/parse.hpp"
#include "providers/anthropic_messages.hpp"
#include "providers/openai_chat.hpp"
#include "providers/openai_responses.hpp"

namespace qa::providers {

const WireFormat& wire_format_for(const Binding& binding) {
    static const OpenAiResponses responses;
    static const OpenAiChat chat;
    static const AnthropicMessages messages;
    if (binding.pinned.adapterId == contracts::AdapterId::anthropic_claude) {
        return messages;
    }
    return binding.api == OpenAiApi::chat_completions ? static_cast<const WireFormat&>(chat)
                                                      : responses;
}

void read_answer_text(std::string_view text, WireAnswer& answer) {
    try {
        answer.document = json::parse(text);
    } catch (const json::Error& e) {
        answer.kind = WireAnswer::Kind::malformed;
        answer.detail = std::string("the answer is not JSON: ") + e.what();
        return;
    }
    if (!answer.document.is_object()) {
        answer.kind = WireAnswer::Kind::malformed;
        answer.detail = "the answer is not a JSON object";
        return;
    }
    answer.kind = WireAnswer::Kind::ok;
}

std::optional<std::int64_t> integer_member(const json::Value* object, std::string_view key) {
    if (object == nullptr) {
        return std::nullopt;
    }
    const json::Value* v = object->find(key);
    if (v == nullptr || !v->is_integer() || v->as_integer() < 0) {
        return std::nullopt;
    }
    return v->as_integer();
}

std::string string_member(const json::Value* object, std::string_view key) {
    if (object == nullptr) {
        return {};
    }
    const json::Value* v = object->find(key);
    return v != nullptr && v->is_string() ? v->as_string() : std::string();
}

}  // namespace qa::providers

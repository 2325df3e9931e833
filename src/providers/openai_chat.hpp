#pragma once

#include "providers/wire_format.hpp"

namespace qa::providers {

/// OpenAI Chat Completions as OpenAI-compatible local servers speak it (Ollama, llama.cpp,
/// vLLM): POST {base_url}/chat/completions with `max_tokens` (the only limit Ollama reads), the
/// sampling parameters always sent (Ollama forces 1.0 when they are omitted), and the nested
/// `response_format.json_schema.schema` (the only form llama.cpp reads).
class OpenAiChat final : public WireFormat {
  public:
    std::string url(const Binding& binding) const override;
    std::vector<HttpHeader> headers(const std::string& api_key) const override;
    json::Value body(const Binding& binding, const ModelRequest& request) const override;
    WireAnswer read(const json::Value& response, const ModelRequest& request) const override;
    std::string_view request_id_header() const override { return "x-request-id"; }
};

}  // namespace qa::providers

#pragma once

#include "providers/wire_format.hpp"

namespace qa::providers {

/// OpenAI Responses API: POST {base_url}/responses with `store: false` and a flat strict
/// `text.format` json_schema; the answer is the concatenation of
/// output[type=message].content[type=output_text].text.
class OpenAiResponses final : public WireFormat {
  public:
    std::string url(const Binding& binding) const override;
    std::vector<HttpHeader> headers(const std::string& api_key) const override;
    json::Value body(const Binding& binding, const ModelRequest& request) const override;
    WireAnswer read(const json::Value& response, const ModelRequest& request) const override;
    std::string_view request_id_header() const override { return "x-request-id"; }
};

}  // namespace qa::providers

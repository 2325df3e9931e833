#pragma once

/// Shared pieces of the provider tests: bindings pointed at the test server, a sleeper that
/// records the waits instead of spending them, and the findings request of the model lenses.

#include <chrono>
#include <mutex>
#include <string>
#include <vector>

#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "providers/binding.hpp"
#include "providers/model_call.hpp"
#include "providers/sleeper.hpp"
#include "util/embedded_files.hpp"

namespace qa::test {

/// Records each wait and returns at once (a retried test does not spend 2 s per case).
class RecordingSleeper final : public providers::Sleeper {
  public:
    bool sleep_for(std::chrono::milliseconds delay,
                   const util::CancellationToken& stop) const override {
        std::lock_guard lock(mutex_);
        waits_.push_back(delay.count());
        return !stop.stop_requested();
    }
    std::vector<std::int64_t> waits() const {
        std::lock_guard lock(mutex_);
        return waits_;
    }

  private:
    mutable std::mutex mutex_;
    mutable std::vector<std::int64_t> waits_;
};

enum class Dialect { responses, chat, messages };

inline const char* dialect_name(Dialect d) {
    switch (d) {
        case Dialect::responses:
            return "responses";
        case Dialect::chat:
            return "chat_completions";
        case Dialect::messages:
            return "messages";
    }
    return "";
}

inline constexpr const char* kTestKeyEnv = "QA_TEST_PROVIDER_KEY";
inline constexpr const char* kTestKey = "sk-test-KEY-9f8e7d6c5b4a39281706";

/// A binding of `dialect` at `base` (the server's url(script)).
inline providers::Binding test_binding(Dialect dialect, const std::string& base) {
    providers::Binding b;
    b.pinned.bindingId = std::string("test-") + dialect_name(dialect);
    b.pinned.adapterVersion = std::string(providers::kAdapterVersion);
    b.pinned.modelId = "test-model";
    b.pinned.maxTokens = 4096;
    b.pinned.timeoutMs = 10000;
    b.apiKeyEnv = kTestKeyEnv;
    b.connectTimeoutMs = 5000;
    switch (dialect) {
        case Dialect::responses:
            b.pinned.adapterId = contracts::AdapterId::openai_codex;
            b.baseUrl = base + "/v1";
            break;
        case Dialect::chat:
            b.pinned.adapterId = contracts::AdapterId::openai_codex;
            b.api = providers::OpenAiApi::chat_completions;
            b.baseUrl = base + "/v1";
            b.pinned.seed = 42;
            break;
        case Dialect::messages:
            b.pinned.adapterId = contracts::AdapterId::anthropic_claude;
            b.baseUrl = base;
            break;
    }
    b.prices = providers::PriceTable{2.0, 8.0};
    return b;
}

/// The model-findings.v1 schema as sent to providers.
inline json::Value findings_schema() {
    json::Value doc = json::parse(*util::find_embedded("schemas/v1/model-findings.v1.json"));
    auto& members = doc.as_object();
    std::erase_if(members, [](const auto& m) {
        return m.first == "$schema" || m.first == "$id" || m.first == "title" ||
               m.first == "description";
    });
    return doc;
}

inline providers::ModelRequest findings_request(const json::SchemaValidator* validator) {
    providers::ModelRequest r;
    r.instructions = "You are a code reviewer.";
    r.input = "diff --git a/a.py b/a.py\n+print('hi')\n";
    r.schemaName = "report_findings";
    r.schema = findings_schema();
    r.maxOutputTokens = 2048;
    r.validator = validator;
    return r;
}

}  // namespace qa::test

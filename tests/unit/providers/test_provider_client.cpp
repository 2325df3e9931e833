#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <optional>
#include <thread>

#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "providers/http_client.hpp"
#include "providers/provider_client.hpp"
#include "support/provider_server.hpp"
#include "unit/providers/provider_test_support.hpp"

using namespace qa;
using qa::contracts::ErrorCode;
using qa::contracts::UsageUnavailableReason;
using qa::test::Dialect;

namespace {

std::optional<std::string> test_key(const std::string& name) {
    if (name == test::kTestKeyEnv) {
        return std::string(test::kTestKey);
    }
    return std::nullopt;
}

const json::SchemaValidator& findings_validator() {
    static const auto v = json::SchemaValidator::embedded("model-findings.v1");
    return v;
}

const char* kAnswer =
    R"({"findings":[{"file":"a.py","startLine":1,"endLine":1,"severity":"high",)"
    R"("ruleId":"perf.n-plus-one","summary":"Query in a loop","rationale":"Each pass queries."}]})";

struct Call {
    providers::CallOutcome outcome;
    std::vector<std::int64_t> waits;
    std::vector<test::RecordedRequest> received;
};

Call call(const test::ProviderServer& server, Dialect dialect, const std::string& script,
          std::int64_t timeout_ms = 10000) {
    providers::HttpClient http;
    test::RecordingSleeper sleeper;
    providers::ProviderClient client(http, sleeper, test_key);
    auto binding = test::test_binding(dialect, server.url(script));
    binding.pinned.timeoutMs = timeout_ms;
    const auto before = server.requests().size();
    Call c;
    c.outcome = client.call(binding, test::findings_request(&findings_validator()));
    c.waits = sleeper.waits();
    auto all = server.requests();
    c.received.assign(all.begin() + static_cast<std::ptrdiff_t>(before), all.end());
    return c;
}

}  // namespace

TEST_CASE("each dialect reads a good answer, its usage and its cost", "[providers]") {
    test::ProviderServer server;
    server.set_answer(kAnswer);
    const Dialect dialect = GENERATE(Dialect::responses, Dialect::chat, Dialect::messages);
    INFO(test::dialect_name(dialect));
    const Call c = call(server, dialect, "ok");
    REQUIRE(c.outcome.ok());
    CHECK_FALSE(c.outcome.failure);
    CHECK(c.outcome.attempts == 1);
    CHECK(c.received.size() == 1);
    CHECK(json::canonical(c.outcome.answer->document) == json::canonical(json::parse(kAnswer)));
    CHECK(c.outcome.answer->modelId == "test-model-2026");
    CHECK(c.outcome.answer->requestId.starts_with("req_"));
    // Responses and Chat: 1200 in / 80 out. Messages: 1000 + 150 cache writes + 50 cache reads.
    CHECK(c.outcome.usage.inputTokens == 1200);
    CHECK(c.outcome.usage.outputTokens == 80);
    CHECK(c.outcome.usage.totalTokens == 1280);
    REQUIRE(c.outcome.usage.costUsd);
    CHECK(*c.outcome.usage.costUsd == (1200 * 2.0 + 80 * 8.0) / 1e6);
    CHECK_FALSE(c.outcome.usage.unavailableReason);
    CHECK(c.outcome.warningCodes.empty());
}

TEST_CASE("each dialect posts to its path with its headers and pinned parameters", "[providers]") {
    test::ProviderServer server;
    const Call responses = call(server, Dialect::responses, "ok");
    const Call chat = call(server, Dialect::chat, "ok");
    const Call messages = call(server, Dialect::messages, "ok");
    REQUIRE(responses.received.size() == 1);
    REQUIRE(chat.received.size() == 1);
    REQUIRE(messages.received.size() == 1);

    CHECK(responses.received[0].requestLine() == "POST /ok/v1/responses HTTP/1.1");
    CHECK(chat.received[0].requestLine() == "POST /ok/v1/chat/completions HTTP/1.1");
    CHECK(messages.received[0].requestLine() == "POST /ok/v1/messages HTTP/1.1");

    const auto r = json::parse(responses.received[0].body());
    CHECK(*r.find("store") == json::Value(false));
    CHECK(r.find("seed") == nullptr);  // the Responses API has none
    CHECK(r.find("temperature")->as_double() == 0);
    CHECK(r.find("top_p")->as_double() == 1);
    const json::Value* format = r.find("text")->find("format");
    CHECK(format->find("type")->as_string() == "json_schema");
    CHECK(format->find("strict")->as_bool());
    CHECK(format->find("name")->as_string() == "report_findings");
    CHECK(*format->find("schema") == test::findings_schema());

    const auto ch = json::parse(chat.received[0].body());
    CHECK(ch.find("max_tokens")->as_integer() == 2048);
    CHECK(ch.find("max_completion_tokens") == nullptr);  // Ollama ignores it
    CHECK(ch.find("temperature")->as_double() == 0);
    CHECK(ch.find("top_p")->as_double() == 1);
    CHECK(ch.find("seed")->as_integer() == 42);
    const json::Value* rf = ch.find("response_format");
    CHECK(rf->find("type")->as_string() == "json_schema");
    CHECK(*rf->find("json_schema")->find("schema") == test::findings_schema());  // nested

    const auto m = json::parse(messages.received[0].body());
    CHECK(m.find("temperature")->as_double() == 0);
    CHECK(m.find("top_p") == nullptr);  // never beside temperature
    CHECK(m.find("tool_choice")->find("type")->as_string() == "tool");
    CHECK(m.find("tool_choice")->find("name")->as_string() == "report_findings");
    CHECK(*m.find("tools")->as_array().at(0).find("input_schema") == test::findings_schema());
    const std::string headers = messages.received[0].headerBlock();
    CHECK(headers.find("anthropic-version: 2023-06-01\r\n") != std::string::npos);
    CHECK(headers.find(std::string("x-api-key: ") + test::kTestKey + "\r\n") != std::string::npos);
    CHECK(responses.received[0].headerBlock().find(std::string("Authorization: Bearer ") +
                                                   test::kTestKey) != std::string::npos);
}

TEST_CASE("sampling = false sends no sampling parameter at all", "[providers]") {
    test::ProviderServer server;
    providers::HttpClient http;
    test::RecordingSleeper sleeper;
    providers::ProviderClient client(http, sleeper, test_key);
    for (const Dialect d : {Dialect::responses, Dialect::chat, Dialect::messages}) {
        auto b = test::test_binding(d, server.url("ok"));
        b.sampling = false;
        REQUIRE(client.call(b, test::findings_request(nullptr)).ok());
    }
    const auto received = server.requests();
    REQUIRE(received.size() == 3);
    for (const auto& req : received) {
        const auto body = json::parse(req.body());
        CHECK(body.find("temperature") == nullptr);
        CHECK(body.find("top_p") == nullptr);
    }
}

TEST_CASE("the request bodies follow OpenAI's CreateResponse and CreateChatCompletionRequest",
          "[providers]") {
    const auto create_response = json::SchemaValidator::from_file(
        std::string(QA_SOURCE_DIR) + "/tests/fixtures/openai/create-response.schema.json");
    const auto create_chat = json::SchemaValidator::from_file(
        std::string(QA_SOURCE_DIR) +
        "/tests/fixtures/openai/create-chat-completion-request.schema.json");
    test::ProviderServer server;
    const auto responses_body = call(server, Dialect::responses, "ok").received.at(0).body();
    const auto chat_body = call(server, Dialect::chat, "ok").received.at(0).body();
    CHECK(create_response.validate(responses_body).empty());
    CHECK(create_chat.validate(chat_body).empty());
    // The validators do reject: the chat body is not a CreateResponse (no input), and a chat
    // body with a temperature above 2 is not a chat request.
    auto bad = json::parse(chat_body);
    for (auto& [k, v] : bad.as_object()) {
        if (k == "temperature") {
            v = 3.0;
        }
    }
    CHECK_FALSE(create_chat.validate(bad).empty());
    auto no_messages = json::parse(chat_body);
    std::erase_if(no_messages.as_object(), [](const auto& m) { return m.first == "messages"; });
    CHECK_FALSE(create_chat.validate(no_messages).empty());
}

namespace {

struct FaultCase {
    std::string script;
    Dialect dialect;
    ErrorCode code;
    int attempts;
    std::vector<std::int64_t> waits;
};

}  // namespace

TEST_CASE("every injected fault maps to its code after the seed's retries", "[providers]") {
    test::ProviderServer server;
    const std::vector<FaultCase> cases = {
        // Transient: retried twice, at 500 then 1500 ms.
        {"status-429", Dialect::responses, ErrorCode::PROVIDER_RATE_LIMIT, 3, {500, 1500}},
        {"status-429", Dialect::messages, ErrorCode::PROVIDER_RATE_LIMIT, 3, {500, 1500}},
        // A longer Retry-After is honoured; a shorter one does not shorten the fixed wait.
        {"status-429-ra-3", Dialect::responses, ErrorCode::PROVIDER_RATE_LIMIT, 3, {3000, 3000}},
        {"status-429-ra-1", Dialect::chat, ErrorCode::PROVIDER_RATE_LIMIT, 3, {1000, 1500}},
        {"status-429-ra-600", Dialect::messages, ErrorCode::PROVIDER_RATE_LIMIT, 3, {60000, 60000}},
        {"status-500", Dialect::responses, ErrorCode::PROVIDER_UNAVAILABLE, 3, {500, 1500}},
        {"status-502", Dialect::chat, ErrorCode::PROVIDER_UNAVAILABLE, 3, {500, 1500}},
        {"status-503", Dialect::chat, ErrorCode::PROVIDER_UNAVAILABLE, 3, {500, 1500}},
        {"status-529", Dialect::messages, ErrorCode::PROVIDER_UNAVAILABLE, 3, {500, 1500}},
        {"status-408", Dialect::responses, ErrorCode::PROVIDER_TIMEOUT, 3, {500, 1500}},
        {"truncated", Dialect::responses, ErrorCode::PROVIDER_UNAVAILABLE, 3, {500, 1500}},
        {"truncated", Dialect::messages, ErrorCode::PROVIDER_UNAVAILABLE, 3, {500, 1500}},
        // Terminal: one attempt.
        {"status-401", Dialect::responses, ErrorCode::PROVIDER_AUTH_ERROR, 1, {}},
        {"status-401", Dialect::messages, ErrorCode::PROVIDER_AUTH_ERROR, 1, {}},
        {"status-403", Dialect::chat, ErrorCode::PROVIDER_AUTH_ERROR, 1, {}},
        {"status-400", Dialect::responses, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"status-404", Dialect::messages, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"quota", Dialect::responses, ErrorCode::PROVIDER_RATE_LIMIT, 1, {}},
        {"quota", Dialect::messages, ErrorCode::PROVIDER_RATE_LIMIT, 1, {}},
        {"malformed", Dialect::responses, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"malformed", Dialect::chat, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"badschema", Dialect::responses, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"badschema", Dialect::chat, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"badschema", Dialect::messages, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"refusal", Dialect::responses, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"refusal", Dialect::chat, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"refusal", Dialect::messages, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"incomplete", Dialect::responses, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"incomplete", Dialect::chat, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"incomplete", Dialect::messages, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
        {"big", Dialect::responses, ErrorCode::PROVIDER_UNAVAILABLE, 1, {}},
    };
    for (const auto& fc : cases) {
        INFO(fc.script << " on " << test::dialect_name(fc.dialect));
        const Call c = call(server, fc.dialect, fc.script);
        CHECK_FALSE(c.outcome.ok());
        REQUIRE(c.outcome.failure);
        CHECK(c.outcome.failure->code == fc.code);
        CHECK(c.outcome.attempts == fc.attempts);
        CHECK(static_cast<int>(c.received.size()) == fc.attempts);
        CHECK(c.waits == fc.waits);
        CHECK(c.outcome.waitsMs == fc.waits);
        CHECK(c.outcome.failure->message.find(test::kTestKey) == std::string::npos);
        CHECK(c.outcome.failure->message.find("fault injected") == std::string::npos);
    }
}

TEST_CASE("a refused or cut-short answer still reports the tokens it cost", "[providers]") {
    test::ProviderServer server;
    const Call c = call(server, Dialect::messages, "refusal");
    REQUIRE(c.outcome.failure);
    CHECK(c.outcome.usage.inputTokens == 1200);
    const Call down = call(server, Dialect::messages, "status-401");
    CHECK_FALSE(down.outcome.usage.inputTokens);
    CHECK(down.outcome.usage.unavailableReason == UsageUnavailableReason::ADAPTER_ERROR);
}

TEST_CASE("a slow answer past the timeout is PROVIDER_TIMEOUT after three attempts",
          "[providers]") {
    test::ProviderServer server;
    const Call c = call(server, Dialect::responses, "slow-5000", 300);
    REQUIRE(c.outcome.failure);
    CHECK(c.outcome.failure->code == ErrorCode::PROVIDER_TIMEOUT);
    CHECK(c.outcome.attempts == 3);
    CHECK(c.received.size() == 3);
    CHECK(c.waits == std::vector<std::int64_t>{500, 1500});
}

TEST_CASE("a transient failure followed by a good answer succeeds on the retry", "[providers]") {
    test::ProviderServer server;
    const Call c = call(server, Dialect::chat, "status-503,status-429,ok");
    REQUIRE(c.outcome.ok());
    CHECK(c.outcome.attempts == 3);
    CHECK(c.waits == std::vector<std::int64_t>{500, 1500});
}

TEST_CASE("an unreachable provider is PROVIDER_UNAVAILABLE after three attempts", "[providers]") {
    int port = 0;
    {
        test::ProviderServer gone;  // an ephemeral port that nothing listens on any more
        port = gone.port();
    }
    providers::HttpClient http;
    test::RecordingSleeper sleeper;
    providers::ProviderClient client(http, sleeper, test_key);
    const auto b =
        test::test_binding(Dialect::responses, "http://127.0.0.1:" + std::to_string(port) + "/ok");
    const auto out = client.call(b, test::findings_request(nullptr));
    REQUIRE(out.failure);
    CHECK(out.failure->code == ErrorCode::PROVIDER_UNAVAILABLE);
    CHECK(out.attempts == 3);
}

TEST_CASE("missing usage and a missing price table give null metrics with reasons", "[providers]") {
    test::ProviderServer server;
    const Call no_usage = call(server, Dialect::responses, "nousage");
    REQUIRE(no_usage.outcome.ok());
    CHECK_FALSE(no_usage.outcome.usage.inputTokens);
    CHECK_FALSE(no_usage.outcome.usage.outputTokens);
    CHECK_FALSE(no_usage.outcome.usage.totalTokens);
    CHECK_FALSE(no_usage.outcome.usage.costUsd);
    CHECK(no_usage.outcome.usage.unavailableReason == UsageUnavailableReason::MISSING_USAGE_DATA);
    CHECK(no_usage.outcome.warningCodes ==
          std::vector<ErrorCode>{ErrorCode::PROVIDER_USAGE_UNAVAILABLE});

    providers::HttpClient http;
    test::RecordingSleeper sleeper;
    providers::ProviderClient client(http, sleeper, test_key);
    auto b = test::test_binding(Dialect::messages, server.url("ok"));
    b.prices.reset();
    const auto out = client.call(b, test::findings_request(nullptr));
    REQUIRE(out.ok());
    CHECK(out.usage.inputTokens == 1200);
    CHECK_FALSE(out.usage.costUsd);
    CHECK(out.usage.unavailableReason == UsageUnavailableReason::PROVIDER_NOT_SUPPORTED);
    CHECK(out.warningCodes == std::vector<ErrorCode>{ErrorCode::PROVIDER_USAGE_UNAVAILABLE});
}

TEST_CASE("an unset key variable fails with PROVIDER_AUTH_ERROR before any request",
          "[providers]") {
    test::ProviderServer server;
    providers::HttpClient http;
    test::RecordingSleeper sleeper;
    providers::ProviderClient client(http, sleeper,
                                     [](const std::string&) { return std::nullopt; });
    const auto out = client.call(test::test_binding(Dialect::responses, server.url("ok")),
                                 test::findings_request(nullptr));
    REQUIRE(out.failure);
    CHECK(out.failure->code == ErrorCode::PROVIDER_AUTH_ERROR);
    CHECK(out.failure->message.find(test::kTestKeyEnv) != std::string::npos);
    CHECK(out.attempts == 0);
    CHECK(server.requests().empty());
}

TEST_CASE("the key travels only in its header, once per request", "[providers]") {
    test::ProviderServer server;
    call(server, Dialect::responses, "status-500,ok");
    call(server, Dialect::chat, "status-502,ok");
    call(server, Dialect::messages, "status-529,ok");
    const auto received = server.requests();
    REQUIRE(received.size() == 6);
    for (const auto& req : received) {
        const std::string& raw = req.raw;
        const auto first = raw.find(test::kTestKey);
        REQUIRE(first != std::string::npos);
        CHECK(raw.find(test::kTestKey, first + 1) == std::string::npos);
        CHECK(req.body().find(test::kTestKey) == std::string::npos);
        const auto line_start = raw.rfind("\r\n", first) + 2;
        const std::string line = raw.substr(line_start, raw.find("\r\n", first) - line_start);
        const bool in_its_header = line == std::string("x-api-key: ") + test::kTestKey ||
                                   line == std::string("Authorization: Bearer ") + test::kTestKey;
        CHECK(in_its_header);
    }
}

TEST_CASE("the stop check cancels a call in flight and a wait between attempts", "[providers]") {
    test::ProviderServer server;
    providers::HttpClient http;
    const providers::ThreadSleeper sleeper;
    providers::ProviderClient client(http, sleeper, test_key);

    std::stop_source in_flight;
    std::jthread canceller([&] {
        while (server.requests().empty()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        in_flight.request_stop();
    });
    const auto slow = client.call(test::test_binding(Dialect::responses, server.url("slow-30000")),
                                  test::findings_request(nullptr),
                                  util::CancellationToken(in_flight.get_token()));
    canceller.join();
    REQUIRE(slow.failure);
    CHECK(slow.failure->code == ErrorCode::PROVIDER_TIMEOUT);
    CHECK(slow.attempts == 1);

    // Retry-After 60 s: the stop check ends the wait, no second attempt is made. The sleeper
    // says when the wait has begun, so the stop never lands during the transfer instead.
    struct SignallingSleeper final : providers::Sleeper {
        providers::ThreadSleeper real;
        mutable std::atomic<bool> sleeping{false};
        bool sleep_for(std::chrono::milliseconds delay,
                       const util::CancellationToken& stop) const override {
            sleeping = true;
            return real.sleep_for(delay, stop);
        }
    };
    const SignallingSleeper signalling;
    providers::ProviderClient waiting_client(http, signalling, test_key);
    std::stop_source waiting;
    std::jthread canceller2([&] {
        while (!signalling.sleeping) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        waiting.request_stop();
    });
    const auto waited = waiting_client.call(
        test::test_binding(Dialect::messages, server.url("status-429-ra-60")),
        test::findings_request(nullptr), util::CancellationToken(waiting.get_token()));
    canceller2.join();
    REQUIRE(waited.failure);
    CHECK(waited.failure->code == ErrorCode::PROVIDER_TIMEOUT);
    CHECK(waited.attempts == 1);
    CHECK(waited.waitsMs == std::vector<std::int64_t>{60000});
}

TEST_CASE("one client reuses its connection for the requests of a run", "[providers]") {
    test::ProviderServer server;
    providers::HttpClient http;
    test::RecordingSleeper sleeper;
    providers::ProviderClient client(http, sleeper, test_key);
    const auto b = test::test_binding(Dialect::responses, server.url("ok"));
    REQUIRE(client.call(b, test::findings_request(nullptr)).ok());
    REQUIRE(client.call(b, test::findings_request(nullptr)).ok());
    const auto received = server.requests();
    REQUIRE(received.size() == 2);
    CHECK(received[0].peerPort == received[1].peerPort);

    // A second client is a second connection: the check above can fail.
    providers::HttpClient other_http;
    providers::ProviderClient other(other_http, sleeper, test_key);
    REQUIRE(other.call(b, test::findings_request(nullptr)).ok());
    CHECK(server.requests().at(2).peerPort != received[0].peerPort);
}

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "config/config.hpp"
#include "providers/binding.hpp"

using namespace qa;

namespace {

const std::vector<std::string> kLenses = {"architecture", "consistency", "performance",
                                          "phase",        "security",    "style"};

config::Config parse(const std::string& text) {
    return config::parse_config(text, "cfg.toml", kLenses);
}

std::string error_of(const std::string& text) {
    try {
        (void)parse(text);
    } catch (const settings::ConfigError& e) {
        return e.what();
    }
    FAIL("config was accepted:\n" << text);
    return {};
}

}  // namespace

TEST_CASE("a [providers] table becomes a pinned binding", "[providers][config]") {
    const auto c = parse(R"(
[providers.local]
adapter = "openai-codex"
api = "chat_completions"
base_url = "http://localhost:11434/v1/"
model = "qwen2.5-coder:7b"
api_key_env = "OLLAMA_API_KEY"
sampling = false
seed = 7
timeout_ms = 1234
max_tokens = 999
input_usd_per_mtok = 1.5
output_usd_per_mtok = 6

[providers.claude]
adapter = "anthropic-claude"
model = "claude-sonnet-4-5"
api_key_env = "ANTHROPIC_API_KEY"

[providers.codex]
adapter = "openai-codex"
model = "gpt-5.1-codex"
api_key_env = "OPENAI_API_KEY"
)");
    REQUIRE(c.providers.size() == 3);
    const auto find = [&](const std::string& id) {
        for (const auto& p : c.providers) {
            if (p.bindingId == id) {
                return providers::binding_from(p);
            }
        }
        FAIL("no binding " << id);
        return providers::Binding{};
    };
    const auto local = find("local");
    CHECK(local.api == providers::OpenAiApi::chat_completions);
    CHECK(local.baseUrl == "http://localhost:11434/v1");  // trailing '/' removed
    CHECK_FALSE(local.sampling);
    CHECK(local.pinned.seed == 7);
    CHECK(local.pinned.timeoutMs == 1234);
    CHECK(local.pinned.maxTokens == 999);
    REQUIRE(local.prices);
    CHECK(local.prices->inputUsdPerMtok == 1.5);
    CHECK(local.prices->outputUsdPerMtok == 6.0);
    CHECK(local.apiKeyEnv == "OLLAMA_API_KEY");
    // The seed's literals.
    CHECK(local.pinned.temperature == 0);
    CHECK(local.pinned.topP == 1);
    CHECK(local.pinned.retryMax == 2);
    CHECK(local.pinned.retryBackoffMs == std::array<std::int64_t, 2>{500, 1500});
    CHECK(local.pinned.adapterVersion == providers::kAdapterVersion);

    const auto claude = find("claude");
    CHECK(claude.pinned.adapterId == contracts::AdapterId::anthropic_claude);
    CHECK(claude.baseUrl == providers::kAnthropicDefaultBaseUrl);
    CHECK(claude.sampling);
    CHECK_FALSE(claude.prices);

    const auto codex = find("codex");
    CHECK(codex.api == providers::OpenAiApi::responses);
    CHECK(codex.baseUrl == providers::kOpenAiDefaultBaseUrl);
}

TEST_CASE("provider keys that cannot work are config errors", "[providers][config]") {
    CHECK_THAT(error_of("[providers.a]\nadapter = \"anthropic-claude\"\nmodel = \"m\"\n"
                        "api_key_env = \"K\"\napi = \"chat_completions\"\n"),
               Catch::Contains("providers.a.api") && Catch::Contains("only an openai-codex"));
    CHECK_THAT(error_of("[providers.a]\nadapter = \"openai-codex\"\nmodel = \"m\"\n"
                        "api_key_env = \"K\"\napi = \"completions\"\n"),
               Catch::Contains("providers.a.api"));
    CHECK_THAT(error_of("[providers.a]\nadapter = \"openai-codex\"\nmodel = \"m\"\n"
                        "api_key_env = \"K\"\ninput_usd_per_mtok = 1.0\n"),
               Catch::Contains("providers.a.input_usd_per_mtok") && Catch::Contains("both"));
    CHECK_THAT(error_of("[providers.a]\nadapter = \"openai-codex\"\nmodel = \"m\"\n"
                        "api_key_env = \"K\"\nsampling = \"no\"\n"),
               Catch::Contains("providers.a.sampling"));
}

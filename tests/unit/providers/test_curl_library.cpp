// libcurl is loaded at the first request (providers/curl_library). A library that cannot be
// loaded, or lacks a function, makes every request fail as a value: PROVIDER_UNAVAILABLE, not
// retried, nothing sent, never a crash. The loaded one serves requests (the other provider tests
// and the model-lens integration tests go through it).
#include <catch2/catch.hpp>

#include "providers/curl_library.hpp"
#include "providers/http_client.hpp"
#include "providers/provider_client.hpp"
#include "support/provider_server.hpp"
#include "unit/providers/provider_test_support.hpp"

using namespace qa;
using qa::contracts::ErrorCode;
using qa::test::Dialect;

namespace {

std::optional<std::string> test_key(const std::string& name) {
    if (name == test::kTestKeyEnv) {
        return std::string(test::kTestKey);
    }
    return std::nullopt;
}

constexpr const char* kMissing = "libqa-skill-test-no-such-curl.so.4";

}  // namespace

TEST_CASE("libcurl.so.4 loads with every function the client calls", "[providers][curl]") {
    const providers::CurlLibrary curl;
    INFO(curl.error());
    REQUIRE(curl.loaded());
    CHECK(curl.error().empty());
    CHECK(std::string(curl.easy_strerror(CURLE_COULDNT_CONNECT)) == "Couldn't connect to server");
}

TEST_CASE("a missing libcurl, or a library without curl's functions, is an error value",
          "[providers][curl]") {
    const providers::CurlLibrary missing(kMissing);
    CHECK_FALSE(missing.loaded());
    CHECK(missing.error().find("libcurl cannot be loaded") != std::string::npos);
    CHECK(missing.error().find(kMissing) != std::string::npos);

    const providers::CurlLibrary not_curl("libc.so.6");  // loads, but has no curl_global_init
    CHECK_FALSE(not_curl.loaded());
    CHECK(not_curl.error().find("lacks curl_global_init") != std::string::npos);
}

TEST_CASE("without libcurl a provider call is PROVIDER_UNAVAILABLE at once and sends nothing",
          "[providers][curl]") {
    test::ProviderServer server;
    providers::HttpClient http(kMissing);
    providers::HttpRequest request;
    request.url = server.url("ok") + "/v1/chat/completions";
    const auto response = http.post(request);
    CHECK(response.transport == providers::TransportStatus::no_library);
    CHECK(response.status == 0);
    CHECK(response.transportError.find(kMissing) != std::string::npos);

    test::RecordingSleeper sleeper;
    providers::ProviderClient client(http, sleeper, test_key);
    const auto out = client.call(test::test_binding(Dialect::chat, server.url("ok")),
                                 test::findings_request(nullptr));
    REQUIRE(out.failure);
    CHECK(out.failure->code == ErrorCode::PROVIDER_UNAVAILABLE);
    CHECK(out.failure->message.find("libcurl cannot be loaded") != std::string::npos);
    CHECK(out.attempts == 1);  // loading again would fail again: no retry
    CHECK(sleeper.waits().empty());
    CHECK(server.requests().empty());
}

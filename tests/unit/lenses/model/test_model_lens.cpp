#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <thread>

#include "cache/key.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "lenses/model/prompt_template.hpp"
#include "unit/lenses/model/model_lens_fixture.hpp"
#include "util/sha256.hpp"
#include "verdict/aggregate.hpp"

using namespace qa;
using contracts::ErrorCode;
using contracts::LensStatus;
using contracts::RunMode;
using contracts::VerdictStatus;
using test::Dialect;

namespace {

bool has(const std::vector<ErrorCode>& codes, ErrorCode code) {
    return std::find(codes.begin(), codes.end(), code) != codes.end();
}

/// Two files: a.py adds lines 2-3 of 4, b.py adds line 1 of 2.
test::MemoryChanges two_files() {
    test::MemoryChanges c;
    c.add("src/a.py", "python", "import db\nfor u in users:\n    db.query(u)\nprint('done')\n",
          {2, 3});
    c.add("src/b.py", "python", "x = 1\ny = 2\n", {1});
    return c;
}

const char* kFindings = R"({"findings":[
 {"file":"src/a.py","startLine":3,"endLine":3,"severity":"high","ruleId":"perf.query-in-loop",
  "summary":"A query per user","rationale":"db.query runs once per loop pass."},
 {"file":"src/a.py","startLine":1,"endLine":1,"severity":"critical","ruleId":"perf.import",
  "summary":"Not an added line","rationale":"Line 1 is context."},
 {"file":"src/zzz.py","startLine":1,"endLine":2,"severity":"high","ruleId":"perf.other",
  "summary":"Not in the plan","rationale":"No such file."},
 {"file":"src/b.py","startLine":1,"endLine":1,"severity":"medium","ruleId":"perf.minor",
  "summary":"Minor","rationale":"Small waste."}]})";

std::string all_bytes(const test::ProviderServer& server) {
    std::string all;
    for (const auto& r : server.requests()) {
        all += r.raw;
    }
    return all;
}

}  // namespace

TEST_CASE("every model lens has a versioned prompt template with a hash", "[model-lens]") {
    for (const auto& [lens, sub] : std::vector<std::pair<std::string, std::optional<std::string>>>{
             {"performance", std::nullopt},
             {"consistency", std::nullopt},
             {"security", std::string("model-review")}}) {
        const auto t = lenses::model::prompt_template(lens, sub);
        REQUIRE(t);
        CHECK(t->hash.size() == 64);
        CHECK_FALSE(t->text.empty());
    }
    CHECK_FALSE(lenses::model::prompt_template("style", std::nullopt));
}

TEST_CASE("a model lens anchors the answer's findings to its added lines", "[model-lens]") {
    test::ProviderServer server;
    server.set_answer(kFindings);
    test::ModelRun run(test::test_binding(Dialect::responses, server.url("ok")), nullptr);
    const auto changes = two_files();
    const auto plan = test::model_plan(1, "performance", "test-responses", changes.paths());
    const auto r = run.run(plan, changes);

    REQUIRE(r.status == LensStatus::completed);
    CHECK_FALSE(r.degraded);
    CHECK(r.errorCodes.empty());
    REQUIRE(r.findings.size() == 2);
    // Sorted by the seed's conflict order: severity first.
    CHECK(r.findings[0].ruleId == "perf.query-in-loop");
    CHECK(r.findings[0].blocking);  // high >= block_at (default high)
    CHECK(r.findings[0].startLine == 3);
    CHECK(r.findings[0].evidence.find("rationale")->as_string() ==
          "db.query runs once per loop pass.");
    CHECK(r.findings[1].ruleId == "perf.minor");
    CHECK_FALSE(r.findings[1].blocking);
    const auto& summary = r.evidenceSummary;
    CHECK(std::count(summary.begin(), summary.end(),
                     "1 finding(s) dropped: not on the lens's lines") == 1);
    CHECK(std::count(summary.begin(), summary.end(),
                     "1 finding(s) dropped: file not in the plan") == 1);
    CHECK(summary.at(0) == "promptTemplateHash: " +
                               lenses::model::prompt_template("performance", std::nullopt)->hash);
    CHECK(r.usage.inputTokens == 1200);
    CHECK(r.adapterResponseHash == util::sha256_hex(json::canonical(json::parse(kFindings))));
    // The result is a valid lens-result.v1.
    CHECK(
        json::SchemaValidator::embedded("lens-result.v1").validate(contracts::to_json(r)).empty());

    // block_at = "critical": the high finding no longer blocks.
    test::ModelRun relaxed_run(test::test_binding(Dialect::responses, server.url("ok")), nullptr);
    relaxed_run.settings.blockAt = contracts::Severity::critical;
    const auto relaxed = relaxed_run.run(
        test::model_plan(1, "performance", "test-responses", changes.paths()), changes);
    REQUIRE(relaxed.findings.size() == 2);
    CHECK_FALSE(relaxed.findings[0].blocking);
}

TEST_CASE("the packet holds hunks with new-file line numbers, and the request is a CreateResponse",
          "[model-lens]") {
    test::ProviderServer server;
    test::ModelRun run(test::test_binding(Dialect::responses, server.url("ok")), nullptr);
    const auto changes = two_files();
    run.run(test::model_plan(1, "performance", "test-responses", changes.paths()), changes);
    const auto received = server.requests();
    REQUIRE(received.size() == 1);
    const std::string body = received[0].body();
    const auto request = json::parse(body);
    const std::string input = request.find("input")->as_string();
    CHECK(input ==
          "=== FILE src/a.py (python) ===\n+2| for u in users:\n+3|     db.query(u)\n"
          "=== FILE src/b.py (python) ===\n+1| x = 1\n");
    CHECK(request.find("instructions")->as_string() ==
          lenses::model::prompt_template("performance", std::nullopt)->text);
    const auto create_response = json::SchemaValidator::from_file(
        std::string(QA_SOURCE_DIR) + "/tests/fixtures/openai/create-response.schema.json");
    CHECK(create_response.validate(body).empty());
}

TEST_CASE("no secret leaves the machine: credential lines are masked before sending",
          "[model-lens]") {
    test::ProviderServer server;
    const std::string secret = std::string("FAKEfakefrL1spNxny") + "VmihA+2O76UMFxFkM+R5Kj";
    test::MemoryChanges changes;
    changes.add("src/settings.py", "python",
                "import os\naws_secret_access_key = \"" + secret + "\"\nREGION = 'eu'\n", {2, 3});
    for (const Dialect d : {Dialect::responses, Dialect::chat, Dialect::messages}) {
        const auto binding = test::test_binding(d, server.url("ok"));
        test::ModelRun run(binding, nullptr);
        const auto r = run.run(
            test::model_plan(1, "performance", binding.pinned.bindingId, changes.paths()), changes);
        CHECK(r.status == LensStatus::completed);
        CHECK(std::count(r.evidenceSummary.begin(), r.evidenceSummary.end(),
                         "1 line(s) masked: a credential rule matched") == 1);
    }
    const std::string sent = all_bytes(server);
    REQUIRE(server.requests().size() == 3);
    CHECK(sent.find(secret) == std::string::npos);
    CHECK(sent.find(secret.substr(0, 12)) == std::string::npos);
    CHECK(sent.find("+2| [masked: a credential was detected here]") != std::string::npos);
    CHECK(sent.find("REGION = 'eu'") != std::string::npos);  // the rest is still sent
}

TEST_CASE("seed test 5: a required model lens whose provider is down fails a strict run",
          "[model-lens][seed]") {
    test::ProviderServer server;
    test::ModelRun run(test::test_binding(Dialect::messages, server.url("status-529")), nullptr);
    const auto changes = two_files();
    const auto plan = test::model_plan(1, "performance", "test-messages", changes.paths(), true);
    const auto r = run.run(plan, changes);
    CHECK(r.status == LensStatus::failed);
    CHECK(r.degraded);
    CHECK(r.errorCodes == std::vector<ErrorCode>{ErrorCode::PROVIDER_UNAVAILABLE});
    CHECK(server.requests().size() == 3);  // retried twice
    const auto v = verdict::aggregate(RunMode::strict, {plan}, {r}, {});
    CHECK(v.status == VerdictStatus::FAIL);
    CHECK(v.failedRequiredLensIds == std::vector<std::string>{"performance"});
    CHECK(has(v.errorCodes, ErrorCode::LENS_REQUIRED_FAILED));
    CHECK(has(v.errorCodes, ErrorCode::PROVIDER_UNAVAILABLE));
}

TEST_CASE("seed test 6: a non-required model lens outage passes best_effort, degraded with codes",
          "[model-lens][seed]") {
    test::ProviderServer server;
    test::ModelRun run(test::test_binding(Dialect::responses, server.url("status-429")), nullptr);
    const auto changes = two_files();
    const auto plan = test::model_plan(1, "performance", "test-responses", changes.paths(), false);
    const auto r = run.run(plan, changes);
    CHECK(r.status == LensStatus::failed);
    CHECK(r.errorCodes == std::vector<ErrorCode>{ErrorCode::PROVIDER_RATE_LIMIT});
    const auto v = verdict::aggregate(RunMode::best_effort, {plan}, {r}, {});
    CHECK(v.status == VerdictStatus::PASS);
    CHECK(v.degraded);
    CHECK(has(v.errorCodes, ErrorCode::PROVIDER_RATE_LIMIT));
    // The same outage of the same lens, required: FAIL even in best_effort.
    auto required = plan;
    required.required = true;
    CHECK(verdict::aggregate(RunMode::best_effort, {required}, {r}, {}).status ==
          VerdictStatus::FAIL);
}

TEST_CASE("seed test 7: a budget overflow applies the plan's policy before any call",
          "[model-lens][seed]") {
    test::ProviderServer server;
    const auto changes = two_files();
    struct Case {
        contracts::OverflowPolicy policy;
        bool required;
        RunMode mode;
        LensStatus status;
        VerdictStatus verdict;
    };
    using P = contracts::OverflowPolicy;
    const std::vector<Case> cases = {
        {P::stop, true, RunMode::strict, LensStatus::failed, VerdictStatus::FAIL},
        {P::stop, false, RunMode::best_effort, LensStatus::failed, VerdictStatus::PASS},
        {P::skip, false, RunMode::best_effort, LensStatus::skipped, VerdictStatus::PASS},
        {P::skip, true, RunMode::strict, LensStatus::skipped, VerdictStatus::FAIL},
        {P::escalate, false, RunMode::best_effort, LensStatus::degraded, VerdictStatus::PASS},
        {P::escalate, true, RunMode::best_effort, LensStatus::degraded, VerdictStatus::FAIL},
    };
    for (const bool run_level : {false, true}) {
        for (const auto& c : cases) {
            INFO((run_level ? "run" : "lens")
                 << " budget, policy " << contracts::to_string(c.policy) << ", required "
                 << c.required);
            // Lens level: max_input_tokens below the estimate. Run level: run_max_tokens below
            // the reservation (estimate + output cap).
            test::ModelRun run(test::test_binding(Dialect::responses, server.url("ok")), nullptr,
                               {1}, run_level ? 1000 : 300000);
            auto plan =
                test::model_plan(1, "performance", "test-responses", changes.paths(), c.required);
            plan.overflowPolicy = c.policy;
            if (!run_level) {
                plan.maxInputTokens = 10;
            }
            const auto r = run.run(plan, changes);
            const ErrorCode code =
                run_level ? ErrorCode::BUDGET_RUN_EXCEEDED : ErrorCode::BUDGET_LENS_EXCEEDED;
            CHECK(r.status == c.status);
            CHECK(r.degraded);
            CHECK(r.findings.empty());
            if (c.policy == P::escalate) {
                CHECK(has(r.warningCodes, code));
            } else {
                CHECK(has(r.errorCodes, code));
            }
            CHECK(verdict::aggregate(c.mode, {plan}, {r}, {}).status == c.verdict);
        }
    }
    CHECK(server.requests().empty());  // no overflow ever reached the provider
}

TEST_CASE("the run budget admits plans in queue order, by reservations, at any timing",
          "[model-lens][seed]") {
    test::ProviderServer server;
    const auto changes = two_files();
    // Each reservation is about 1000 input tokens (estimate) + 4000 output: two fit in 11000.
    const auto run_once = [&](bool reverse) {
        test::ModelRun run(test::test_binding(Dialect::responses, server.url("ok")), nullptr,
                           {1, 2, 3}, 11000);
        std::vector<contracts::LensResult> results(3);
        std::vector<std::jthread> threads;
        for (int k = 0; k < 3; ++k) {
            const int i = reverse ? 2 - k : k;
            threads.emplace_back([&, i] {
                results[static_cast<std::size_t>(i)] = run.run(
                    test::model_plan(i + 1, "performance", "test-responses", changes.paths()),
                    changes);
            });
        }
        threads.clear();
        return results;
    };
    for (const bool reverse : {false, true}) {
        const auto results = run_once(reverse);
        CHECK(results[0].status == LensStatus::completed);
        CHECK(results[1].status == LensStatus::completed);
        CHECK(results[2].status == LensStatus::failed);
        CHECK(has(results[2].errorCodes, ErrorCode::BUDGET_RUN_EXCEEDED));
    }
}

TEST_CASE("seed test 8: unknown usage is null with reasons and aggregates deterministically",
          "[model-lens][seed]") {
    test::ProviderServer server;
    const auto changes = two_files();
    auto no_prices = test::test_binding(Dialect::chat, server.url("ok"));
    no_prices.prices.reset();
    test::ModelRun priced_run(test::test_binding(Dialect::responses, server.url("ok")), nullptr);
    test::ModelRun unpriced_run(no_prices, nullptr);
    test::ModelRun no_usage_run(test::test_binding(Dialect::messages, server.url("nousage")),
                                nullptr);
    auto p1 = test::model_plan(1, "performance", "test-responses", changes.paths());
    auto p2 = test::model_plan(2, "performance", "test-chat_completions", changes.paths());
    auto p3 = test::model_plan(3, "performance", "test-messages", changes.paths());
    const auto priced = priced_run.run(p1, changes);
    const auto unpriced = unpriced_run.run(p2, changes);
    const auto no_usage = no_usage_run.run(p3, changes);

    CHECK(priced.usage.costUsd);
    CHECK_FALSE(priced.usage.unavailableReason);
    CHECK(unpriced.usage.totalTokens == 1280);
    CHECK_FALSE(unpriced.usage.costUsd);
    CHECK(unpriced.usage.unavailableReason ==
          contracts::UsageUnavailableReason::PROVIDER_NOT_SUPPORTED);
    CHECK(has(unpriced.warningCodes, ErrorCode::PROVIDER_USAGE_UNAVAILABLE));
    CHECK_FALSE(no_usage.usage.inputTokens);
    CHECK_FALSE(no_usage.usage.totalTokens);
    CHECK(no_usage.usage.unavailableReason ==
          contracts::UsageUnavailableReason::MISSING_USAGE_DATA);
    // The fields are present as null in the artifact, and the artifact is schema-valid.
    const auto json = contracts::to_json(no_usage);
    const auto* usage = json.find("usage");
    CHECK(usage->find("inputTokens")->is_null());
    CHECK(usage->find("costUsd")->is_null());
    CHECK(usage->find("unavailableReason")->as_string() == "MISSING_USAGE_DATA");
    CHECK(json::SchemaValidator::embedded("lens-result.v1").validate(json).empty());

    // Aggregation (results in planOrdinal order, as a run keeps them): a null anywhere makes
    // the total null, with the reason of the first plan that had one; the same every time.
    const auto v1 =
        verdict::aggregate(RunMode::strict, {p1, p2, p3}, {priced, unpriced, no_usage}, {});
    const auto v2 =
        verdict::aggregate(RunMode::strict, {p1, p2, p3}, {priced, unpriced, no_usage}, {});
    CHECK_FALSE(v1.aggregateUsage.costUsd);
    CHECK_FALSE(v1.aggregateUsage.inputTokens);
    CHECK(v1.aggregateUsage.unavailableReason ==
          contracts::UsageUnavailableReason::PROVIDER_NOT_SUPPORTED);
    CHECK(json::canonical(contracts::to_json(v1.aggregateUsage)) ==
          json::canonical(contracts::to_json(v2.aggregateUsage)));
}

TEST_CASE("seed test 9: context past max_context_bytes is left out whole and recorded",
          "[model-lens][seed]") {
    test::ProviderServer server;
    const auto changes = two_files();
    // Room for src/a.py's section (69 bytes) but not for both.
    test::ModelRun run(test::test_binding(Dialect::responses, server.url("ok")), nullptr, {1},
                       300000, 80);
    auto plan = test::model_plan(1, "performance", "test-responses", changes.paths());
    const auto r = run.run(plan, changes);
    CHECK(r.status == LensStatus::degraded);
    CHECK(r.degraded);
    CHECK(has(r.warningCodes, ErrorCode::CONTEXT_BOUND_EXCEEDED));
    CHECK(std::count(r.evidenceSummary.begin(), r.evidenceSummary.end(),
                     "left out of the context packet (max_context_bytes): src/b.py") == 1);
    const auto received = server.requests();
    REQUIRE(received.size() == 1);
    const std::string input = json::parse(received[0].body()).find("input")->as_string();
    CHECK(input.find("src/a.py") != std::string::npos);
    CHECK(input.find("db.query(u)") != std::string::npos);  // whole, not cut
    CHECK(input.find("src/b.py") == std::string::npos);

    // Files the planner already left out count too.
    test::ModelRun roomy(test::test_binding(Dialect::responses, server.url("ok")), nullptr);
    plan.omittedFiles = {"src/c.py"};
    const auto planned = roomy.run(plan, changes);
    CHECK(planned.status == LensStatus::degraded);
    CHECK(has(planned.warningCodes, ErrorCode::CONTEXT_BOUND_EXCEEDED));
    // A degraded non-required lens with its code passes best_effort; required fails strict.
    plan.required = false;
    CHECK(verdict::aggregate(RunMode::best_effort, {plan}, {planned}, {}).status ==
          VerdictStatus::PASS);
}

TEST_CASE("the same change judged twice makes one provider call and identical results",
          "[model-lens][cache]") {
    test::ProviderServer server;
    server.set_answer(kFindings);
    test::TempDir dir;
    cache::Store store(dir.path() / "cache");
    const auto changes = two_files();
    const auto plan = test::model_plan(1, "performance", "test-messages", changes.paths());
    const auto binding = test::test_binding(Dialect::messages, server.url("ok"));

    test::ModelRun first(binding, &store);
    const auto a = first.run(plan, changes);
    test::ModelRun second(binding, &store);
    const auto b = second.run(plan, changes);
    CHECK(server.requests().size() == 1);
    REQUIRE(a.status == LensStatus::completed);
    CHECK(contracts::canonical_json(a) == contracts::canonical_json(b));
    const auto p1 = first.provenance.to_json().find("calls")->as_array().at(0);
    const auto p2 = second.provenance.to_json().find("calls")->as_array().at(0);
    CHECK_FALSE(p1.find("cacheHit")->as_bool());
    CHECK(p1.find("requestId")->as_string().starts_with("req_"));
    CHECK(p2.find("cacheHit")->as_bool());
    CHECK(p1.find("cacheKey")->as_string() == p2.find("cacheKey")->as_string());
    CHECK(p1.find("cacheKey")->as_string().starts_with("performance:"));

    // The key covers the request: another change is a miss; a corrupt entry is a miss.
    auto other = two_files();
    other.add("src/b.py", "python", "x = 3\ny = 2\n", {1});
    test::ModelRun third(binding, &store);
    third.run(plan, other);
    CHECK(server.requests().size() == 2);
    for (const auto& entry : std::filesystem::directory_iterator(dir.path() / "cache")) {
        std::ofstream(entry.path(), std::ios::trunc) << "garbage";
    }
    test::ModelRun fourth(binding, &store);
    CHECK(contracts::canonical_json(fourth.run(plan, changes)) == contracts::canonical_json(a));
    CHECK(server.requests().size() == 3);
    // No cache entry holds the API key.
    for (const auto& entry : std::filesystem::directory_iterator(dir.path() / "cache")) {
        std::ifstream in(entry.path());
        const std::string text((std::istreambuf_iterator<char>(in)), {});
        CHECK(text.find(test::kTestKey) == std::string::npos);
    }
}

TEST_CASE("cache_ttl_minutes = 0 replays nothing, a set ttl dates the entry",
          "[model-lens][cache]") {
    test::ProviderServer server;
    test::TempDir dir;
    cache::Store store(dir.path() / "cache");
    const auto changes = two_files();
    const auto plan = test::model_plan(1, "performance", "test-responses", changes.paths());
    const auto binding = test::test_binding(Dialect::responses, server.url("ok"));
    for (int i = 0; i < 2; ++i) {
        test::ModelRun run(binding, &store);
        run.settings.cacheTtl = std::chrono::minutes(0);
        CHECK(run.run(plan, changes).status == LensStatus::completed);
    }
    CHECK(server.requests().size() == 2);
    CHECK_FALSE(std::filesystem::exists(dir.path() / "cache"));

    test::ModelRun timed(binding, &store);
    timed.settings.cacheTtl = std::chrono::minutes(90);
    const auto before = cache::now_seconds();
    timed.run(plan, changes);
    const auto entries = std::distance(std::filesystem::directory_iterator(dir.path() / "cache"),
                                       std::filesystem::directory_iterator());
    CHECK(entries == 1);
    // Live for 90 minutes from the write, expired after.
    const std::string cache_key =
        timed.provenance.to_json().find("calls")->as_array().at(0).find("cacheKey")->as_string();
    const auto parsed = cache::parse_key(cache_key);
    REQUIRE(parsed);
    CHECK(store.get(*parsed, before + std::chrono::minutes(89)).hit());
    CHECK(store.get(*parsed, before + std::chrono::minutes(91)).status ==
          cache::LookupStatus::Expired);
}

TEST_CASE("a schema-breaking or refused answer is a failed lens with its code", "[model-lens]") {
    test::ProviderServer server;
    const auto changes = two_files();
    for (const std::string script : {"badschema", "refusal", "incomplete", "malformed"}) {
        INFO(script);
        test::ModelRun run(test::test_binding(Dialect::responses, server.url(script)), nullptr);
        const auto r =
            run.run(test::model_plan(1, "performance", "test-responses", changes.paths()), changes);
        CHECK(r.status == LensStatus::failed);
        CHECK(r.errorCodes == std::vector<ErrorCode>{ErrorCode::PROVIDER_UNAVAILABLE});
        CHECK(r.findings.empty());
    }
}

#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "unit/contracts/samples.hpp"

using namespace qa;
namespace c = qa::contracts;
namespace s = qa::test::contracts_samples;

namespace {

/// Written canonically, read back equal, and written again to the same bytes 100 times.
template <class T>
std::string check_round_trip(const T& value) {
    std::string text = json::canonical(c::to_json(value));
    const T back = c::from_json_text<T>(text);
    CHECK(back == value);
    CHECK(json::canonical(c::to_json(back)) == text);
    for (int i = 0; i < 100; ++i) {
        REQUIRE(json::canonical(c::to_json(value)) == text);
    }
    return text;
}

/// The value is valid under the embedded schema `schema_id`.
void check_schema_valid(const std::string& schema_id, const std::string& text) {
    const auto errors = json::SchemaValidator::embedded(schema_id).validate(text);
    for (const auto& e : errors) {
        INFO(schema_id << ": " << e.pointer << ": " << e.message);
    }
    CHECK(errors.empty());
}

/// The reader of T refuses `doc` with an error at `pointer`; returns the message.
template <class T>
std::string parser_error(const json::Value& doc, const std::string& pointer) {
    try {
        (void)c::from_json<T>(doc);
    } catch (const json::Error& e) {
        CHECK(e.pointer() == pointer);
        return e.what();
    }
    FAIL("reader accepted an invalid document");
    return "";
}

/// The schema refuses `doc` with at least one error at one of `pointers`.
void check_schema_rejects(const std::string& schema_id, const json::Value& doc,
                          const std::vector<std::string>& pointers) {
    const auto errors = json::SchemaValidator::embedded(schema_id).validate(doc);
    REQUIRE_FALSE(errors.empty());
    bool found = false;
    for (const auto& e : errors) {
        INFO(e.pointer << ": " << e.message);
        for (const auto& p : pointers) {
            found = found || e.pointer == p;
        }
    }
    CHECK(found);
}

json::Value& member(json::Value& object, std::string_view key) {
    for (auto& [k, v] : object.as_object()) {
        if (k == key) {
            return v;
        }
    }
    FAIL("no member " << std::string(key));
    return object;
}

void erase_member(json::Value& object, std::string_view key) {
    auto& members = object.as_object();
    const auto size = members.size();
    std::erase_if(members, [&](const auto& m) { return m.first == key; });
    REQUIRE(members.size() == size - 1);
}

}  // namespace

TEST_CASE("every contract type round-trips through canonical JSON", "[contracts]") {
    check_round_trip(s::usage_known());
    check_round_trip(s::usage_unknown());
    check_round_trip(s::binding());
    check_round_trip(s::binding_openai());
    check_round_trip(s::profile_sandboxed());
    check_round_trip(s::profile_read_only());
    check_round_trip(s::command_spec());
    check_round_trip(s::command_result());
    check_round_trip(s::finding());
    check_schema_valid("execution-audit.v1", check_round_trip(s::audit()));
    check_schema_valid("skill-input.v1", check_round_trip(s::skill_input()));
    check_schema_valid("lens-plan.v1", check_round_trip(s::plan_rule()));
    check_schema_valid("lens-plan.v1", check_round_trip(s::plan_model()));
    check_schema_valid("lens-plan.v1", check_round_trip(s::plan_exec()));
    check_schema_valid("lens-result.v1", check_round_trip(s::result_rule()));
    check_schema_valid("lens-result.v1", check_round_trip(s::result_model()));
    check_schema_valid("lens-result.v1", check_round_trip(s::result_exec()));
    check_schema_valid("final-verdict.v1", check_round_trip(s::verdict()));
    check_schema_valid("skill-result.v1", check_round_trip(s::skill_result()));
}

TEST_CASE("the parse_* helpers read what to_json wrote", "[contracts]") {
    const auto in = s::skill_input();
    CHECK(c::parse_skill_input(json::canonical(c::to_json(in))) == in);
    const auto result = s::skill_result();
    CHECK(c::parse_skill_result(json::canonical(c::to_json(result))) == result);
    CHECK(c::parse_lens_plan(json::canonical(c::to_json(s::plan_model()))) == s::plan_model());
    CHECK(c::parse_lens_result(json::canonical(c::to_json(s::result_exec()))) == s::result_exec());
    CHECK(c::parse_final_verdict(json::canonical(c::to_json(s::verdict()))) == s::verdict());
    CHECK(c::parse_execution_audit(json::canonical(c::to_json(s::audit()))) == s::audit());
    CHECK_THROWS_AS(c::parse_lens_plan("{not json"), json::Error);
}

TEST_CASE("nullable fields are written as null, never omitted", "[contracts]") {
    const std::string text = json::canonical(c::to_json(s::usage_unknown()));
    CHECK(text == R"({"costUsd":null,"inputTokens":null,"outputTokens":null,"totalTokens":null,)"
                  R"("unavailableReason":"PROVIDER_NOT_SUPPORTED"})");
    const std::string binding = json::canonical(c::to_json(s::binding()));
    CHECK(binding.find(R"("retryBackoffMs":[500,1500])") != std::string::npos);
    CHECK(binding.find(R"("retryMax":2,"seed":null,"temperature":0,)") != std::string::npos);
    CHECK(binding.find(R"("topP":1})") != std::string::npos);
}

TEST_CASE("a LensResult without usage is rejected by reader and schema", "[contracts]") {
    json::Value doc = c::to_json(s::result_rule());
    erase_member(doc, "usage");
    const std::string message = parser_error<c::LensResult>(doc, "/usage");
    CHECK_THAT(message, Catch::Contains("missing required field \"usage\""));
    check_schema_rejects("lens-result.v1", doc, {"", "/usage"});

    SECTION("nested in a SkillResult, the pointer leads to it") {
        json::Value result = c::to_json(s::skill_result());
        erase_member(member(result, "lensResults").as_array()[1], "usage");
        const std::string nested = parser_error<c::SkillResult>(result, "/lensResults/1/usage");
        CHECK_THAT(nested, Catch::Contains("SkillResult.lensResults[1]"));
        check_schema_rejects("skill-result.v1", result, {"/lensResults/1", "/lensResults/1/usage"});
    }
}

TEST_CASE("an unknown ErrorCode is rejected by reader and schema", "[contracts]") {
    json::Value doc = c::to_json(s::result_exec());
    member(doc, "errorCodes").as_array().push_back("EXECUTION_EXPLODED");
    const std::string message = parser_error<c::LensResult>(doc, "/errorCodes/2");
    CHECK_THAT(message, Catch::Contains("LensResult.errorCodes[2]"));
    CHECK_THAT(message, Catch::Contains("ErrorCode"));
    CHECK_THAT(message, Catch::Contains("\"EXECUTION_EXPLODED\""));
    check_schema_rejects("lens-result.v1", doc, {"/errorCodes/2"});

    SECTION("in a FinalVerdict too") {
        json::Value verdict = c::to_json(s::verdict());
        member(verdict, "errorCodes").as_array()[0] = "lens_required_failed";
        (void)parser_error<c::FinalVerdict>(verdict, "/errorCodes/0");
        check_schema_rejects("final-verdict.v1", verdict, {"/errorCodes/0"});
    }
}

TEST_CASE("a ProviderBinding with temperature 1 is rejected by reader and schema", "[contracts]") {
    json::Value doc = c::to_json(s::skill_input());
    member(member(doc, "providerBindings").as_array()[0], "temperature") = 1;
    const std::string message = parser_error<c::SkillInput>(doc, "/providerBindings/0/temperature");
    CHECK_THAT(message, Catch::Contains("temperature: expected the literal 0, got 1"));
    check_schema_rejects("skill-input.v1", doc, {"/providerBindings/0/temperature"});
}

TEST_CASE("the other literal fields hold exactly their one value", "[contracts]") {
    const json::Value good = c::to_json(s::binding());
    struct Case {
        const char* field;
        json::Value bad;
    };
    const std::vector<Case> cases = {
        {"topP", 0.9},
        {"retryMax", 3},
        {"retryBackoffMs", json::Array{500, 1000}},
        {"retryBackoffMs", json::Array{500, 1500, 4500}},
        {"temperature", "0"},
    };
    for (const auto& k : cases) {
        json::Value doc = good;
        member(doc, k.field) = k.bad;
        INFO(k.field);
        (void)parser_error<c::ProviderBinding>(doc, std::string("/") + k.field);
    }
    json::Value doc = good;
    member(doc, "temperature") = 0.0;  // the same JSON number as 0
    CHECK(c::from_json<c::ProviderBinding>(doc) == s::binding());

    json::Value plan = c::to_json(s::plan_rule());
    member(plan, "schemaVersion") = "lens-plan.v2";
    (void)parser_error<c::LensPlan>(plan, "/schemaVersion");
    check_schema_rejects("lens-plan.v1", plan, {"/schemaVersion"});

    json::Value input = c::to_json(s::skill_input());
    member(input, "vcs") = "hg";
    (void)parser_error<c::SkillInput>(input, "/vcs");
    check_schema_rejects("skill-input.v1", input, {"/vcs"});
}

TEST_CASE("an extra field is rejected by reader and schema", "[contracts]") {
    json::Value doc = c::to_json(s::plan_model());
    doc.as_object().emplace_back("priority", 3);
    const std::string message = parser_error<c::LensPlan>(doc, "/priority");
    CHECK_THAT(message, Catch::Contains("unknown field \"priority\""));
    check_schema_rejects("lens-plan.v1", doc, {"", "/priority"});

    SECTION("in a nested closed object") {
        json::Value result = c::to_json(s::result_exec());
        auto& audit = member(result, "executionAudit");
        member(audit, "commands").as_array()[0].as_object().emplace_back("stdout", "raw text");
        (void)parser_error<c::LensResult>(result, "/executionAudit/commands/0/stdout");
        check_schema_rejects(
            "lens-result.v1", result,
            {"/executionAudit", "/executionAudit/commands/0", "/executionAudit/commands/0/stdout"});
    }
    SECTION("Finding.evidence stays open") {
        json::Value finding = c::to_json(s::finding());
        member(finding, "evidence").as_object().emplace_back("anything", json::Object{});
        CHECK_NOTHROW(c::from_json<c::Finding>(finding));
    }
}

TEST_CASE("wrong types, non-integers and bounds are rejected with a pointer", "[contracts]") {
    const json::Value good = c::to_json(s::result_rule());
    struct Case {
        std::string pointer;
        std::function<void(json::Value&)> edit;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"/planOrdinal", [](json::Value& d) { member(d, "planOrdinal") = 1.5; },
         "expected an integer >= 0, got 1.5"},
        {"/planOrdinal", [](json::Value& d) { member(d, "planOrdinal") = -1; },
         "expected an integer >= 0, got -1"},
        {"/planOrdinal", [](json::Value& d) { member(d, "planOrdinal") = "0"; },
         "expected an integer >= 0, got \"0\""},
        {"/degraded", [](json::Value& d) { member(d, "degraded") = 0; }, "expected a boolean"},
        {"/subLensId", [](json::Value& d) { member(d, "subLensId") = 7; },
         "expected a string or null, got 7"},
        {"/status", [](json::Value& d) { member(d, "status") = "done"; },
         R"(expected one of "completed", "degraded", "failed", "skipped", got "done")"},
        {"/findings/0/startLine",
         [](json::Value& d) { member(member(d, "findings").as_array()[0], "startLine") = 0; },
         "LensResult.findings[0].startLine: expected an integer >= 1, got 0"},
        {"/findings/0/evidence",
         [](json::Value& d) {
             member(member(d, "findings").as_array()[0], "evidence") = json::Array{};
         },
         "expected an object"},
        {"/findings/0/evidenceHash",
         [](json::Value& d) {
             member(member(d, "findings").as_array()[0], "evidenceHash") = std::string(64, 'A');
         },
         "SHA-256"},
        {"/usage/costUsd", [](json::Value& d) { member(member(d, "usage"), "costUsd") = -0.5; },
         "expected a number >= 0 or null"},
        {"/usage/unavailableReason",
         [](json::Value& d) { member(member(d, "usage"), "unavailableReason") = "NOPE"; },
         "or null"},
        {"/evidenceSummary/0",
         [](json::Value& d) { member(d, "evidenceSummary").as_array()[0] = nullptr; },
         "LensResult.evidenceSummary[0]: expected a string, got null"},
        {"", [](json::Value& d) { d = json::Array{}; }, "expected an object (LensResult)"},
    };
    for (const auto& k : cases) {
        json::Value doc = good;
        k.edit(doc);
        INFO(k.pointer);
        const std::string message = parser_error<c::LensResult>(doc, k.pointer);
        CHECK_THAT(message, Catch::Contains(k.expected));
        check_schema_rejects("lens-result.v1", doc, {k.pointer});
    }
}

TEST_CASE("integral numbers count as integers, as in JSON Schema", "[contracts]") {
    const json::Value doc = json::parse(R"({"ordinal":2.0,"command":["make"],)"
                                        R"("cwdMode":"repo_root","purpose":"build"})");
    CHECK(c::from_json<c::ExecutionCommandSpec>(doc).ordinal == 2);
}

TEST_CASE("duplicate members are rejected", "[contracts]") {
    json::Value doc = c::to_json(s::command_spec());
    doc.as_object().emplace_back("purpose", "again");
    (void)parser_error<c::ExecutionCommandSpec>(doc, "/purpose");
}

TEST_CASE("errors point into the enclosing document when given its pointer", "[contracts]") {
    json::Value doc = c::to_json(s::plan_rule());
    member(doc, "lensClass") = "correctness";
    try {
        (void)c::from_json<c::LensPlan>(doc, "/3");
        FAIL("accepted");
    } catch (const json::Error& e) {
        CHECK(e.pointer() == "/3/lensClass");
    }
}

TEST_CASE("canonical_json writes findings and lens results as canonical(to_json) does",
          "[contracts]") {
    std::vector<c::Finding> findings;
    findings.push_back(s::finding());
    auto odd = s::finding();
    odd.subLensId = std::nullopt;
    odd.blocking = !odd.blocking;
    odd.summary =
        "quote \" backslash \\ newline \n tab \t control \x01 \xE2\x80\xA8 \xF0\x9F\x98\x80";
    odd.file = "dir/\xC3\xA9t\xC3\xA9.py";
    odd.evidence = json::Object{{"z", 1}, {"a", json::Array{1.5, "x", nullptr}}, {"m", "\"q\""}};
    odd.startLine = odd.endLine = 9007199254740991;  // 2^53 - 1
    findings.push_back(odd);
    for (const auto& f : findings) {
        CHECK(c::canonical_json(f) == json::canonical(c::to_json(f)));
    }
    for (auto r : {s::result_rule(), s::result_model(), s::result_exec()}) {
        INFO(r.lensId);
        CHECK(c::canonical_json(r) == json::canonical(c::to_json(r)));
        r.findings = findings;
        CHECK(c::canonical_json(r) == json::canonical(c::to_json(r)));
        r.findings.clear();
        CHECK(c::canonical_json(r) == json::canonical(c::to_json(r)));
    }
    auto bad = s::finding();
    bad.summary = "bad \xC0\xAF";
    CHECK_THROWS_AS(c::canonical_json(bad), json::Error);
}

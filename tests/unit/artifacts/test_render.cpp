#include <catch2/catch.hpp>

#include <string>

#include "artifacts/writer.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "unit/contracts/samples.hpp"
#include "util/embedded_files.hpp"

namespace s = qa::test::contracts_samples;

TEST_CASE("rendered artifacts are canonical JSON, in manifest order", "[artifacts]") {
    const auto files = qa::artifacts::render_run(s::skill_input(), s::skill_result());
    REQUIRE(files.size() == std::size(qa::artifacts::kArtifactFiles));
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string& name = files[i].name;
        const std::string bytes = files[i].bytes();
        INFO(name);
        CHECK(name == qa::artifacts::kArtifactFiles[i]);
        // Arrays are assembled from their elements' canonical forms: still one canonical text.
        CHECK(qa::json::canonical(qa::json::parse(bytes)) == bytes);
    }
    // skill-result.json is spliced from the other files' bytes: still exactly the whole value.
    CHECK(files[4].bytes() == qa::json::canonical(qa::contracts::to_json(s::skill_result())));
    CHECK(files[1].bytes().front() == '[');
    CHECK(files[1].bytes().find(qa::json::canonical(
              qa::contracts::to_json(s::skill_result().lensPlans.front()))) == 1);
}

TEST_CASE("an artifact breaking its schema is ARTIFACT_SCHEMA_INVALID naming file and pointer",
          "[artifacts]") {
    auto result = s::skill_result();
    REQUIRE(!result.lensResults.empty());
    result.lensResults.back().planOrdinal = -1;  // minimum 0 in lens-result.v1
    try {
        qa::artifacts::render_run(s::skill_input(), result);
        FAIL("render_run accepted an invalid lens result");
    } catch (const qa::artifacts::ArtifactSchemaInvalid& e) {
        const std::string what = e.what();
        INFO(what);
        CHECK(what.rfind("ARTIFACT_SCHEMA_INVALID: lens-results.json: /" +
                             std::to_string(result.lensResults.size() - 1) + "/planOrdinal",
                         0) == 0);
    }
}

TEST_CASE("skill-result.v1 defines plans, results and verdict exactly as their own schemas do",
          "[artifacts]") {
    // render_run validates skill-result.json's skeleton only, trusting the parts spliced in from
    // the files already checked: sound only while these definitions are the same schemas.
    const auto load = [](const std::string& id) {
        const auto text = qa::util::find_embedded("schemas/v1/" + id + ".json");
        REQUIRE(text);
        return qa::json::parse(*text);
    };
    const qa::json::Value skill = load("skill-result.v1");
    const qa::json::Value* definitions = skill.find("definitions");
    REQUIRE(definitions != nullptr);
    for (const auto& [name, id] :
         {std::pair{"LensPlan", "lens-plan.v1"}, std::pair{"LensResult", "lens-result.v1"},
          std::pair{"FinalVerdict", "final-verdict.v1"}}) {
        INFO(name);
        const qa::json::Value own = load(id);
        const qa::json::Value* defined = definitions->find(name);
        REQUIRE(defined != nullptr);
        // The same keywords at the top (annotations aside) ...
        qa::json::Object top, inner;
        for (const auto& [key, value] : own.as_object()) {
            if (key != "$schema" && key != "$id" && key != "definitions" && key != "description") {
                top.emplace_back(key, value);
            }
        }
        for (const auto& [key, value] : defined->as_object()) {
            if (key != "description") {
                inner.emplace_back(key, value);
            }
        }
        CHECK(qa::json::canonical(qa::json::Value(top)) ==
              qa::json::canonical(qa::json::Value(inner)));
        // ... and every definition they refer to is skill-result's own.
        if (const qa::json::Value* own_definitions = own.find("definitions")) {
            for (const auto& [key, value] : own_definitions->as_object()) {
                INFO(key);
                const qa::json::Value* shared = definitions->find(key);
                REQUIRE(shared != nullptr);
                CHECK(qa::json::canonical(*shared) == qa::json::canonical(value));
            }
        }
    }
}

TEST_CASE("artifacts rendered on several threads are the same bytes, and fail the same way",
          "[artifacts]") {
    // Enough findings for render_run to use its workers.
    auto result = s::skill_result();
    for (auto& r : result.lensResults) {
        for (int i = 0; i < 1500; ++i) {
            auto f = s::finding();
            f.startLine = f.endLine = i + 1;
            r.findings.push_back(f);
        }
    }
    const auto serial = qa::artifacts::render_run(s::skill_input(), result, 1);
    const auto parallel = qa::artifacts::render_run(s::skill_input(), result, 4);
    REQUIRE(serial.size() == parallel.size());
    for (std::size_t i = 0; i < serial.size(); ++i) {
        CHECK(serial[i].name == parallel[i].name);
        CHECK(serial[i].bytes() == parallel[i].bytes());
    }
    CHECK(serial[2].size() > 1000000);

    // Two elements at fault: the first one is reported, whatever thread got there first.
    result.lensResults[1].findings[700].startLine = -5;
    result.lensResults[2].planOrdinal = -1;
    for (const std::size_t workers : {std::size_t{1}, std::size_t{4}}) {
        INFO(workers);
        try {
            qa::artifacts::render_run(s::skill_input(), result, workers);
            FAIL("render_run accepted an invalid lens result");
        } catch (const qa::artifacts::ArtifactSchemaInvalid& e) {
            CHECK(std::string(e.what()).rfind(
                      "ARTIFACT_SCHEMA_INVALID: lens-results.json: /1/findings/700/startLine", 0) ==
                  0);
        }
    }
}

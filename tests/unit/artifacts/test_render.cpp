#include <catch2/catch.hpp>

#include <string>

#include "artifacts/writer.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "unit/contracts/samples.hpp"

namespace s = qa::test::contracts_samples;

TEST_CASE("rendered artifacts are canonical JSON, in manifest order", "[artifacts]") {
    const auto files = qa::artifacts::render_run(s::skill_input(), s::skill_result());
    REQUIRE(files.size() == std::size(qa::artifacts::kArtifactFiles));
    for (std::size_t i = 0; i < files.size(); ++i) {
        const auto& [name, bytes] = files[i];
        INFO(name);
        CHECK(name == qa::artifacts::kArtifactFiles[i]);
        // Arrays are assembled from their elements' canonical forms: still one canonical text.
        CHECK(qa::json::canonical(qa::json::parse(bytes)) == bytes);
    }
    CHECK(files[1].second.front() == '[');
    CHECK(files[1].second.find(qa::json::canonical(
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

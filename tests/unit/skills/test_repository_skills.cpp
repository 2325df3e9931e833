// Every SKILL.md of the repository is valid, and each lens's SKILL.md agrees with the registry
// (where a lens's id, version and class live) and with the LensPlan / LensResult schemas.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "plan/registry.hpp"
#include "skill_test_support.hpp"
#include "skills/protocol.hpp"
#include "util/file.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path kRoot = QA_SOURCE_DIR;

/// Every SKILL.md under the source tree, outside build output, VCS data and test fixtures (which
/// are invalid on purpose).
std::vector<fs::path> repository_skill_files() {
    std::vector<fs::path> out;
    for (auto it = fs::recursive_directory_iterator(kRoot);
         it != fs::recursive_directory_iterator(); ++it) {
        const auto name = it->path().filename().string();
        const auto relative = fs::relative(it->path(), kRoot).generic_string();
        if (it->is_directory() && (name == ".git" || name.starts_with("build") ||
                                   relative == "tests/fixtures" || name == ".qa-skill")) {
            it.disable_recursion_pending();
            continue;
        }
        if (name == "SKILL.md") {
            out.push_back(it->path());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::set<std::string> names(const std::vector<qa::skills::FieldSpec>& fields) {
    std::set<std::string> out;
    for (const auto& f : fields) {
        out.insert(f.name);
    }
    return out;
}

}  // namespace

TEST_CASE("every SKILL.md in the repository is valid", "[skills][repository]") {
    const auto files = repository_skill_files();
    // The root and one per registry lens, at least.
    CHECK(files.size() >= 1 + qa::plan::read_builtin_registry().lenses.size());
    for (const auto& file : files) {
        INFO(file.string());
        const auto result = qa::skills::load_skill(file);
        INFO(qa::skills::render_yaml(result.problems));
        CHECK(result.problems.empty());
    }
}

TEST_CASE("the root SKILL.md passes the Agent Skills reference rules in a folder of its name",
          "[skills][repository]") {
    // Installed skills live in a folder named after them; a clone's folder name is arbitrary.
    qa::test::TempDir tmp("qa-skill-root");
    const fs::path dir = tmp.path() / "qa-skill";
    fs::create_directories(dir / "skill");
    fs::copy_file(kRoot / "SKILL.md", dir / "SKILL.md");
    fs::copy_file(kRoot / "skill" / "manifest.v1.json", dir / "skill" / "manifest.v1.json");
    qa::skills::LoadOptions strict;
    strict.strict = true;
    const auto result = qa::skills::load_skill(dir, strict);
    INFO(qa::skills::render_yaml(result.problems));
    REQUIRE(result.skill);
    const auto& s = *result.skill;
    CHECK(s.name == "qa-skill");
    // Its contract describes `qa-skill run --format json`: {"status", "runs"}.
    CHECK(names(s.outputs) == std::set<std::string>{"status", "runs"});
    CHECK(s.find_input("staged") != nullptr);
    CHECK(s.find_input("base") != nullptr);
    // The body tells an agent when to call it and how to suppress with a reason.
    const std::string text = qa::util::read_file(dir / "SKILL.md");
    for (const char* needle : {"qa-skill run --staged --format json", "Before `git push`",
                               "blockingFindings", "qa-skill: allow <ruleId> -- <"}) {
        INFO(needle);
        CHECK(text.find(needle) != std::string::npos);
    }
}

TEST_CASE("each lens's SKILL.md agrees with the registry and the contracts",
          "[skills][repository]") {
    const auto registry =
        qa::plan::parse_registry(qa::util::read_file(kRoot / "lenses" / "registry.v1.json"));
    const auto plan_schema =
        qa::json::parse(qa::util::read_file(kRoot / "schemas" / "v1" / "lens-plan.v1.json"));
    const auto result_schema =
        qa::json::parse(qa::util::read_file(kRoot / "schemas" / "v1" / "lens-result.v1.json"));

    std::set<std::string> registry_ids;
    for (const auto& lens : registry.lenses) {
        INFO(lens.lensId);
        registry_ids.insert(lens.lensId);
        const auto result = qa::skills::load_skill(kRoot / "lenses" / lens.lensId);
        INFO(qa::skills::render_yaml(result.problems));
        REQUIRE(result.skill);
        const auto& s = *result.skill;
        CHECK(s.name == lens.lensId);
        // The registry's description is the lens's one-line summary; SKILL.md adds when to use it.
        CHECK(s.description.starts_with(lens.description + " Use when "));
        // Inputs are LensPlan fields; outputs cover every LensResult field.
        for (const auto& input : s.inputs) {
            INFO(input.name);
            CHECK(plan_schema.find("properties")->find(input.name) != nullptr);
        }
        std::set<std::string> result_fields;
        for (const auto& [name, _] : result_schema.find("properties")->as_object()) {
            result_fields.insert(name);
        }
        CHECK(names(s.outputs) == result_fields);
        // A model lens reads its provider binding and budgets; a rule lens does not.
        CHECK((s.find_input("providerBindingId") != nullptr) ==
              (lens.kind == qa::input::LensKind::model));
        CHECK_FALSE(s.cacheable);
    }
    std::set<std::string> folders;
    for (const auto& entry : fs::directory_iterator(kRoot / "lenses")) {
        if (entry.is_directory()) {
            folders.insert(entry.path().filename().string());
        }
    }
    CHECK(folders == registry_ids);
}

TEST_CASE("a real LensPlan and LensResult pass the lens skill's protocols",
          "[skills][repository]") {
    const auto security = qa::skills::load_skill(kRoot / "lenses" / "security");
    REQUIRE(security.skill);
    const auto plan = qa::json::parse(R"({"schemaVersion":"lens-plan.v1","planOrdinal":0,
      "lensId":"security","subLensId":null,"lensVersion":"1.0.0","changedFiles":["a.js"],
      "omittedFiles":[]})");
    auto report = qa::skills::check_inputs(*security.skill, plan);
    CHECK(report.errors.empty());
    const auto bad_plan = qa::json::parse(R"({"planOrdinal":0,"lensId":"security",
      "lensVersion":"v1","changedFiles":"a.js"})");
    report = qa::skills::check_inputs(*security.skill, bad_plan);
    CHECK(report.messages ==
          std::vector<std::string>{"Pre-check failed: The plan names a semantic lens version"});

    const auto result = qa::json::parse(R"J({"schemaVersion":"lens-result.v1","planOrdinal":0,
      "lensId":"security","subLensId":"secrets","lensVersion":"1.0.0","status":"completed",
      "degraded":false,"findings":[],"evidenceSummary":["1 file(s) scanned, 0 finding(s)"],
      "usage":{"inputTokens":0},"errorCodes":[],"warningCodes":[],"executionAudit":null,
      "adapterResponseHash":"4f53"})J");
    report = qa::skills::check_outputs(*security.skill, result);
    CHECK(report.ok);
    // executionAudit: null is an optional output of another type: a warning, not a failure.
    CHECK(report.messages == std::vector<std::string>{"Output type mismatch for executionAudit"});
}

TEST_CASE("skill/manifest.v1.json matches its schema", "[skills][repository]") {
    const auto validator = qa::json::SchemaValidator::embedded("skill-manifest.v1");
    const auto errors = validator.validate_file(kRoot / "skill" / "manifest.v1.json");
    std::string listed;
    for (const auto& e : errors) {
        listed += e.pointer + ": " + e.message + "\n";
    }
    INFO(listed);
    CHECK(errors.empty());
    // The schema rejects what the loader rejects: a type outside the seed's list.
    CHECK_FALSE(validator
                    .validate(qa::json::parse(R"({"schemaVersion":"skill-manifest.v1","name":"x",
      "input_schema":{"required":[{"name":"a","type":"list","description":"d"}]}})"))
                    .empty());
}

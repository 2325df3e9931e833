// `qa-skill skill ...` as a process: exit codes, the seed's validation_error in YAML and JSON,
// the protocols on the seed's examples, chain-check, and what validate says of skills written in
// the styles public skills use.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "json/parse.hpp"
#include "skills/frontmatter.hpp"
#include "support/git_fixture.hpp"
#include "util/process.hpp"
#include "util/sha256.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path kFixtures = fs::path(QA_SOURCE_DIR) / "tests" / "fixtures" / "skills";

qa::util::ProcessResult skill(const std::vector<std::string>& args, const fs::path& cwd = {}) {
    qa::util::ProcessSpec spec;
    spec.argv = {QA_SKILL_BIN, "skill"};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.cwd = cwd;
    spec.timeout = std::chrono::seconds(30);
    return qa::util::run_process(spec);
}

/// The `validation_error` maps of a YAML stream, as field -> value.
std::vector<std::map<std::string, std::string>> yaml_errors(const std::string& text) {
    std::vector<std::map<std::string, std::string>> out;
    std::size_t start = 0;
    while (start < text.size()) {
        auto end = text.find("\n---\n", start);
        const std::string doc =
            text.substr(start, end == std::string::npos ? std::string::npos : end + 1 - start);
        start = end == std::string::npos ? text.size() : end + 5;
        const auto node = qa::skills::parse_yaml(doc, "stdout");
        const auto* fields = node.find("validation_error");
        REQUIRE(fields);
        std::map<std::string, std::string> m;
        for (std::size_t i = 0; i < fields->keys.size(); ++i) {
            m[fields->keys[i]] = fields->items[i].scalar;
        }
        out.push_back(std::move(m));
    }
    return out;
}

}  // namespace

TEST_CASE("skill validate: exit 0 valid, 1 with validation_errors, 2 unreadable", "[cli][skills]") {
    auto r = skill({"validate", (kFixtures / "seed" / "brain-memory-kb").string(),
                    (kFixtures / "public" / "pdf-processing" / "SKILL.md").string()});
    CHECK(r.exit_code == 0);
    CHECK(r.stdout_data.find("brain-memory-kb/SKILL.md: valid\n") != std::string::npos);
    CHECK(r.stdout_data.find("pdf-processing/SKILL.md: valid\n") != std::string::npos);

    r = skill({"validate", (kFixtures / "public" / "Changelog_Writer").string()});
    CHECK(r.exit_code == 1);
    const auto errors = yaml_errors(r.stdout_data);
    REQUIRE(errors.size() == 2);
    CHECK(errors[0].at("skill") == "Changelog_Writer");
    CHECK(errors[0].at("phase") == "definition");
    CHECK(errors[0].at("check") == "name format");
    CHECK(errors[0].at("actual") == "name is \"Changelog_Writer\"");
    CHECK(errors[0].at("location").ends_with("Changelog_Writer/SKILL.md:2:7"));
    CHECK(errors[1].at("check") == "version is an integer");

    r = skill(
        {"validate", "--format", "json", (kFixtures / "public" / "Changelog_Writer").string()});
    CHECK(r.exit_code == 1);
    const auto json = qa::json::parse(r.stdout_data);
    REQUIRE(json.as_array().size() == 2);
    CHECK(json.as_array()[0].find("validation_error")->find("check")->as_string() == "name format");

    qa::test::TempDir tmp("qa-skill-cli-skill");
    r = skill({"validate", (tmp.path() / "nothing-here").string()});
    CHECK(r.exit_code == 2);
    CHECK(r.stderr_data.find("nothing-here/SKILL.md") != std::string::npos);
    r = skill({"validate"});
    CHECK(r.exit_code == 2);
}

TEST_CASE("skill validate on skills in the styles public skills use", "[cli][skills]") {
    // What the validator reports on each fixture, by check (see tests/fixtures/skills/public).
    const std::map<std::string, std::vector<std::string>> expected = {
        {"pdf-processing", {}},  // the specification's own example style
        {"review-pr", {}},       // Claude Code extension fields are accepted (not under --strict)
        {"release-notes", {"allowed-tools is a string", "metadata values are strings"}},
        {"Changelog_Writer", {"name format", "version is an integer"}},
        {"data-analysis",
         {"input_schema.required columns type", "input_schema.optional confidence default type",
          "output_schema.required summary description", "cache_ttl_minutes only when cacheable",
          "pre_checks names"}},
        {"legacy-prompts", {"compatibility length", "metadata values are strings"}},
        {"no-frontmatter", {"YAML frontmatter"}},
        {"unquoted-colon", {"YAML frontmatter"}},
        {"unclosed-quote", {"YAML frontmatter"}},
    };
    for (const auto& [folder, checks] : expected) {
        INFO(folder);
        const auto r = skill({"validate", (kFixtures / "public" / folder).string()});
        CHECK(r.exit_code == (checks.empty() ? 0 : 1));
        std::vector<std::string> got;
        if (!checks.empty()) {
            for (const auto& e : yaml_errors(r.stdout_data)) {
                got.push_back(e.at("check"));
            }
        }
        CHECK(got == checks);
    }
    const auto strict =
        skill({"validate", "--strict", (kFixtures / "public" / "review-pr").string()});
    CHECK(strict.exit_code == 1);
    CHECK(yaml_errors(strict.stdout_data).size() ==
          3);  // argument-hint, disable-model-invocation, model
}

TEST_CASE("skill check-input: seed example 2 and the coerced inputs as canonical JSON",
          "[cli][skills]") {
    const std::string kb = (kFixtures / "seed" / "brain-memory-kb").string();
    auto r = skill({"check-input", kb, (kFixtures / "inputs" / "example2.json").string()});
    CHECK(r.exit_code == 1);
    CHECK(r.stderr_data.find("Missing required input: namespace\n") != std::string::npos);
    const auto errors = yaml_errors(r.stdout_data);
    REQUIRE(errors.size() == 1);
    const std::map<std::string, std::string> seed = {
        {"skill", "brain-memory-kb"},
        {"phase", "pre_execution"},
        {"check", "Required input validation"},
        {"expected", "namespace (string) must be provided"},
        {"actual", "namespace was not provided"},
        {"suggestion", "Add namespace parameter, e.g., namespace: \"org.global\""},
    };
    CHECK(errors[0] == seed);

    qa::test::TempDir tmp("qa-skill-cli-skill");
    std::ofstream(tmp.path() / "in.json")
        << R"({"query": 42, "operation": "read", "namespace": "org.global"})";
    r = skill({"check-input", kb, (tmp.path() / "in.json").string()});
    CHECK(r.exit_code == 0);
    CHECK(r.stdout_data == R"({"namespace":"org.global","operation":"read","query":"42"})"
                           "\n");
    CHECK(r.stderr_data.find("check \"Operation is valid\": passed") != std::string::npos);

    r = skill({"check-input", "--format", "json", kb, (tmp.path() / "in.json").string()});
    CHECK(r.exit_code == 0);
    const auto report = qa::json::parse(r.stdout_data);
    CHECK(report.find("ok")->as_bool());
    CHECK(report.find("checks")->as_array().size() == 2);
    // brain-memory-kb is cacheable: seed 001's key of the coerced inputs.
    CHECK(
        report.find("cacheKey")->as_string() ==
        "brain-memory-kb:" +
            qa::util::sha256_hex(R"({"namespace":"org.global","operation":"read","query":"42"})"));

    std::ofstream(tmp.path() / "list.json") << "[1]";
    r = skill({"check-input", kb, (tmp.path() / "list.json").string()});
    CHECK(r.exit_code == 2);
    r = skill({"check-input", (kFixtures / "public" / "data-analysis").string(),
               (tmp.path() / "in.json").string()});
    CHECK(r.exit_code == 2);  // an invalid skill cannot check anything
}

TEST_CASE("skill check-output: missing required output fails, prose checks are not passed",
          "[cli][skills]") {
    const std::string kb = (kFixtures / "seed" / "brain-memory-kb").string();
    qa::test::TempDir tmp("qa-skill-cli-skill");
    std::ofstream(tmp.path() / "ok.json") << R"({"status": "success", "entities": [{"id": 1}]})";
    std::ofstream(tmp.path() / "bad.json") << R"({"entities": "none"})";
    auto r = skill({"check-output", kb, (tmp.path() / "ok.json").string()});
    CHECK(r.exit_code == 0);
    CHECK(r.stderr_data.find("check \"Write operations update index\": not machine-checkable") !=
          std::string::npos);
    r = skill({"check-output", kb, (tmp.path() / "bad.json").string()});
    CHECK(r.exit_code == 1);
    CHECK(r.stderr_data.find("Missing required output: status") != std::string::npos);
    CHECK(r.stderr_data.find("Output type mismatch for entities") != std::string::npos);
}

TEST_CASE("skill chain-check: seed example 3 passes, object into number fails", "[cli][skills]") {
    const std::string dirs = (kFixtures / "seed").string();
    auto r = skill(
        {"chain-check", "--skills-dir", dirs, (kFixtures / "chains" / "example3.yaml").string()});
    CHECK(r.exit_code == 0);
    CHECK(r.stderr_data.find("$memory.entities (object[]) -> ai-orchestration-prompt-engineering."
                             "context (object): via array access") != std::string::npos);
    r = skill({"chain-check", "--skills-dir", dirs,
               (kFixtures / "chains" / "object-into-number.yaml").string()});
    CHECK(r.exit_code == 1);
    const std::string message =
        "Chain incompatibility: brain-memory-kb.index cannot feed number-consumer.budget";
    CHECK(r.stderr_data.find(message) != std::string::npos);
    const auto errors = yaml_errors(r.stdout_data);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].at("check") == message);
    CHECK(errors[0].at("phase") == "chain");
}

TEST_CASE("the repository's skills validate through the binary", "[cli][skills]") {
    const fs::path root = QA_SOURCE_DIR;
    std::vector<std::string> args = {"validate"};
    for (const auto& entry : fs::directory_iterator(root / "lenses")) {
        if (entry.is_directory()) {
            args.push_back(entry.path().string());
        }
    }
    auto r = skill(args);
    INFO(r.stdout_data);
    CHECK(r.exit_code == 0);

    qa::test::TempDir tmp("qa-skill-cli-skill");
    const fs::path dir = tmp.path() / "qa-skill";
    fs::create_directories(dir / "skill");
    fs::copy_file(root / "SKILL.md", dir / "SKILL.md");
    fs::copy_file(root / "skill" / "manifest.v1.json", dir / "skill" / "manifest.v1.json");
    r = skill({"validate", "--strict", "."}, dir);
    INFO(r.stdout_data);
    CHECK(r.exit_code == 0);
}

TEST_CASE("skill index: skill/registry.v1.json is what the tree holds", "[cli][skills]") {
    const fs::path root = QA_SOURCE_DIR;
    auto r = skill({"index", root.string()});
    REQUIRE(r.exit_code == 0);
    std::ifstream committed(root / "skill" / "registry.v1.json", std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(committed)),
                           std::istreambuf_iterator<char>());
    // Regenerate with: qa-skill skill index > skill/registry.v1.json
    CHECK(r.stdout_data == text);

    qa::util::ProcessSpec schema;
    schema.argv = {QA_SKILL_BIN, "schema", "validate", "skill-registry.v1",
                   (root / "skill" / "registry.v1.json").string()};
    CHECK(qa::util::run_process(schema).exit_code == 0);

    // A lens folder the lens registry does not list shows as such.
    qa::test::TempDir tmp("qa-skill-index");
    fs::create_directories(tmp.path() / "lenses" / "extra");
    std::ofstream(tmp.path() / "lenses" / "extra" / "SKILL.md") << "---\nname: extra\n---\n";
    std::ofstream(tmp.path() / "lenses" / "registry.v1.json")
        << std::ifstream(root / "lenses" / "registry.v1.json").rdbuf();
    r = skill({"index", tmp.path().string()});
    CHECK(r.exit_code == 0);
    CHECK(
        r.stdout_data ==
        R"({"lensRegistry":"lenses/registry.v1.json","schemaVersion":"skill-registry.v1",)"
        R"("skills":[{"kind":"lens-unregistered","lensId":"extra","path":"lenses/extra/SKILL.md"}]})"
        "\n");
    CHECK(skill({"index", (tmp.path() / "missing").string()}).exit_code == 2);
}

// qa-skill as an Agent Skill: an agent that follows the root SKILL.md (stage, run the JSON check,
// read the FAIL, suppress with a reason, run again) gets the answers SKILL.md promises, and the
// JSON it reads satisfies the output contract of skill/manifest.v1.json.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "json/parse.hpp"
#include "support/baseline_fixture.hpp"
#include "support/git_fixture.hpp"
#include "util/file.hpp"
#include "util/process.hpp"

namespace {

namespace fs = std::filesystem;

qa::util::ProcessResult qa_skill(const std::vector<std::string>& args, const fs::path& cwd,
                                 const qa::test::GitSandbox& sandbox) {
    qa::util::ProcessSpec spec;
    spec.argv = {QA_SKILL_BIN};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.cwd = cwd;
    spec.env = std::vector<std::string>{"HOME=" + sandbox.home().string(), "GIT_CONFIG_NOSYSTEM=1",
                                        "PATH=/usr/bin:/bin", "LC_ALL=C"};
    spec.timeout = std::chrono::seconds(60);
    return qa::util::run_process(spec);
}

/// The command SKILL.md tells an agent to run before committing, quoted from it.
std::string precommit_command() {
    const std::string text = qa::util::read_file(fs::path(QA_SOURCE_DIR) / "SKILL.md");
    std::string command = "qa-skill run --staged --format json";
    REQUIRE(text.find("run `" + command + "`") != std::string::npos);
    return command;
}

}  // namespace

TEST_CASE("an agent following SKILL.md reads a FAIL, suppresses with a reason, and passes",
          "[cli][skills][agent]") {
    REQUIRE(precommit_command() == "qa-skill run --staged --format json");
    qa::test::GitSandbox sandbox;
    const auto repo = sandbox.init("repo");
    sandbox.add_file(repo, "README.md", "demo\n");
    sandbox.commit(repo, "init");
    // Built at run time so this source holds no token; its CRC-32 checksum is valid, as the
    // github-pat rule requires of a token that blocks.
    const std::string token = qa::test::fake_github_token(3);
    sandbox.add_file(repo, "fixtures/client.js", "const token = \"" + token + "\";\n");

    // The skill's own root, in a folder of its name, to check inputs and outputs against.
    qa::test::TempDir skill_root("qa-skill-agent");
    const fs::path skill_dir = skill_root.path() / "qa-skill";
    fs::create_directories(skill_dir / "skill");
    fs::copy_file(fs::path(QA_SOURCE_DIR) / "SKILL.md", skill_dir / "SKILL.md");
    fs::copy_file(fs::path(QA_SOURCE_DIR) / "skill" / "manifest.v1.json",
                  skill_dir / "skill" / "manifest.v1.json");
    qa::test::write_file(skill_root.path() / "options.json", R"({"staged": true})");
    auto r = qa_skill(
        {"skill", "check-input", skill_dir.string(), (skill_root.path() / "options.json").string()},
        repo, sandbox);
    CHECK(r.exit_code == 0);
    CHECK(r.stdout_data == R"({"all_files":false,"head":"HEAD","no_artifacts":false,"staged":true})"
                           "\n");

    r = qa_skill({"run", "--staged", "--format", "json"}, repo, sandbox);
    CHECK(r.exit_code == 1);
    const auto out = qa::json::parse(r.stdout_data);
    CHECK(out.find("status")->as_string() == "FAIL");
    const auto& verdict =
        *out.find("runs")->as_array().at(0).find("skillResult")->find("finalVerdict");
    CHECK(verdict.find("status")->as_string() == "FAIL");
    const auto& findings = verdict.find("blockingFindings")->as_array();
    REQUIRE(findings.size() == 1);
    const auto& f = findings[0];
    CHECK(f.find("file")->as_string() == "fixtures/client.js");
    CHECK(f.find("startLine")->as_integer() == 1);
    CHECK(f.find("ruleId")->as_string() == "github-pat");
    CHECK_FALSE(f.find("evidence")->find("fix")->as_string().empty());
    // "A secret is never shown".
    CHECK(r.stdout_data.find(token) == std::string::npos);

    // The JSON satisfies the manifest's output contract.
    qa::test::write_file(skill_root.path() / "result.json", r.stdout_data);
    auto check = qa_skill(
        {"skill", "check-output", skill_dir.string(), (skill_root.path() / "result.json").string()},
        repo, sandbox);
    CHECK(check.exit_code == 0);
    CHECK(check.stderr_data.find("check \"The verdict is PASS or FAIL\": passed") !=
          std::string::npos);

    // Suppress as SKILL.md says: the rule id and a reason, at the end of the line.
    sandbox.add_file(repo, "fixtures/client.js",
                     "const token = \"" + token +
                         "\";  // qa-skill: allow github-pat -- revoked token kept as a fixture\n");
    r = qa_skill({"run", "--staged", "--format", "json"}, repo, sandbox);
    CHECK(r.exit_code == 0);
    CHECK(qa::json::parse(r.stdout_data).find("status")->as_string() == "PASS");

    // Without the reason it suppresses nothing.
    sandbox.add_file(repo, "fixtures/client.js",
                     "const token = \"" + token + "\";  // qa-skill: allow github-pat\n");
    r = qa_skill({"run", "--staged", "--format", "json"}, repo, sandbox);
    CHECK(r.exit_code == 1);
}

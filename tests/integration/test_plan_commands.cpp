// An execution plan names its commands before anything runs (issue 21): `qa-skill plan --format
// json` and lens-plans.json carry each phase plan's executionCommands with their ordinals, and
// the commands the execution audit records are those; an external lens's plan names its program.
#include <catch2/catch.hpp>

#include <map>

#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "support/phase_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;

namespace {

/// The executionCommands of each phase plan in a LensPlan[] array, by sub-lens.
std::map<std::string, std::string> commands_by_check(const qa::json::Value& plans) {
    std::map<std::string, std::string> out;
    for (const auto& p : plans.as_array()) {
        if (p.find("lensId")->as_string() == "phase") {
            out[p.find("subLensId")->as_string()] =
                qa::json::canonical(*p.find("executionCommands"));
        }
    }
    return out;
}

}  // namespace

TEST_CASE("an execution plan names its commands with ordinals before anything runs",
          "[exec][plan][integration]") {
    HookSandbox sb;
    const auto repo = qa::test::phase::phase_lens_project(sb);
    qa::test::write_file(repo / "calc.py",
                         "def add(a, b):\n    return a + b\n\n\n"
                         "def mul(a, b):\n    return a * b\n\n\n"
                         "def neg(a):\n    return -a\n");
    sb.git_ok(repo, "add calc.py");

    const ProcResult plan = sb.qa(repo, "plan --format json");
    INFO(plan.describe());
    REQUIRE(plan.exit_code == 0);
    const auto planned = commands_by_check(qa::json::parse(plan.out));
    REQUIRE(planned.size() == 4);
    CHECK(planned.at("formatter") ==
          R"([{"command":["python3","-m","tabnanny","."],"cwdMode":"ephemeral_worktree",)"
          R"("ordinal":1,"purpose":"formatter"}])");
    // The defaults of the language the tree's root files name (Python here).
    CHECK(planned.at("tests").find(R"("command":["python3","-m","unittest")") != std::string::npos);
    CHECK(planned.at("tests").find(R"("ordinal":1)") != std::string::npos);
    CHECK(planned.at("build").find("compileall") != std::string::npos);

    // The run records the same plans, and its audit the commands they named.
    REQUIRE(sb.qa(repo, "trust").exit_code == 0);
    const ProcResult run = sb.qa(repo, "run --staged --format json");
    INFO(run.describe());
    REQUIRE(run.exit_code == 0);
    const auto out = qa::json::parse(run.out);
    const auto& runs = out.find("runs")->as_array();
    REQUIRE(runs.size() == 1);
    const fs::path dir = runs[0].find("artifactDir")->as_string();
    const auto stored =
        commands_by_check(qa::json::parse(qa::test::read_bytes(dir / "lens-plans.json")));
    CHECK(stored == planned);
    for (const auto& result : runs[0].find("skillResult")->find("lensResults")->as_array()) {
        if (result.find("lensId")->as_string() != "phase") {
            continue;
        }
        const auto& audited = result.find("executionAudit")->find("commands")->as_array();
        REQUIRE(!audited.empty());
        CHECK(audited[0].find("ordinal")->as_integer() == 1);
    }
}

TEST_CASE("an external lens's plan names its program with an ordinal before anything runs",
          "[external][plan][integration]") {
    HookSandbox sb;
    const std::string dir = std::string(QA_SOURCE_DIR) + "/tests/fixtures/external_lenses";
    const std::string lens = dir + "/lens.py";
    auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml",
                "allow_execution_lens_classes = [\"consistency\"]\n"
                "[lenses.todo-check]\nkind = \"external\"\nclass = \"consistency\"\n"
                "command = [\"python3\", \"" +
                    lens +
                    "\", \"todo\"]\n"
                    "permission_profile = \"exec_sandboxed_network_off\"\n"
                    "[permission_profiles.exec_sandboxed_network_off]\n"
                    "read_only_paths = [\"" +
                    dir + "\"]\n");
    sb.commit(repo, "config");
    sb.add_file(repo, "app.py", "x = 1  # TODO fix\n");

    const ProcResult plan = sb.qa(repo, "plan --format json");
    INFO(plan.describe());
    REQUIRE(plan.exit_code == 0);
    const std::string expected = R"([{"command":["python3",")" + lens +
                                 R"(","todo"],"cwdMode":"repo_root","ordinal":1,)"
                                 R"("purpose":"todo-check"}])";
    std::size_t external = 0;
    const auto planned = qa::json::parse(plan.out);
    for (const auto& p : planned.as_array()) {
        const std::string commands = qa::json::canonical(*p.find("executionCommands"));
        INFO(p.find("lensId")->as_string());
        if (p.find("lensId")->as_string() == "todo-check") {
            ++external;
            CHECK(commands == expected);
        } else {
            CHECK(commands == "[]");  // rule lenses run nothing
        }
    }
    REQUIRE(external == 1);

    // The run records the same command, and the audit its ordinal.
    const ProcResult run = sb.in(repo, "QA_SKILL_TRUST=1 " + qa::test::shell_quote(QA_SKILL_BIN) +
                                           " run --staged --format json");
    INFO(run.describe());
    REQUIRE(run.exit_code == 1);  // the lens's TODO finding blocks
    const auto out = qa::json::parse(run.out);
    const auto& runs = out.find("runs")->as_array();
    REQUIRE(runs.size() == 1);
    const fs::path artifacts = runs[0].find("artifactDir")->as_string();
    const auto stored = qa::json::parse(qa::test::read_bytes(artifacts / "lens-plans.json"));
    for (const auto& p : stored.as_array()) {
        if (p.find("lensId")->as_string() == "todo-check") {
            CHECK(qa::json::canonical(*p.find("executionCommands")) == expected);
        }
    }
    for (const auto& result : runs[0].find("skillResult")->find("lensResults")->as_array()) {
        if (result.find("lensId")->as_string() == "todo-check") {
            const auto& audited = result.find("executionAudit")->find("commands")->as_array();
            REQUIRE(audited.size() == 1);
            CHECK(audited[0].find("ordinal")->as_integer() == 1);
        }
    }
}

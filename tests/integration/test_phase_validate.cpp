// `qa-skill phase-validate` (seed 004) on real small projects, built and tested offline in the
// sandbox: Python unittest, Node `node --test`, a Cargo crate, a CMake/CTest project.
#include <catch2/catch.hpp>
#include <cstdlib>

#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "support/phase_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::shell_quote;

using qa::test::phase::check;
using qa::test::phase::config_with_toolchains;
using qa::test::phase::have;
using qa::test::phase::input_json;
using qa::test::phase::joined;
using qa::test::phase::kConfig;
using qa::test::phase::output_of;
using qa::test::phase::phase_validate;
using qa::test::phase::project;
using qa::test::phase::status;
using qa::test::phase::trust;

TEST_CASE("phase-validate: a passing Python unittest project passes all six checks",
          "[exec][phase][integration]") {
    HookSandbox sb;
    const auto repo = project(sb, "python-unittest");
    trust(sb, repo);
    qa::test::settle_index(sb, repo);
    const auto before = qa::test::capture_state(sb, repo);
    const auto audit_file = sb.root() / "audit.json";
    const auto r = phase_validate(
        sb, repo,
        input_json(repo, "\"calc.py\"",
                   "\"format_command\": \"python3 -m tabnanny .\", "
                   "\"lint_command\": \"python3 -m py_compile calc.py test_calc.py\""),
        "--audit " + shell_quote(audit_file.string()));
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    // The audit: four commands by ordinal, exit 0, no absolute path.
    const std::string audit = qa::test::read_bytes(audit_file);
    CHECK(qa::json::SchemaValidator::embedded("execution-audit.v1").validate(audit).empty());
    const auto audit_json = qa::json::parse(audit);
    const auto& commands = audit_json.find("commands")->as_array();
    REQUIRE(commands.size() == 4);
    for (std::size_t i = 0; i < commands.size(); ++i) {
        CHECK(commands[i].find("ordinal")->as_integer() == static_cast<std::int64_t>(i) + 1);
        CHECK(commands[i].find("exitCode")->as_integer() == 0);
    }
    CHECK(audit.find(sb.root().string()) == std::string::npos);
    CHECK(audit_json.find("worktreePath")->as_string().rfind(".worktrees/qa-skill/", 0) == 0);
    const auto out = output_of(r);
    CHECK(out.find("status")->as_string() == "pass");
    for (const char* name :
         {"formatter", "linter", "build", "tests", "code_review", "security_review"}) {
        INFO(name);
        CHECK(status(out, name) == "pass");
    }
    CHECK(check(out, "formatter").find("command")->as_string() == "python3 -m tabnanny .");
    CHECK(check(out, "build").find("command")->as_string() == "python3 -m compileall -q .");
    CHECK(check(out, "tests").find("command")->as_string() == "python3 -m unittest");
    CHECK(check(out, "tests").find("failing_count")->as_integer() == 0);
    CHECK(out.find("critical_security_issue") == nullptr);
    // Compiled files, caches: all in the removed copy. The user's tree and index are as before.
    const auto after = qa::test::capture_state(sb, repo);
    INFO(before.diff(after));
    CHECK(after == before);
}

TEST_CASE(
    "phase-validate: failing unittest tests give failing_count, retries are counted, and "
    "uncommitted work is what is tested",
    "[exec][phase][integration]") {
    HookSandbox sb;
    const auto repo = project(sb, "python-unittest");
    trust(sb, repo);
    // Not committed, not staged: phase validation checks the files as they are on disk.
    qa::test::write_file(
        repo / "calc.py",
        "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a + b\n");
    qa::test::write_file(repo / "test_more.py",
                         "import unittest\n\nfrom calc import add\n\n\n"
                         "class MoreTest(unittest.TestCase):\n"
                         "    def test_zero(self):\n        self.assertEqual(add(0, 0), 0)\n");
    qa::test::settle_index(sb, repo);
    const auto before = qa::test::capture_state(sb, repo);
    const auto r = phase_validate(
        sb, repo,
        input_json(repo, "\"calc.py\", \"test_more.py\"",
                   "\"format_command\": \"python3 -m tabnanny .\", \"lint_command\": "
                   "\"python3 -m py_compile calc.py\", \"max_retries\": 2"));
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    const auto out = output_of(r);
    CHECK(out.find("status")->as_string() == "fail");
    CHECK(status(out, "tests") == "fail");
    CHECK(check(out, "tests").find("failing_count")->as_integer() == 2);  // add and mul, not zero
    CHECK(check(out, "tests").find("retry_count")->as_integer() == 2);
    CHECK(out.find("total_retries")->as_integer() == 2);
    CHECK(status(out, "build") == "pass");
    CHECK(r.err.find("FAILED (failures=2)") != std::string::npos);
    const auto after = qa::test::capture_state(sb, repo);
    INFO(before.diff(after));
    CHECK(after == before);
}

TEST_CASE(
    "phase-validate: a formatter that rewrites a file is a formatting issue, the user's "
    "file stays as it was",
    "[exec][phase][integration]") {
    HookSandbox sb;
    const auto repo = project(sb, "python-unittest");
    trust(sb, repo);
    const std::string original = qa::test::read_bytes(repo / "calc.py");
    // A fixer in place of a checker: it exits 0, but changes calc.py.
    const auto r = phase_validate(
        sb, repo,
        input_json(repo, "\"calc.py\"",
                   "\"format_command\": \"python3 -c \\\"open('calc.py', 'a').write('#')\\\"\", "
                   "\"lint_command\": \"python3 -m py_compile calc.py\", \"skip_tests\": true, "
                   "\"max_retries\": 0"));
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    const auto out = output_of(r);
    CHECK(status(out, "formatter") == "fail");
    CHECK(joined(*check(out, "formatter").find("issues"))
              .find("File calc.py is changed by the formatter") != std::string::npos);
    CHECK(status(out, "tests") == "skipped");
    CHECK(check(out, "tests").find("command")->as_string().empty());
    CHECK(qa::test::read_bytes(repo / "calc.py") == original);
}

TEST_CASE("phase-validate: Node node --test, passing and failing", "[exec][phase][integration]") {
    REQUIRE((have("node") && have("npm")));  // install/packages.txt: nodejs, npm
    HookSandbox sb;
    const auto repo = project(sb, "node-test");
    trust(sb, repo);
    const std::string checks =
        "\"format_command\": \"node --check sum.js\", \"lint_command\": \"node --check "
        "sum.test.js\", \"build_command\": \"node --check sum.js\", \"max_retries\": 0";
    const auto pass = phase_validate(sb, repo, input_json(repo, "\"sum.js\"", checks));
    INFO(pass.describe());
    CHECK(pass.exit_code == 0);
    const auto out = output_of(pass);
    CHECK(status(out, "tests") == "pass");
    CHECK(check(out, "tests").find("command")->as_string() == "npm test");

    qa::test::write_file(
        repo / "more.test.js",
        "const test = require('node:test');\nconst assert = require('node:assert');\n"
        "test('one', () => assert.strictEqual(1, 2));\n"
        "test('two', () => assert.strictEqual(2, 2));\n"
        "test('three', () => assert.strictEqual(3, 4));\n");
    const auto fail = phase_validate(sb, repo, input_json(repo, "\"more.test.js\"", checks));
    INFO(fail.describe());
    CHECK(fail.exit_code == 1);
    const auto failed = output_of(fail);
    CHECK(status(failed, "tests") == "fail");
    CHECK(check(failed, "tests").find("failing_count")->as_integer() == 2);
}

TEST_CASE(
    "phase-validate: a Cargo crate builds and tests offline, a formatting problem and a "
    "failing test are reported",
    "[exec][phase][integration]") {
    REQUIRE(have("cargo"));  // install/packages.txt: cargo, rustfmt
    HookSandbox sb;
    const auto repo = project(sb, "cargo-crate", config_with_toolchains());
    trust(sb, repo);
    const std::string checks = "\"lint_command\": \"cargo check --offline\", \"max_retries\": 0";
    const auto pass = phase_validate(sb, repo, input_json(repo, "\"src/lib.rs\"", checks));
    INFO(pass.describe());
    CHECK(pass.exit_code == 0);
    const auto out = output_of(pass);
    CHECK(check(out, "formatter").find("command")->as_string() == "cargo fmt --check");
    CHECK(check(out, "build").find("command")->as_string() == "cargo build --offline");
    CHECK(status(out, "tests") == "pass");

    qa::test::write_file(
        repo / "src/lib.rs",
        "pub fn add(a: i64, b: i64) -> i64 {   a - b }\n\n#[cfg(test)]\nmod tests {\n"
        "    use super::*;\n\n    #[test]\n    fn adds() {\n"
        "        assert_eq!(add(2, 3), 5);\n    }\n\n    #[test]\n"
        "    fn zero() {\n        assert_eq!(add(0, 0), 0);\n    }\n}\n");
    const auto fail = phase_validate(sb, repo, input_json(repo, "\"src/lib.rs\"", checks));
    INFO(fail.describe());
    CHECK(fail.exit_code == 1);
    const auto failed = output_of(fail);
    CHECK(status(failed, "formatter") == "fail");
    CHECK(joined(*check(failed, "formatter").find("issues")).find("src/lib.rs") !=
          std::string::npos);
    CHECK(status(failed, "tests") == "fail");
    CHECK(check(failed, "tests").find("failing_count")->as_integer() == 1);
}

TEST_CASE(
    "phase-validate: a CMake/CTest project builds and runs CTest, clang-format checks the "
    "changed files",
    "[exec][phase][integration]") {
    HookSandbox sb;
    const auto repo = project(sb, "cmake-ctest");
    trust(sb, repo);
    const std::string checks =
        "\"lint_command\": \"cmake -Werror=dev -S . -B build-lint\", \"max_retries\": 0";
    const auto pass = phase_validate(sb, repo, input_json(repo, "\"check_add.cpp\"", checks));
    INFO(pass.describe());
    CHECK(pass.exit_code == 0);
    const auto out = output_of(pass);
    CHECK(check(out, "formatter").find("command")->as_string() ==
          "clang-format --dry-run --Werror check_add.cpp");
    CHECK(check(out, "build").find("command")->as_string() ==
          "cmake -S . -B build-qa-skill && cmake --build build-qa-skill");
    CHECK(status(out, "tests") == "pass");

    // One of two tests fails, and the source is not formatted.
    std::string cmake = qa::test::read_bytes(repo / "CMakeLists.txt");
    cmake.replace(cmake.find("-2 3 1"), 6, "-2 3 9");
    qa::test::write_file(repo / "CMakeLists.txt", cmake);
    std::string source = qa::test::read_bytes(repo / "check_add.cpp");
    source.replace(source.find("int add(int a, int b)"), 21, "int   add(int a,int b)");
    qa::test::write_file(repo / "check_add.cpp", source);
    const auto fail = phase_validate(sb, repo, input_json(repo, "\"check_add.cpp\"", checks));
    INFO(fail.describe());
    CHECK(fail.exit_code == 1);
    const auto failed = output_of(fail);
    CHECK(status(failed, "formatter") == "fail");
    CHECK(joined(*check(failed, "formatter").find("issues")).find("check_add.cpp:3") !=
          std::string::npos);
    CHECK(status(failed, "build") == "pass");
    CHECK(status(failed, "tests") == "fail");
    CHECK(check(failed, "tests").find("failing_count")->as_integer() == 1);
}

TEST_CASE("phase-validate: untrusted or changed configuration is EXECUTION_DENIED until trusted",
          "[exec][phase][integration][trust]") {
    HookSandbox sb;
    const auto repo = project(sb, "python-unittest");
    const std::string input =
        input_json(repo, "\"calc.py\"",
                   "\"format_command\": \"python3 -m tabnanny .\", \"lint_command\": \"python3 -m "
                   "tabnanny .\", \"skip_build\": true, \"skip_tests\": true");
    const auto untrusted = phase_validate(sb, repo, input);
    CHECK(untrusted.exit_code == 2);
    CHECK(untrusted.err.find("EXECUTION_DENIED") != std::string::npos);
    CHECK(untrusted.err.find("qa-skill trust") != std::string::npos);
    const auto shape = output_of(untrusted);
    CHECK(joined(*check(shape, "formatter").find("issues")).find("EXECUTION_DENIED") !=
          std::string::npos);
    CHECK(sb.qa(repo, "trust --check").exit_code == 1);

    trust(sb, repo);
    CHECK(sb.qa(repo, "trust --check").exit_code == 0);
    CHECK(phase_validate(sb, repo, input).exit_code == 0);
    // The store is the user's, not the repository's.
    CHECK(fs::exists(sb.home() / ".config/qa-skill/trusted"));
    CHECK_FALSE(fs::exists(repo / ".config"));

    // A changed execution configuration (one more allowed command) needs trusting again.
    qa::test::write_file(repo / ".qa-skill.toml",
                         std::string(kConfig) + "max_commands_per_plan = 9\n");
    const auto changed = phase_validate(sb, repo, input);
    CHECK(changed.exit_code == 2);
    CHECK(changed.err.find("changed since it was trusted") != std::string::npos);
    CHECK(sb.qa(repo, "trust --check").exit_code == 1);
    // CI trusts by the environment or the flag.
    CHECK(phase_validate(sb, repo, input, "", "QA_SKILL_TRUST=1 ").exit_code == 0);
    CHECK(phase_validate(sb, repo, input, "--trust").exit_code == 0);
}

TEST_CASE(
    "phase-validate: a command outside the profile is EXECUTION_POLICY_VIOLATION and a "
    "read-only profile is EXECUTION_DENIED",
    "[exec][phase][integration]") {
    HookSandbox sb;
    const auto repo = project(sb, "python-unittest");
    trust(sb, repo);
    const auto violation = phase_validate(
        sb, repo,
        input_json(repo, "\"calc.py\"",
                   "\"format_command\": \"python3 -m tabnanny .\", \"lint_command\": \"sh -c "
                   "'touch /tmp/x'\""));
    CHECK(violation.exit_code == 2);
    CHECK(violation.err.find("EXECUTION_POLICY_VIOLATION") != std::string::npos);
    CHECK(violation.err.find("sh -c 'touch /tmp/x'") != std::string::npos);
    output_of(violation);

    const auto shell = phase_validate(
        sb, repo,
        input_json(repo, "\"calc.py\"", "\"test_command\": \"python3 -m unittest && rm x\""));
    CHECK(shell.exit_code == 2);
    CHECK(shell.out.find("needs a shell") != std::string::npos);

    const auto read_only =
        phase_validate(sb, repo, input_json(repo, "\"calc.py\""), "--profile read_only");
    CHECK(read_only.exit_code == 2);
    CHECK(read_only.err.find("EXECUTION_DENIED") != std::string::npos);
    CHECK(read_only.err.find("read-only") != std::string::npos);
}

TEST_CASE("phase-validate: invalid input gives seed example 4 and exit 2",
          "[exec][phase][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const auto r = phase_validate(sb, repo, "{\"changed_files\": [\"src/api.ts\"]}");
    CHECK(r.exit_code == 2);
    const std::string example4 = R"({
  "status": "fail",
  "execution_time_ms": 0,
  "total_retries": 0,
  "checks": {
    "formatter": {
      "status": "fail",
      "issues": [
        "Validation failed: missing required parameter 'working_directory'"
      ],
      "retry_count": 0,
      "command": "",
      "execution_time_ms": 0
    },
    "linter": {
      "status": "fail",
      "issues": [],
      "retry_count": 0,
      "command": "",
      "execution_time_ms": 0
    },
    "build": {
      "status": "fail",
      "errors": [],
      "retry_count": 0,
      "command": "",
      "execution_time_ms": 0
    },
    "tests": {
      "status": "fail",
      "failing_count": 0,
      "retry_count": 0,
      "command": "",
      "execution_time_ms": 0
    },
    "code_review": {
      "status": "fail",
      "findings": [],
      "severity": "none",
      "execution_time_ms": 0
    },
    "security_review": {
      "status": "fail",
      "vulnerabilities": [],
      "severity": "none",
      "execution_time_ms": 0
    }
  }
}
)";
    CHECK(r.out == example4);
    for (const auto& [input, needle] : std::vector<std::pair<std::string, std::string>>{
             {"{\"working_directory\": \"relative\", \"changed_files\": []}", "working_directory"},
             {input_json(repo, "", "\"max_retries\": 11"), "max_retries"},
             {input_json(repo, "", "\"language\": \"cobol\""), "language"},
             {input_json(repo / "missing", ""), "does not exist"},
             {"not json", "not JSON"}}) {
        INFO(input);
        const auto bad = phase_validate(sb, repo, input);
        CHECK(bad.exit_code == 2);
        CHECK(joined(*check(output_of(bad), "formatter").find("issues")).find(needle) !=
              std::string::npos);
    }
}

TEST_CASE(
    "phase-validate: security_review and critical_security_issue come from the security "
    "lens on the changed files",
    "[exec][phase][integration]") {
    HookSandbox sb;
    const auto repo = project(sb, "python-unittest");
    trust(sb, repo);
    const std::string secret = std::string("AK") + "IA" + "FAKEUJZDEGXDNCF3";
    sb.add_file(repo, "settings.py", "aws_access_key_id = \"" + secret + "\"\n");
    const std::string checks =
        "\"format_command\": \"python3 -m tabnanny .\", \"lint_command\": \"python3 -m tabnanny "
        ".\", \"skip_build\": true, \"skip_tests\": true";
    const auto r = phase_validate(sb, repo, input_json(repo, "\"settings.py\"", checks));
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    const auto out = output_of(r);
    CHECK(out.find("status")->as_string() == "fail");
    CHECK(out.find("critical_security_issue") != nullptr);
    CHECK(status(out, "security_review") == "fail");
    CHECK(check(out, "security_review").find("severity")->as_string() == "critical");
    CHECK(joined(*check(out, "security_review").find("vulnerabilities"))
              .find("aws-access-key-id in settings.py:1") != std::string::npos);
    CHECK(status(out, "code_review") == "pass");
    CHECK(status(out, "formatter") == "pass");
    CHECK(r.all().find(secret) == std::string::npos);  // the key itself never shows

    // The same finding in a file the phase did not change is not this phase's review.
    const auto other = phase_validate(sb, repo, input_json(repo, "\"calc.py\"", checks));
    INFO(other.describe());
    CHECK(other.exit_code == 0);
    const auto clean = output_of(other);
    CHECK(status(clean, "security_review") == "pass");
    CHECK(clean.find("critical_security_issue") == nullptr);
}

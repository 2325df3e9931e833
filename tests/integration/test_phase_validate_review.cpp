// `qa-skill phase-validate` as a newcomer met it (issue 26 items 12 and 13): a project that turns
// the phase lens on in its own configuration, and pytest's quiet summary.
#include <catch2/catch.hpp>

#include "support/phase_fixture.hpp"

using qa::test::HookSandbox;
using qa::test::phase::check;
using qa::test::phase::input_json;
using qa::test::phase::kConfig;
using qa::test::phase::output_of;
using qa::test::phase::phase_validate;
using qa::test::phase::project;
using qa::test::phase::status;
using qa::test::phase::trust;

TEST_CASE(
    "phase-validate: a project whose configuration enables the phase lens passes its code review "
    "(the phase lens is not run again as a review)",
    "[exec][phase][integration]") {
    HookSandbox sb;
    // The configured phase lens's tests always fail: were the code review to run the phase lens,
    // it would fail on them. phase-validate's own input names passing commands.
    const std::string config = std::string(kConfig) +
                               "[lenses.phase]\nenabled = true\n"
                               "[lenses.phase.options]\n"
                               "test_command = \"python3 -m no_such_test_module\"\n"
                               "max_retries = 0\n";
    const auto repo = project(sb, "python-unittest", config);
    trust(sb, repo);
    const auto r = phase_validate(
        sb, repo,
        input_json(repo, "\"calc.py\"",
                   "\"format_command\": \"python3 -m tabnanny .\", "
                   "\"lint_command\": \"python3 -m py_compile calc.py\", \"max_retries\": 0"));
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    const auto out = output_of(r);
    CHECK(status(out, "code_review") == "pass");
    CHECK(status(out, "security_review") == "pass");
    CHECK(status(out, "tests") == "pass");
    CHECK(r.all().find("lens phase failed") == std::string::npos);
}

TEST_CASE("phase-validate: pytest -q's summary gives the failing count",
          "[exec][phase][integration]") {
    HookSandbox sb;
    const auto repo = project(sb, "python-unittest");
    trust(sb, repo);
    // install/packages.txt: python3-pytest. The sandbox's python3 is the system's.
    qa::test::write_file(
        repo / "calc.py",
        "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n");
    const auto r =
        phase_validate(sb, repo,
                       input_json(repo, "\"calc.py\"",
                                  "\"format_command\": \"python3 -m tabnanny .\", "
                                  "\"lint_command\": \"python3 -m py_compile calc.py\", "
                                  "\"test_command\": \"python3 -m pytest -q -p no:cacheprovider\", "
                                  "\"max_retries\": 0"));
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    const auto out = output_of(r);
    CHECK(status(out, "tests") == "fail");
    CHECK(check(out, "tests").find("command")->as_string() ==
          "python3 -m pytest -q -p no:cacheprovider");
    CHECK(check(out, "tests").find("failing_count")->as_integer() == 1);  // add only
    CHECK(r.err.find("1 failed, 1 passed in") != std::string::npos);
    CHECK(r.err.find("could not be read") == std::string::npos);
}

TEST_CASE("phase-validate: an invalid input on standard input is said once on stderr, with help",
          "[exec][phase][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const auto r = sb.in(repo, "echo '{\"working_directory\": \"/\"}' | " +
                                   qa::test::shell_quote(QA_SKILL_BIN) + " phase-validate");
    INFO(r.describe());
    CHECK(r.exit_code == 2);
    const std::string said = "missing required parameter 'changed_files'";
    // stdout is seed 004's example 4 (the message in the formatter's issues); stderr says it
    // once, naming where the input came from and where an example input is.
    CHECK(r.out.find(said) != std::string::npos);
    CHECK(r.err.find("qa-skill: phase-validate: standard input: Validation failed: " + said) !=
          std::string::npos);
    CHECK(r.err.find(said) == r.err.rfind(said));
    CHECK(r.err.find("qa-skill phase-validate --help") != std::string::npos);
    const auto help = sb.in(repo, qa::test::shell_quote(QA_SKILL_BIN) + " phase-validate --help");
    CHECK(help.exit_code == 0);
    CHECK(help.out.find("\"changed_files\": [\"app.py\"]") != std::string::npos);
}

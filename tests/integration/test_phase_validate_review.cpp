// `qa-skill phase-validate` as a newcomer met it (issue 26 items 12, 13 and 14): a project that
// turns the phase lens on in its own configuration, pytest's quiet summary, and reviews that judge
// the working directory rather than the index.
#include <catch2/catch.hpp>

#include "support/phase_fixture.hpp"
#include "support/report_fixture.hpp"

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

TEST_CASE(
    "phase-validate: the reviews judge the working directory, untracked and unstaged files "
    "included, and leave the index and objects alone",
    "[exec][phase][integration]") {
    HookSandbox sb;
    const auto repo = project(sb, "python-unittest");
    trust(sb, repo);
    // An untracked new file and an unstaged edit, each holding an AWS key id; nothing staged.
    qa::test::write_file(repo / "settings.py", qa::test::config_py(qa::test::fake_aws_key(14)));
    qa::test::write_file(repo / "calc.py",
                         "KEY = \"" + qa::test::fake_aws_key(41) +
                             "\"\n\ndef add(a, b):\n    return a + b\n\n\ndef mul(a, b):\n"
                             "    return a * b\n");
    qa::test::settle_index(sb, repo);
    const auto before = qa::test::capture_state(sb, repo);
    const auto objects_before = qa::test::read_tree(repo / ".git" / "objects");

    const std::string checks =
        "\"format_command\": \"python3 -m tabnanny .\", "
        "\"lint_command\": \"python3 -m py_compile calc.py\", "
        "\"skip_tests\": true, \"max_retries\": 0";
    const auto r =
        phase_validate(sb, repo, input_json(repo, "\"settings.py\", \"calc.py\"", checks));
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    const auto out = output_of(r);
    CHECK(status(out, "security_review") == "fail");
    const std::string findings =
        qa::test::phase::joined(*check(out, "security_review").find("vulnerabilities"));
    CHECK(findings.find("in settings.py:2") != std::string::npos);
    CHECK(findings.find("in calc.py:1") != std::string::npos);
    CHECK(findings.find(qa::test::fake_aws_key(14)) == std::string::npos);  // never the key

    // The working directory's files were judged through an index of the review's own.
    const auto after = qa::test::capture_state(sb, repo);
    INFO(before.diff(after));
    CHECK(after == before);
    CHECK(qa::test::read_tree(repo / ".git" / "objects") == objects_before);

    // Once the key is gone from the working directory (still staged nowhere), the review passes.
    std::filesystem::remove(repo / "settings.py");
    sb.git_ok(repo, "checkout -- calc.py");
    const auto clean = phase_validate(sb, repo, input_json(repo, "\"calc.py\"", checks));
    INFO(clean.describe());
    CHECK(status(output_of(clean), "security_review") == "pass");
}

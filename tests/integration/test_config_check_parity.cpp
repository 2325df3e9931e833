// `qa-skill config check` accepts exactly what the hook accepts: every configuration a real
// `git commit` refuses, `config check` refuses with exit 2 and the same message at the same
// .qa-skill.toml:line:col (issue 26 item 5: phase options used to pass `config check`, or to be
// named by the hook without their line).
#include <catch2/catch.hpp>

#include <string>

#include "support/hook_fixture.hpp"

using qa::test::HookSandbox;
using qa::test::ProcResult;

namespace {

/// What follows "<file>:" in the one "config error: " line of `err`, or "" without one.
std::string after_file(const std::string& err, const std::string& file) {
    const auto at = err.find("config error: " + file);
    if (at == std::string::npos) {
        return "";
    }
    const auto start = at + std::string("config error: ").size() + file.size();
    return err.substr(start, err.find('\n', start) - start);
}

/// `config check` and `git commit` (through the installed hook) of `config`: both exit non-zero
/// with the same ":line:col: key: problem", which starts with `where` and holds `problem`.
void both_refuse(const HookSandbox& sb, const std::string& name, const std::string& config,
                 const std::string& where, const std::string& problem) {
    const auto repo = sb.installed_repo(name);
    const std::string head = sb.rev_parse(repo, "HEAD");
    sb.add_file(repo, ".qa-skill.toml", config);
    sb.add_file(repo, "notes.txt", "a change to commit\n");

    const ProcResult check = sb.qa(repo, "config check");
    INFO(config << "\n--- config check ---\n" << check.describe());
    CHECK(check.exit_code == 2);
    const std::string checked = after_file(check.err, (repo / ".qa-skill.toml").string());
    CHECK(checked.rfind(where, 0) == 0);
    CHECK(checked.find(problem) != std::string::npos);

    const ProcResult commit = sb.git_in(repo, "commit -q -m change");
    INFO("--- git commit ---\n" << commit.describe());
    CHECK(commit.exit_code != 0);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
    CHECK(after_file(commit.err, "index:.qa-skill.toml") == checked);
}

}  // namespace

TEST_CASE("config check and the commit hook refuse bad phase options at the same line and column",
          "[config][hooks][phase]") {
    HookSandbox sb;
    const std::string phase = "[lenses.phase]\nenabled = true\n\n[lenses.phase.options]\n";
    // A shell pipe: the value's position.
    both_refuse(sb, "pipe", phase + "test_command = \"pytest -q | tee out.txt\"\n",
                ":5:16: lenses.phase.options.test_command: ", "'|' needs a shell");
    // Out of range: the value's position.
    both_refuse(sb, "range", phase + "language = \"python\"\nmax_retries = 99\n",
                ":6:15: lenses.phase.options.max_retries: ", "expected an integer from 0 to 10");
    // A misspelt key: the key's position, and what it probably meant.
    both_refuse(sb, "typo", phase + "max_retriez = 3\n", ":5:1: lenses.phase.options.max_retriez: ",
                "unknown option (did you mean `max_retries`?)");
    // A wrong type and an unknown language, in an inline table.
    both_refuse(sb, "inline",
                "[lenses.phase]\nenabled = true\noptions = { skip_tests = \"yes\" }\n",
                ":3:26: lenses.phase.options.skip_tests: ", "expected true or false");
    both_refuse(sb, "language", phase + "language = \"cobol\"\n",
                ":5:12: lenses.phase.options.language: ", "unknown language \"cobol\"");
}

TEST_CASE("config check refuses what a run refuses beyond the phase options", "[config][hooks]") {
    HookSandbox sb;
    // The artifact folder a run resolves: outside the repository, refused alike.
    const auto repo = sb.installed_repo("artifacts");
    const std::string head = sb.rev_parse(repo, "HEAD");
    sb.add_file(repo, ".qa-skill.toml", "artifact_root = \"../elsewhere\"\n");
    const ProcResult check = sb.qa(repo, "config check");
    INFO(check.describe());
    CHECK(check.exit_code == 2);
    CHECK(check.err.find(".qa-skill.toml: artifact_root: \"../elsewhere\" must stay inside the "
                         "repository") != std::string::npos);
    const ProcResult commit = sb.git_in(repo, "commit -q -m change");
    INFO(commit.describe());
    CHECK(commit.exit_code != 0);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
    CHECK(commit.err.find("index:.qa-skill.toml: artifact_root: \"../elsewhere\" must stay inside "
                          "the repository") != std::string::npos);

    // Valid phase options stay valid for both.
    const auto good = sb.installed_repo("good");
    sb.add_file(good, ".qa-skill.toml",
                "[lenses.phase]\nenabled = false\n\n[lenses.phase.options]\n"
                "test_command = \"python3 -m pytest -q\"\nmax_retries = 2\n");
    const ProcResult ok = sb.qa(good, "config check");
    INFO(ok.describe());
    CHECK(ok.exit_code == 0);
    CHECK(ok.out.find(": valid (configHash ") != std::string::npos);
    const ProcResult committed = sb.git_in(good, "commit -q -m 'phase options'");
    INFO(committed.describe());
    CHECK(committed.exit_code == 0);
}

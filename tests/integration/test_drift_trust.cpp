// Replays of runs with execution lenses, through the real binaries and bubblewrap: whether the
// configuration was trusted is a fact of the run's machine, stored with the run. A run whose
// commands ran trusted is not replayable where they are refused (not drift); a run whose commands
// were refused replays the refusal, never runs them, and writes the same bytes in any clone. What
// a project's commands print is the project's: a command that prints something new each run (a
// test runner's timings) never makes two runs of one key drift.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"
#include "support/phase_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

/// The phase lens's options with `test_command`; the build and, without a test command, the
/// tests skipped: every other command prints the same bytes each run.
std::string options(const std::string& test_command = "") {
    return "skip_build = true\n" + (test_command.empty()
                                        ? std::string("skip_tests = true\n")
                                        : "test_command = \"" + test_command + "\"\n");
}

/// The phase lens project with a second commit that edits calc.py: `run --base HEAD~1` plans
/// the phase lens for it.
fs::path two_commits(const HookSandbox& sb, const std::string& name) {
    const fs::path repo = qa::test::phase::phase_lens_project(sb, options());
    fs::path named = repo.parent_path() / name;
    fs::rename(repo, named);
    std::string calc = qa::test::read_bytes(named / "calc.py");
    calc += "\n\ndef double(x):\n    return 2 * x\n";
    sb.add_file(named, "calc.py", calc);
    sb.commit(named, "double");
    return named;
}

/// The run folder of the range (the one that planned the phase lens; the range also writes a run
/// for its commit messages).
fs::path phase_run(const fs::path& repo) {
    std::vector<fs::path> found;
    for (const auto& dir : qa::test::run_dirs(repo / ".qa-skill")) {
        if (qa::test::read_bytes(dir / "lens-results.json").find("\"lensId\":\"phase\"") !=
            std::string::npos) {
            found.push_back(dir);
        }
    }
    REQUIRE(found.size() == 1);
    return found[0];
}

ProcResult trusted(const HookSandbox& sb, const fs::path& repo, const std::string& args) {
    return sb.in(repo, "QA_SKILL_TRUST=1 " + shell_quote(QA_SKILL_BIN) + " " + args);
}

}  // namespace

TEST_CASE(
    "drift-check of a run whose commands ran trusted: not replayable where they are "
    "refused, no drift where trusted",
    "[drift][exec]") {
    HookSandbox sb;
    const fs::path repo = two_commits(sb, "trusted");
    const ProcResult ran = trusted(sb, repo, "run --base HEAD~1");
    INFO(ran.out << ran.err);
    REQUIRE(ran.exit_code == 0);
    const fs::path dir = phase_run(repo);
    const std::string key = dir.filename().string();
    REQUIRE(qa::test::read_bytes(dir / "lens-results.json").find("EXECUTION_DENIED") ==
            std::string::npos);

    // Here nothing is trusted: the replay's commands are refused. Not drift: not replayable.
    const ProcResult refused = sb.qa(repo, "drift-check " + key);
    INFO(refused.out << refused.err);
    CHECK(refused.exit_code == 2);
    CHECK(refused.out.find(key + ": not replayable") != std::string::npos);
    CHECK(refused.out.find("refused") != std::string::npos);
    CHECK((refused.out + refused.err).find("DETERMINISM_DRIFT_DETECTED") == std::string::npos);

    // Trusted again: the commands run in the replay and write the same bytes.
    const ProcResult replayed = trusted(sb, repo, "drift-check " + key);
    INFO(replayed.out << replayed.err);
    CHECK(replayed.exit_code == 0);
    CHECK(replayed.out.find(key + ": no drift") != std::string::npos);
}

TEST_CASE("a run whose commands were refused replays the refusal, and its bytes name no clone",
          "[drift][exec]") {
    HookSandbox sb;
    const fs::path first = two_commits(sb, "first");
    const fs::path second = first.parent_path() / "second";
    sb.git_ok(first.parent_path(),
              "clone -q " + shell_quote(first.string()) + " " + shell_quote(second.string()));

    for (const fs::path& repo : {first, second}) {
        const ProcResult ran = sb.qa(repo, "run --base HEAD~1");
        INFO(ran.out << ran.err);
        REQUIRE((ran.exit_code == 0 || ran.exit_code == 1));
    }
    const fs::path dir = phase_run(first);
    const std::string results = qa::test::read_bytes(dir / "lens-results.json");
    REQUIRE(results.find("EXECUTION_DENIED") != std::string::npos);
    CHECK(results.find("is not trusted") != std::string::npos);
    // The same key in both clones, and the same bytes: the refusal does not name the folder.
    CHECK(results.find(first.string()) == std::string::npos);
    const fs::path other = phase_run(second);
    CHECK(other.filename() == dir.filename());
    CHECK(qa::test::read_bytes(other / "lens-results.json") == results);

    // Trusted now, the replay still refuses (it would run the commands and differ otherwise).
    const std::string key = dir.filename().string();
    const ProcResult replayed = trusted(sb, first, "drift-check " + key);
    INFO(replayed.out << replayed.err);
    CHECK(replayed.exit_code == 0);
    CHECK(replayed.out.find(key + ": no drift") != std::string::npos);
}

TEST_CASE(
    "a command that prints something new each run: the newer run replaces the older, and "
    "drift-check cannot compare it (never drift)",
    "[drift][exec]") {
    HookSandbox sb;
    const fs::path repo = qa::test::phase::phase_lens_project(sb, options("python3 stamp.py"));
    // A test runner's timings, at their most variable: the time in nanoseconds, on stderr.
    sb.add_file(repo, "stamp.py",
                "import sys, time\nsys.stderr.write('ran in %d ns\\n' % time.time_ns())\n");
    sb.commit(repo, "stamp");
    for (int i = 0; i < 2; ++i) {
        const ProcResult ran = trusted(sb, repo, "run --base HEAD~1");
        INFO(ran.out << ran.err);
        CHECK(ran.exit_code == 0);
        CHECK((ran.out + ran.err).find("DETERMINISM_DRIFT_DETECTED") == std::string::npos);
    }
    // The second run replaced the first: no folder recorded beside it as drift.
    for (const auto& dir : qa::test::run_dirs(repo / ".qa-skill")) {
        CHECK(dir.filename().string().find(".drift-") == std::string::npos);
    }
    const std::string key = phase_run(repo).filename().string();

    const ProcResult check = trusted(sb, repo, "drift-check " + key);
    INFO(check.out << check.err);
    CHECK(check.exit_code == 2);
    CHECK(check.out.find(key + ": not replayable") != std::string::npos);
    CHECK(check.out.find("phase/tests command 1 gave another outcome") != std::string::npos);
    CHECK((check.out + check.err).find("DETERMINISM_DRIFT_DETECTED") == std::string::npos);
}

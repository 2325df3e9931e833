// The execution lens `phase` in the gate: `qa-skill run` and the installed hooks run the project's
// own formatter, linter, build and tests on the exact tree under test, in bubblewrap, once the
// user trusted the configuration (seed 002 tests 10, 11 and 12 through the binaries).
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <map>
#include <thread>

#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "support/hook_fixture.hpp"
#include "support/loopback_listener.hpp"
#include "util/sha256.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

/// The knobs of one test's `.qa-skill.toml`.
struct Setup {
    std::string runMode = "strict";
    bool required = true;
    std::string profile = "exec_sandboxed_network_off";
    std::string prefixes = "[\"python3\"]";
    std::int64_t commandTimeoutMs = 300000;
    // No black or ruff offline: check-mode stand-ins from Python's standard library.
    std::string formatCommand = "python3 -m tabnanny .";
    std::string lintCommand = "python3 -m py_compile calc.py test_calc.py";
    std::string options;  ///< more `[lenses.phase.options]` lines (test_command...)
};

/// A TOML basic string holding `text`.
std::string toml_string(const std::string& text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
        }
        out += c;
    }
    return out + "\"";
}

std::string config_text(const Setup& s) {
    return "run_mode = \"" + s.runMode +
           "\"\n"
           "allow_execution_lens_classes = [\"consistency\"]\n"
           "[lenses.phase]\n"
           "enabled = true\n"
           "required = " +
           (s.required ? "true" : "false") +
           "\n"
           "permission_profile = \"" +
           s.profile +
           "\"\n"
           "timeout_ms = 600000\n"
           "[lenses.phase.options]\n"
           "format_command = " +
           toml_string(s.formatCommand) + "\nlint_command = " + toml_string(s.lintCommand) +
           "\nmax_retries = 0\n" + s.options + "[permission_profiles." + s.profile +
           "]\n"
           "allowed_command_prefixes = [" +
           s.prefixes +
           "]\n"
           "command_timeout_ms = " +
           std::to_string(s.commandTimeoutMs) + "\n";
}

/// A repository holding the Python unittest fixture and the configuration, committed.
fs::path python_project(const HookSandbox& sb, const std::string& name, const Setup& setup) {
    auto repo = sb.init(name);
    fs::copy(fs::path(QA_SOURCE_DIR) / "tests/fixtures/projects/python-unittest", repo,
             fs::copy_options::recursive);
    qa::test::write_file(repo / ".qa-skill.toml", config_text(setup));
    sb.git_ok(repo, "add -A");
    sb.commit(repo, "project");
    return repo;
}

void trust(const HookSandbox& sb, const fs::path& repo) {
    const auto r = sb.qa(repo, "trust");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
}

const char* const kGoodCalc =
    "def add(a, b):\n    return a + b\n\n\ndef mul(a, b):\n    return a * b\n";
const char* const kBadCalc =
    "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n";

/// `qa-skill run --staged --format json` and its parsed output.
struct Run {
    ProcResult proc;
    qa::json::Value out;
};

Run run_staged(const HookSandbox& sb, const fs::path& repo, const std::string& extra = "") {
    Run r{sb.qa(repo, "run --staged --format json " + extra), {}};
    INFO(r.proc.describe());
    REQUIRE(r.proc.exited);
    REQUIRE((r.proc.exit_code == 0 || r.proc.exit_code == 1));
    r.out = qa::json::parse(r.proc.out);
    return r;
}

const qa::json::Value& skill_result(const Run& r) {
    return *r.out.find("runs")->as_array().at(0).find("skillResult");
}

/// The phase lens's results by sub-lens.
std::map<std::string, const qa::json::Value*> phase_results(const Run& r) {
    std::map<std::string, const qa::json::Value*> out;
    for (const auto& result : skill_result(r).find("lensResults")->as_array()) {
        if (result.find("lensId")->as_string() == "phase") {
            out[result.find("subLensId")->as_string()] = &result;
        }
    }
    return out;
}

std::vector<std::string> strings(const qa::json::Value* list) {
    std::vector<std::string> out;
    if (list != nullptr) {
        for (const auto& v : list->as_array()) {
            out.push_back(v.as_string());
        }
    }
    return out;
}

bool has(const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

std::string summary_of(const qa::json::Value& result) {
    std::string s;
    for (const auto& line : strings(result.find("evidenceSummary"))) {
        s += line + "\n";
    }
    return s;
}

/// Processes whose command line contains `token` (any namespace: /proc shows them all).
int processes_with(const std::string& token) {
    int n = 0;
    for (const auto& e : fs::directory_iterator("/proc")) {
        const std::string name = e.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos)
            continue;
        std::string cmdline;
        try {  // a process that ends while it is read makes libstdc++ throw ESRCH
            std::ifstream in(e.path() / "cmdline", std::ios::binary);
            cmdline.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        } catch (const std::exception&) {
            continue;
        }
        std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
        if (cmdline.find(token) != std::string::npos)
            ++n;
    }
    return n;
}

/// A test_command that connects to `port` on 127.0.0.1: the listener then knows it ran.
std::string knock_option(int port) {
    return "test_command = \"python3 -c \\\"import socket; "
           "socket.create_connection(('127.0.0.1', " +
           std::to_string(port) + "), 5)\\\"\"\n";
}

}  // namespace

TEST_CASE(
    "phase lens through qa-skill run: a passing project passes, its audit is in the run's "
    "artifacts, the user's tree and index are untouched",
    "[exec][lens][integration]") {
    HookSandbox sb;
    const auto repo = python_project(sb, "py", Setup{});
    trust(sb, repo);
    qa::test::write_file(repo / "calc.py",
                         std::string(kGoodCalc) + "\n\ndef neg(a):\n    return -a\n");
    sb.git_ok(repo, "add calc.py");
    qa::test::write_file(repo / "untracked.txt", "not part of the commit\n");
    qa::test::settle_index(sb, repo);
    const auto before = qa::test::capture_state(sb, repo);

    const Run r = run_staged(sb, repo);
    INFO(r.proc.describe());
    CHECK(r.proc.exit_code == 0);
    const auto phase = phase_results(r);
    REQUIRE(phase.size() == 4);
    const auto audit_schema = qa::json::SchemaValidator::embedded("execution-audit.v1");
    for (const char* sub : {"formatter", "linter", "build", "tests"}) {
        INFO(sub);
        const auto& result = *phase.at(sub);
        CHECK(result.find("status")->as_string() == "completed");
        const auto* audit = result.find("executionAudit");
        REQUIRE(audit != nullptr);
        REQUIRE(audit->is_object());
        CHECK(audit->find("permissionProfileId")->as_string() == "exec_sandboxed_network_off");
        // The checkout's path, relative, named by the run's key and the first execution plan's
        // ordinal: one checkout per tree, shared by the sub-lenses.
        const std::string key = skill_result(r).find("executionKey")->as_string();
        std::int64_t first = INT64_MAX;
        for (const auto& [name, other] : phase) {
            first = std::min(first, other->find("planOrdinal")->as_integer());
        }
        CHECK(audit->find("worktreePath")->as_string() ==
              ".worktrees/qa-skill/" + key + "/" + std::to_string(first));
        // What the command could see: the system read-only, the checkout writable, nothing of
        // the user's home or the repository.
        const auto* view = audit->find("sandbox");
        REQUIRE(view != nullptr);
        std::map<std::string, bool> mounts;
        for (const auto& m : view->find("mounts")->as_array()) {
            mounts[m.find("path")->as_string()] = m.find("writable")->as_bool();
        }
        CHECK(mounts.at("/usr") == false);
        CHECK(mounts.at("/tmp/qa-skill/work") == true);
        CHECK(mounts.count("/etc/shadow") == 0);
        CHECK(mounts.count("/home") == 0);
        CHECK(view->find("network")->as_bool() == false);
        const auto& commands = audit->find("commands")->as_array();
        REQUIRE_FALSE(commands.empty());
        CHECK(commands[0].find("exitCode")->as_integer() == 0);
        CHECK(commands[0].find("ordinal")->as_integer() == 1);
    }
    CHECK(summary_of(*phase.at("tests")).find("command: python3 -m unittest") != std::string::npos);
    CHECK(summary_of(*phase.at("build")).find("python3 -m compileall") != std::string::npos);
    // The artifacts hold the same results, valid against the schemas (the audit included).
    const std::string dir = r.out.find("runs")->as_array().at(0).find("artifactDir")->as_string();
    const std::string results = qa::test::read_bytes(fs::path(dir) / "lens-results.json");
    CHECK(results.find("\"executionAudit\":{") != std::string::npos);
    CHECK(results.find(sb.root().string()) == std::string::npos);  // no absolute path
    const auto parsed = qa::json::parse(results);
    for (const auto& result : parsed.as_array()) {
        if (const auto* a = result.find("executionAudit"); a != nullptr && a->is_object()) {
            CHECK(audit_schema.validate(qa::json::canonical(*a)).empty());
        }
    }
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
    const auto after = qa::test::capture_state(sb, repo);
    INFO(before.diff(after));
    CHECK(after == before);
}

TEST_CASE(
    "phase lens: a failing unittest fails the run with a finding at the test file and the "
    "failing count read from unittest's summary",
    "[exec][lens][integration]") {
    HookSandbox sb;
    const auto repo = python_project(sb, "py", Setup{});
    trust(sb, repo);
    qa::test::write_file(repo / "calc.py", kBadCalc);
    sb.git_ok(repo, "add calc.py");
    const Run r = run_staged(sb, repo);
    INFO(r.proc.describe());
    CHECK(r.proc.exit_code == 1);
    const auto& tests = *phase_results(r).at("tests");
    CHECK(has(strings(tests.find("errorCodes")), "EXECUTION_EXIT_NONZERO"));
    const auto& findings = tests.find("findings")->as_array();
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].find("file")->as_string() == "test_calc.py");
    CHECK(findings[0].find("startLine")->as_integer() == 8);  // assertEqual(add(2, 3), 5)
    CHECK(findings[0].find("blocking")->as_bool());
    CHECK(findings[0].find("ruleId")->as_string() == "phase-tests");
    CHECK(findings[0].find("evidence")->find("failingCount")->as_integer() == 1);
    CHECK(findings[0].find("summary")->as_string().find("1 failing test") != std::string::npos);
    // The other checks passed on the same tree.
    CHECK(phase_results(r).at("build")->find("status")->as_string() == "completed");
    CHECK(phase_results(r).at("build")->find("findings")->as_array().empty());
    // The terminal report points at the file too.
    const ProcResult text = sb.qa(repo, "run --staged");
    CHECK(text.exit_code == 1);
    CHECK(text.all().find("test_calc.py:8") != std::string::npos);
}

TEST_CASE(
    "phase lens: an untrusted configuration is EXECUTION_DENIED and runs nothing, trusted it "
    "runs, a changed configuration must be trusted again, --trust and QA_SKILL_TRUST=1 for CI",
    "[exec][lens][integration][trust]") {
    HookSandbox sb;
    qa::test::LoopbackListener listener;
    Setup setup;
    setup.profile = "exec_sandboxed";  // network on, so the test command can knock
    setup.options = knock_option(listener.port());
    const auto repo = python_project(sb, "py", setup);
    qa::test::write_file(repo / "calc.py", std::string(kGoodCalc) + "# touched\n");
    sb.git_ok(repo, "add calc.py");

    const Run denied = run_staged(sb, repo);
    CHECK(denied.proc.exit_code == 1);
    CHECK_FALSE(listener.connected());
    for (const auto& [sub, result] : phase_results(denied)) {
        INFO(sub);
        CHECK(result->find("status")->as_string() == "failed");
        CHECK(has(strings(result->find("errorCodes")), "EXECUTION_DENIED"));
        CHECK(summary_of(*result).find("qa-skill trust") != std::string::npos);
    }
    CHECK(has(strings(skill_result(denied).find("finalVerdict")->find("errorCodes")),
              "EXECUTION_DENIED"));

    trust(sb, repo);
    CHECK(run_staged(sb, repo).proc.exit_code == 0);
    CHECK(listener.connected());

    // The configuration changes (a new command): not trusted any more.
    setup.options += "build_command = \"python3 -c pass\"\n";
    qa::test::write_file(repo / ".qa-skill.toml", config_text(setup));
    sb.git_ok(repo, "add .qa-skill.toml");
    const Run changed = run_staged(sb, repo);
    CHECK(changed.proc.exit_code == 1);
    CHECK(summary_of(*phase_results(changed).at("tests")).find("changed since it was trusted") !=
          std::string::npos);
    CHECK_FALSE(listener.connected());
    // CI: a flag or an environment variable trusts it for one run.
    CHECK(run_staged(sb, repo, "--trust").proc.exit_code == 0);
    CHECK(listener.connected());
    const ProcResult by_env =
        sb.in(repo, "QA_SKILL_TRUST=1 " + shell_quote(QA_SKILL_BIN) + " run --staged");
    INFO(by_env.describe());
    CHECK(by_env.exit_code == 0);
    CHECK(listener.connected());
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
}

TEST_CASE(
    "seed test 10 through the gate: a command outside the profile's prefixes is "
    "EXECUTION_POLICY_VIOLATION and nothing runs",
    "[exec][lens][integration][seed10]") {
    HookSandbox sb;
    qa::test::LoopbackListener listener;
    Setup setup;
    setup.profile = "exec_sandboxed";  // network on: only the policy stands in the way
    // The build knocks on the listener, through `python3 -X dev -c`.
    setup.options =
        "build_command = \"python3 -X dev -c \\\"import socket; "
        "socket.create_connection(('127.0.0.1', " +
        std::to_string(listener.port()) + "), 5)\\\"\"\n";
    setup.prefixes = "[\"python3\", \"-m\"], [\"python3\", \"-X\"]";
    const auto repo = python_project(sb, "py", setup);
    trust(sb, repo);
    qa::test::write_file(repo / "calc.py", std::string(kGoodCalc) + "# touched\n");
    sb.git_ok(repo, "add calc.py");
    // Control: allowed, the build's command runs and knocks.
    CHECK(run_staged(sb, repo).proc.exit_code == 0);
    REQUIRE(listener.connected());

    setup.prefixes = "[\"python3\", \"-m\"], [\"python3\", \"-c\"]";
    qa::test::write_file(repo / ".qa-skill.toml", config_text(setup));
    sb.git_ok(repo, "add .qa-skill.toml");
    trust(sb, repo);
    for (int i = 0; i < 2; ++i) {  // the same answer every time
        const Run r = run_staged(sb, repo);
        CHECK(r.proc.exit_code == 1);
        const auto& build = *phase_results(r).at("build");
        CHECK(build.find("status")->as_string() == "failed");
        CHECK(strings(build.find("errorCodes")) ==
              std::vector<std::string>{"EXECUTION_POLICY_VIOLATION"});
        CHECK(summary_of(build).find("python3 -X dev") != std::string::npos);
        CHECK(build.find("executionAudit")->is_null());  // nothing ran
        CHECK_FALSE(listener.connected());
        CHECK(has(strings(skill_result(r).find("finalVerdict")->find("errorCodes")),
                  "EXECUTION_POLICY_VIOLATION"));
        // Seed 002 (execution point 5): every command of every check is checked before the
        // first runs, so the checks within the profile did not run either.
        CHECK(phase_results(r).at("tests")->find("status")->as_string() == "failed");
        CHECK(phase_results(r).at("tests")->find("executionAudit")->is_null());
    }
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
}

TEST_CASE(
    "seed test 11 through the gate: EXECUTION_TIMEOUT fails a strict run and degrades a "
    "best_effort one, no process and no checkout is left",
    "[exec][lens][integration][seed11]") {
    HookSandbox sb;
    Setup setup;
    setup.commandTimeoutMs = 500;
    // The sleep carries this test's pid, so processes of other test runs never count.
    const std::string sleeper = "time.sleep(3111." + std::to_string(::getpid()) + ")";
    setup.options = "test_command = \"python3 -c \\\"import time; " + sleeper + "\\\"\"\n";
    const auto repo = python_project(sb, "py", setup);
    trust(sb, repo);
    qa::test::write_file(repo / "calc.py", std::string(kGoodCalc) + "# touched\n");
    sb.git_ok(repo, "add calc.py");

    SECTION("strict, required: FAIL") {
        const Run r = run_staged(sb, repo);
        CHECK(r.proc.exit_code == 1);
        const auto& tests = *phase_results(r).at("tests");
        CHECK(tests.find("status")->as_string() == "failed");
        CHECK(strings(tests.find("errorCodes")) == std::vector<std::string>{"EXECUTION_TIMEOUT"});
        const auto& audit = *tests.find("executionAudit");
        CHECK(audit.find("commands")->as_array().at(0).find("timedOut")->as_bool());
        CHECK(audit.find("commands")->as_array().at(0).find("exitCode")->is_null());
        const auto& verdict = *skill_result(r).find("finalVerdict");
        CHECK(verdict.find("status")->as_string() == "FAIL");
        CHECK(has(strings(verdict.find("errorCodes")), "EXECUTION_TIMEOUT"));
        CHECK(has(strings(verdict.find("failedRequiredLensIds")), "phase"));
    }
    SECTION("best_effort, not required: PASS, degraded, with the code") {
        setup.runMode = "best_effort";
        setup.required = false;
        qa::test::write_file(repo / ".qa-skill.toml", config_text(setup));
        sb.git_ok(repo, "add .qa-skill.toml");
        trust(sb, repo);
        const Run r = run_staged(sb, repo);
        CHECK(r.proc.exit_code == 0);
        const auto& tests = *phase_results(r).at("tests");
        CHECK(tests.find("status")->as_string() == "degraded");
        CHECK(tests.find("degraded")->as_bool());
        CHECK(strings(tests.find("errorCodes")) == std::vector<std::string>{"EXECUTION_TIMEOUT"});
        const auto& verdict = *skill_result(r).find("finalVerdict");
        CHECK(verdict.find("status")->as_string() == "PASS");
        CHECK(verdict.find("degraded")->as_bool());
        CHECK(has(strings(verdict.find("errorCodes")), "EXECUTION_TIMEOUT"));
    }
    SECTION("best_effort, required: still FAIL (only non-required scope may degrade)") {
        setup.runMode = "best_effort";
        qa::test::write_file(repo / ".qa-skill.toml", config_text(setup));
        sb.git_ok(repo, "add .qa-skill.toml");
        trust(sb, repo);
        const Run r = run_staged(sb, repo);
        CHECK(r.proc.exit_code == 1);
        CHECK(phase_results(r).at("tests")->find("status")->as_string() == "degraded");
        CHECK(skill_result(r).find("finalVerdict")->find("status")->as_string() == "FAIL");
    }
    CHECK(processes_with(sleeper) == 0);
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
}

TEST_CASE(
    "seed test 12 through the gate: the same commands on the same tree give the same audit in "
    "two clones",
    "[exec][lens][integration][seed12]") {
    HookSandbox sb;
    Setup setup;
    setup.options =
        "test_command = \"python3 -c \\\"import os, sys; print(os.getcwd()); "
        "print(open('calc.py').read()); sys.stderr.write('to stderr')\\\"\"\n";
    std::vector<std::string> audits;
    for (const char* name : {"first", "second-clone"}) {
        const auto repo = python_project(sb, name, setup);
        trust(sb, repo);
        qa::test::write_file(repo / "calc.py", std::string(kGoodCalc) + "# same change\n");
        sb.git_ok(repo, "add calc.py");
        const Run r = run_staged(sb, repo);
        CHECK(r.proc.exit_code == 0);
        std::string all;
        for (const auto& [sub, result] : phase_results(r)) {
            all += sub + ":" + qa::json::canonical(*result->find("executionAudit")) + "\n";
        }
        audits.push_back(all);
    }
    CHECK(audits[0] == audits[1]);
    CHECK(audits[0].find(sb.root().string()) == std::string::npos);
    // The tests' stdout: the working directory, the same in both clones (the checkout is seen
    // at a fixed path in the sandbox), then the staged calc.py.
    CHECK(audits[0].find(qa::util::sha256_hex("/tmp/qa-skill/work\n" + std::string(kGoodCalc) +
                                              "# same change\n\n")) != std::string::npos);
}

TEST_CASE(
    "phase lens: a formatter that rewrites a file in its checkout is a finding at that file, "
    "the user's file is not touched",
    "[exec][lens][integration]") {
    HookSandbox sb;
    Setup setup;
    setup.formatCommand = "python3 -c \"open('calc.py', 'a').write('# reformatted')\"";
    const auto repo = python_project(sb, "py", setup);
    trust(sb, repo);
    qa::test::write_file(repo / "calc.py", std::string(kGoodCalc) + "# touched\n");
    sb.git_ok(repo, "add calc.py");
    qa::test::settle_index(sb, repo);
    const auto before = qa::test::capture_state(sb, repo);
    const Run r = run_staged(sb, repo);
    CHECK(r.proc.exit_code == 1);
    const auto& formatter = *phase_results(r).at("formatter");
    const auto& findings = formatter.find("findings")->as_array();
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].find("file")->as_string() == "calc.py");
    CHECK(findings[0].find("summary")->as_string().find("untouched") != std::string::npos);
    const auto after = qa::test::capture_state(sb, repo);
    INFO(before.diff(after));
    CHECK(after == before);
}

TEST_CASE(
    "phase lens in the pre-commit hook: git commit tests the staged tree, not the working tree",
    "[exec][lens][integration][hooks]") {
    HookSandbox sb;
    const auto repo = python_project(sb, "py", Setup{});
    const ProcResult install = sb.qa(repo, "install");
    INFO(install.describe());
    REQUIRE(install.exit_code == 0);
    trust(sb, repo);
    const std::string head = sb.git_ok(repo, "rev-parse HEAD");

    // A staged breakage with a fix on disk only: the commit would record the breakage.
    qa::test::write_file(repo / "calc.py", kBadCalc);
    sb.git_ok(repo, "add calc.py");
    qa::test::write_file(repo / "calc.py", kGoodCalc);
    const ProcResult blocked = sb.git_in(repo, "commit -m broken");
    INFO(blocked.describe());
    CHECK(blocked.exit_code != 0);
    CHECK(blocked.err.find("test_calc.py:8") != std::string::npos);
    CHECK(blocked.err.find("phase-tests") != std::string::npos);
    // A failing test is not a line a comment can excuse: no inline suppression is offered.
    CHECK(blocked.err.find("Suppress a false positive") == std::string::npos);
    CHECK(blocked.err.find("qa-skill baseline create") != std::string::npos);
    CHECK(sb.git_ok(repo, "rev-parse HEAD") == head);

    // A staged fix with a breakage on disk only: the commit records the fix and passes.
    qa::test::write_file(repo / "calc.py", std::string(kGoodCalc) + "# fixed\n");
    sb.git_ok(repo, "add calc.py");
    qa::test::write_file(repo / "calc.py", kBadCalc);
    const ProcResult passed = sb.git_in(repo, "commit -m fixed");
    INFO(passed.describe());
    CHECK(passed.exit_code == 0);
    CHECK(sb.git_ok(repo, "rev-parse HEAD") != head);
    CHECK(qa::test::read_bytes(repo / "calc.py") == kBadCalc);  // the user's file, as left
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
}

TEST_CASE("phase lens in the pre-push hook: git push tests the pushed commit",
          "[exec][lens][integration][hooks]") {
    HookSandbox sb;
    const auto remote = sb.init("remote.git", true);
    const auto repo = python_project(sb, "py", Setup{});
    sb.git_ok(repo, "remote add origin " + shell_quote(remote.string()));
    sb.git_ok(repo, "push -q origin main");
    const ProcResult install = sb.qa(repo, "install");
    INFO(install.describe());
    REQUIRE(install.exit_code == 0);
    trust(sb, repo);
    const auto branch_with = [&](const std::string& branch, const std::string& calc) {
        sb.git_ok(repo, "checkout -q -b " + branch + " main");
        qa::test::write_file(repo / "calc.py", calc);
        sb.git_ok(repo, "commit -q --no-verify -am " + branch);
        sb.git_ok(repo, "checkout -q main");
    };
    branch_with("bad", kBadCalc);
    branch_with("good", std::string(kGoodCalc) + "# reviewed\n");
    // The working tree holds the opposite of what is pushed: it must not matter.
    qa::test::write_file(repo / "calc.py", std::string(kGoodCalc) + "# local\n");
    const ProcResult refused = sb.git_in(repo, "push origin bad");
    INFO(refused.describe());
    CHECK(refused.exit_code != 0);
    CHECK(refused.err.find("test_calc.py:8") != std::string::npos);
    CHECK(sb.git_ok(remote, "for-each-ref").find("refs/heads/bad") == std::string::npos);

    qa::test::write_file(repo / "calc.py", kBadCalc);
    const ProcResult pushed = sb.git_in(repo, "push origin good");
    INFO(pushed.describe());
    CHECK(pushed.exit_code == 0);
    CHECK(sb.git_ok(remote, "for-each-ref").find("refs/heads/good") != std::string::npos);
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
}

TEST_CASE(
    "SIGTERM to the hook while a sandboxed test runs kills it at once and leaves no process "
    "and no checkout",
    "[exec][lens][integration][signal]") {
    HookSandbox sb;
    Setup setup;
    const std::string sleeper = "time.sleep(3222." + std::to_string(::getpid()) + ")";
    setup.options = "test_command = \"python3 -c \\\"import time; " + sleeper + "\\\"\"\n";
    const auto repo = python_project(sb, "py", setup);
    trust(sb, repo);
    qa::test::write_file(repo / "calc.py", std::string(kGoodCalc) + "# touched\n");
    sb.git_ok(repo, "add calc.py");
    qa::test::ShellChild hook(sb.script(repo, shell_quote(QA_SKILL_HOOK_BIN) + " pre-commit"));
    // Wait (boundedly) for the sandboxed test to be running.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (processes_with(sleeper) == 0 && !hook.finished() &&
           std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    REQUIRE(processes_with(sleeper) > 0);
    REQUIRE(fs::exists(repo / ".worktrees"));
    hook.send(SIGTERM);
    const ProcResult r = hook.wait(std::chrono::seconds(60));
    INFO(r.describe());
    CHECK_FALSE(r.timed_out);
    REQUIRE(r.exited);  // never a death by the signal
    CHECK(r.exit_code == 3);
    // Gone when the hook has exited, not eventually.
    INFO("left: " << qa::test::run("ps -eo pid,ppid,pgid,sid,stat,args | grep -F '" + sleeper +
                                   "' | grep -v grep || true")
                         .out);
    CHECK(processes_with(sleeper) == 0);
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
    CHECK(r.out.find("PASS") == std::string::npos);
}

TEST_CASE(
    "phase lens on a CMake/CTest project: language from the tree's root files, configure, "
    "build and ctest in the sandbox, the failing count read from CTest's summary",
    "[exec][lens][integration][cmake]") {
    HookSandbox sb;
    const auto repo = sb.init("cmake");
    fs::copy(fs::path(QA_SOURCE_DIR) / "tests/fixtures/projects/cmake-ctest", repo,
             fs::copy_options::recursive);
    qa::test::write_file(repo / ".qa-skill.toml",
                         "allow_execution_lens_classes = [\"consistency\"]\n"
                         "[lenses.phase]\nenabled = true\n"
                         "permission_profile = \"exec_sandboxed_network_off\"\n"
                         "timeout_ms = 600000\n"
                         "[lenses.phase.options]\n"
                         "lint_command = \"cmake --version\"\n"  // no default C++ linter
                         "max_retries = 0\n"
                         "[permission_profiles.exec_sandboxed_network_off]\n"
                         "allowed_command_prefixes = [[\"cmake\"], [\"ctest\"], "
                         "[\"clang-format\"]]\n");
    sb.git_ok(repo, "add -A");
    sb.commit(repo, "project");
    trust(sb, repo);
    const std::string source = qa::test::read_bytes(repo / "check_add.cpp");

    qa::test::write_file(repo / "check_add.cpp", source + "\n// touched\n");
    sb.git_ok(repo, "add check_add.cpp");
    const Run good = run_staged(sb, repo);
    INFO(good.proc.describe());
    CHECK(good.proc.exit_code == 0);
    const auto phase = phase_results(good);
    REQUIRE(phase.size() == 4);
    CHECK(summary_of(*phase.at("tests")).find("language: cmake (detected") != std::string::npos);
    CHECK(summary_of(*phase.at("tests")).find("ctest --test-dir build-qa-skill") !=
          std::string::npos);
    // configure, build, ctest: three commands in ordinal order, all exit 0.
    const auto& commands = phase.at("tests")->find("executionAudit")->find("commands")->as_array();
    REQUIRE(commands.size() == 3);
    for (std::size_t i = 0; i < commands.size(); ++i) {
        CHECK(commands[i].find("ordinal")->as_integer() == static_cast<std::int64_t>(i) + 1);
        CHECK(commands[i].find("exitCode")->as_integer() == 0);
    }
    CHECK(
        summary_of(*phase.at("formatter")).find("clang-format --dry-run --Werror check_add.cpp") !=
        std::string::npos);

    std::string broken = source;
    broken.replace(broken.find("a + b"), 5, "a - b");
    qa::test::write_file(repo / "check_add.cpp", broken);
    sb.git_ok(repo, "add check_add.cpp");
    const Run bad = run_staged(sb, repo);
    INFO(bad.proc.describe());
    CHECK(bad.proc.exit_code == 1);
    const auto& tests = *phase_results(bad).at("tests");
    const auto& findings = tests.find("findings")->as_array();
    REQUIRE(findings.size() == 1);
    // CTest names tests, not files: the finding points at the configuration that asked for them.
    CHECK(findings[0].find("file")->as_string() == ".qa-skill.toml");
    CHECK(findings[0].find("evidence")->find("failingCount")->as_integer() == 2);
    CHECK(phase_results(bad).at("build")->find("findings")->as_array().empty());
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
    CHECK_FALSE(fs::exists(repo / "build-qa-skill"));
}

TEST_CASE(
    "phase lens sandbox: no API key reaches a command, network-off refuses 127.0.0.1, no "
    "bubblewrap fails closed",
    "[exec][lens][integration][sandbox]") {
    HookSandbox sb;
    qa::test::LoopbackListener listener;
    Setup setup;
    // The tests fail when any variable named like a key is set inside; the build knocks.
    setup.options =
        "test_command = \"python3 -c \\\"import os, sys; "
        "sys.exit(1 if [k for k in os.environ if 'KEY' in k or 'TOKEN' in k] else 0)\\\"\"\n"
        "build_command = \"python3 -c \\\"import socket; socket.create_connection(('127.0.0.1', " +
        std::to_string(listener.port()) + "), 5)\\\"\"\n";
    const auto repo = python_project(sb, "py", setup);
    trust(sb, repo);
    qa::test::write_file(repo / "calc.py", std::string(kGoodCalc) + "# touched\n");
    sb.git_ok(repo, "add calc.py");
    const ProcResult r = sb.in(repo,
                               "OPENAI_API_KEY=sk-test-0123456789abcdef ANTHROPIC_API_KEY=x "
                               "GITHUB_TOKEN=y " +
                                   shell_quote(QA_SKILL_BIN) + " run --staged --format json");
    INFO(r.describe());
    REQUIRE(r.exit_code == 1);  // the build's knock was refused
    const Run run{r, qa::json::parse(r.out)};
    CHECK(phase_results(run).at("tests")->find("findings")->as_array().empty());
    const auto& build = *phase_results(run).at("build");
    CHECK(has(strings(build.find("errorCodes")), "EXECUTION_EXIT_NONZERO"));
    CHECK_FALSE(listener.connected());
    CHECK(r.out.find("sk-test") == std::string::npos);

    // Without a working bubblewrap nothing runs, and the message says why.
    const ProcResult no_bwrap =
        sb.in(repo, "QA_SKILL_BWRAP=/nonexistent/bwrap " + shell_quote(QA_SKILL_BIN) +
                        " run --staged --format json");
    INFO(no_bwrap.describe());
    REQUIRE(no_bwrap.exit_code == 1);
    const Run denied{no_bwrap, qa::json::parse(no_bwrap.out)};
    for (const auto& [sub, result] : phase_results(denied)) {
        INFO(sub);
        CHECK(strings(result->find("errorCodes")) == std::vector<std::string>{"EXECUTION_DENIED"});
        CHECK(summary_of(*result).find("bubblewrap") != std::string::npos);
    }
    CHECK_FALSE(listener.connected());
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
}

TEST_CASE("phase options that cannot work are a configuration error naming the key, exit 2",
          "[exec][lens][integration][config]") {
    HookSandbox sb;
    Setup setup;
    setup.options = "skip_tests = \"yes\"\n";
    const auto repo = python_project(sb, "py", setup);
    trust(sb, repo);
    qa::test::write_file(repo / "calc.py", std::string(kGoodCalc) + "# touched\n");
    sb.git_ok(repo, "add calc.py");
    const ProcResult r = sb.qa(repo, "run --staged");
    INFO(r.describe());
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("lenses.phase.options.skip_tests") != std::string::npos);
    CHECK(r.err.find("true or false") != std::string::npos);

    setup.options.clear();
    setup.lintCommand = "ruff check . | tee lint.txt";
    qa::test::write_file(repo / ".qa-skill.toml", config_text(setup));
    sb.git_ok(repo, "add .qa-skill.toml");
    const ProcResult shell = sb.qa(repo, "run --staged");
    INFO(shell.describe());
    CHECK(shell.exit_code == 2);
    CHECK(shell.err.find("lenses.phase.options.lint_command") != std::string::npos);
    CHECK(shell.err.find("shell") != std::string::npos);
}

TEST_CASE("baseline create runs the phase lens like the gate: trusted, its checks pass",
          "[exec][lens][integration][baseline]") {
    HookSandbox sb;
    const auto repo = python_project(sb, "py", Setup{});
    const ProcResult untrusted = sb.qa(repo, "baseline create");
    INFO(untrusted.describe());
    CHECK(untrusted.exit_code != 0);  // incomplete: EXECUTION_DENIED
    CHECK(untrusted.all().find("EXECUTION_DENIED") != std::string::npos);
    CHECK_FALSE(fs::exists(repo / ".qa-skill-baseline.json"));
    trust(sb, repo);
    const ProcResult created = sb.qa(repo, "baseline create");
    INFO(created.describe());
    CHECK(created.exit_code == 0);
    CHECK(fs::exists(repo / ".qa-skill-baseline.json"));
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
}

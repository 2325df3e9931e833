// External lenses (doc/external-lens-protocol.md): a program declared in .qa-skill.toml reads the
// plan and the change on stdin and answers a LensResult. Real git repositories, real `git commit`
// through the installed hook, the real sandbox (bubblewrap), a real Python program
// (tests/fixtures/external_lenses/lens.py). A crash, a hang, an invalid answer or an untrusted
// configuration is a failed lens, never a pass.
#include <catch2/catch.hpp>

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

const std::string kLensDir = std::string(QA_SOURCE_DIR) + "/tests/fixtures/external_lenses";
const std::string kLens = kLensDir + "/lens.py";
const std::string kTrusted = "QA_SKILL_TRUST=1 ";

/// `[lenses.todo-check]` running lens.py with `args`. The sandbox shows only the system and
/// the repository, so the lens's folder outside both is named in the profile's read_only_paths,
/// as a user's lens installed outside the repository would be.
std::string config(const std::string& args, const std::string& extra = "",
                   const std::string& classes = "[\"consistency\"]") {
    return "allow_execution_lens_classes = " + classes +
           "\n"
           "[lenses.todo-check]\n"
           "kind = \"external\"\n"
           "class = \"consistency\"\n"
           "command = [\"python3\", \"" +
           kLens + "\", " + args +
           "]\n"
           "permission_profile = \"exec_sandboxed_network_off\"\n" +
           extra +
           "\n[permission_profiles.exec_sandboxed_network_off]\n"
           "read_only_paths = [\"" +
           kLensDir + "\"]\n";
}

/// A repository whose committed .qa-skill.toml is `toml`, with `file` staged holding `content`.
fs::path repo_with(const HookSandbox& sb, const std::string& toml,
                   const std::string& file = "app.py",
                   const std::string& content = "x = 1  # TODO fix\n") {
    auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", toml);
    sb.commit(repo, "config");
    sb.add_file(repo, file, content);
    return repo;
}

ProcResult run_staged(const HookSandbox& sb, const fs::path& repo,
                      const std::string& env = kTrusted, const std::string& args = "") {
    return sb.in(repo, env + shell_quote(QA_SKILL_BIN) + " run --staged " + args);
}

/// The lens result of `lens` in the run's lens-results.json (the one artifact folder).
qa::json::Value lens_result(const fs::path& repo, const std::string& lens) {
    const auto runs = repo / ".qa-skill" / "runs";
    REQUIRE(fs::is_directory(runs));
    fs::path dir;
    for (const auto& entry : fs::directory_iterator(runs)) {
        dir = entry.path();
    }
    const auto results = qa::json::parse(qa::test::read_bytes(dir / "lens-results.json"));
    for (const auto& r : results.as_array()) {
        if (r.find("lensId")->as_string() == lens) {
            return r;
        }
    }
    FAIL("no result of lens " << lens);
    return {};
}

std::vector<std::string> codes(const qa::json::Value& result) {
    std::vector<std::string> out;
    for (const auto& c : result.find("errorCodes")->as_array()) {
        out.push_back(c.as_string());
    }
    return out;
}

}  // namespace

TEST_CASE("an external lens's finding blocks a real commit, named in the lens's namespace",
          "[external][integration]") {
    HookSandbox sb;
    const auto repo = repo_with(sb, config("\"todo\""));
    REQUIRE(sb.qa(repo, "install").exit_code == 0);

    const ProcResult refused = sb.in(repo, kTrusted + "git commit -qm todo");
    INFO(refused.describe());
    CHECK(refused.exit_code != 0);
    CHECK(refused.err.find("app.py:1") != std::string::npos);
    CHECK(refused.err.find("todo-check/todo-left") != std::string::npos);
    CHECK(refused.err.find("TODO left: x = 1") != std::string::npos);
    CHECK(sb.rev_parse(repo, "HEAD") == sb.rev_parse(repo, "HEAD~0"));
    CHECK(sb.git_ok(repo, "log --format=%s -1") == "config\n");

    // The directive the report suggests is the one that works.
    qa::test::write_file(repo / "app.py",
                         "x = 1  # TODO fix  # qa-skill: allow todo-check/todo-left -- tracked\n");
    sb.git_ok(repo, "add app.py");
    const ProcResult allowed = sb.in(repo, kTrusted + "git commit -qm todo");
    INFO(allowed.describe());
    CHECK(allowed.exit_code == 0);
    // The rule lenses take `todo-check/...` as the external lens's rule, not an unknown one.
    CHECK(allowed.all().find("invalid-suppression") == std::string::npos);
    CHECK(sb.git_ok(repo, "log --format=%s -1") == "todo\n");
}

TEST_CASE("an external lens gets the plan, its mode and the change, a clean answer passes",
          "[external][integration]") {
    HookSandbox sb;
    const auto repo = repo_with(sb, config("\"clean\"", "mode = \"file\"\n"));
    const ProcResult r = run_staged(sb, repo, kTrusted, "-v");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    // lens.py describes the request it read; mode "file" sends the whole new content.
    CHECK(r.out.find("protocol=qa-skill-external-lens-request.v1 mode=file files=app.py "
                     "full=app.py") != std::string::npos);
    const auto result = lens_result(repo, "todo-check");
    CHECK(result.find("status")->as_string() == "completed");
    // What ran is audited by qa-skill, not by the program: one command, exit 0, hashes.
    const auto* audit = result.find("executionAudit");
    REQUIRE(audit->is_object());
    CHECK(audit->find("permissionProfileId")->as_string() == "exec_sandboxed_network_off");
    const auto& commands = audit->find("commands")->as_array();
    REQUIRE(commands.size() == 1);
    CHECK(commands[0].find("exitCode")->as_integer() == 0);
}

TEST_CASE("a crashing, failing, hanging or invalid external lens fails the run with its code",
          "[external][integration]") {
    struct Case {
        std::string args;
        std::string code;
        std::string says;
    };
    const Case cases[] = {
        {"\"crash\"", "EXECUTION_EXIT_NONZERO", "exited with status 139"},
        {"\"exit3\"", "EXECUTION_EXIT_NONZERO", "exited with status 3"},
        {"\"invalid\"", "ARTIFACT_SCHEMA_INVALID", "gave an unusable answer: not valid JSON"},
        {"\"other\"", "ARTIFACT_SCHEMA_INVALID",
         "gave an unusable answer: for another plan: lensId"},
    };
    for (const auto& c : cases) {
        DYNAMIC_SECTION(c.args) {
            HookSandbox sb;
            const auto repo = repo_with(sb, config(c.args));
            const ProcResult r = run_staged(sb, repo);
            INFO(r.describe());
            CHECK(r.exit_code == 1);
            CHECK(r.out.find("required lens failed: todo-check") != std::string::npos);
            CHECK(r.out.find(c.says) != std::string::npos);
            const auto result = lens_result(repo, "todo-check");
            CHECK(result.find("status")->as_string() == "failed");
            CHECK(codes(result) == std::vector<std::string>{c.code});
        }
    }
}

TEST_CASE("an external lens past its time limit is killed with everything it started",
          "[external][integration]") {
    HookSandbox sb;
    // A marker unique to this test, so the check below finds only this lens's processes.
    const std::string marker = "qa-hang-" + std::to_string(::getpid());
    const auto repo = repo_with(sb, config("\"hang\", \"" + marker + "\"", "timeout_ms = 1500\n"));
    const ProcResult r = run_staged(sb, repo);
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("time limit of 1500 ms") != std::string::npos);
    CHECK(codes(lens_result(repo, "todo-check")) == std::vector<std::string>{"EXECUTION_TIMEOUT"});
    // "[q]" keeps the pattern from matching the shell that runs pgrep.
    const auto left = qa::test::run("pgrep -f '[q]" + marker.substr(1) + "' || true");
    CHECK(left.out.empty());
}

TEST_CASE("SIGTERM while an external lens runs is exit 3 and leaves no process and no file",
          "[external][integration][faults]") {
    HookSandbox sb;
    const std::string marker = "qa-term-" + std::to_string(::getpid());
    const std::string pattern = "'[q]" + marker.substr(1) + "'";
    const auto repo =
        repo_with(sb, config("\"hang\", \"" + marker + "\"", "timeout_ms = 600000\n"));
    qa::test::settle_index(sb, repo);
    const auto before = qa::test::capture_state(sb, repo);
    qa::test::ShellChild child(
        sb.script(repo, kTrusted + shell_quote(QA_SKILL_BIN) + " run --staged"));
    // Wait until the lens's child runs: it is the one process started by `python3 -c`.
    bool running = false;
    for (int i = 0; i < 400 && !running && !child.finished(); ++i) {
        running =
            !qa::test::run("pgrep -f '^[^ ]*python3 -c .*" + marker + "' || true").out.empty();
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    REQUIRE(running);
    child.send(SIGTERM);
    const ProcResult r = child.wait(std::chrono::seconds(60));
    INFO(r.describe());
    CHECK(r.exited);
    CHECK(r.exit_code == 3);
    CHECK(qa::test::run("pgrep -f " + pattern + " || true").out.empty());
    // Nothing written: no run folder, no temporary file; the repository as it was.
    if (fs::exists(repo / ".qa-skill")) {
        for (const auto& entry : fs::recursive_directory_iterator(repo / ".qa-skill")) {
            INFO(entry.path().string());
            CHECK(!entry.is_regular_file());
        }
    }
    const auto after = qa::test::capture_state(sb, repo);
    INFO(before.diff(after));
    CHECK(after == before);
}

TEST_CASE("an external lens runs only for a trusted configuration and an allowed class",
          "[external][integration]") {
    HookSandbox sb;
    SECTION("untrusted: nothing runs, and the message names the command that trusts") {
        const auto repo = repo_with(sb, config("\"todo\""));
        const ProcResult r = run_staged(sb, repo, "");
        INFO(r.describe());
        CHECK(r.exit_code == 1);
        CHECK(r.out.find("not trusted") != std::string::npos);
        CHECK(r.out.find("qa-skill trust") != std::string::npos);
        const auto result = lens_result(repo, "todo-check");
        CHECK(codes(result) == std::vector<std::string>{"EXECUTION_DENIED"});
        CHECK(result.find("executionAudit")->is_null());

        // `qa-skill trust` records consent; the same commit is then judged by the lens.
        REQUIRE(sb.qa(repo, "trust").exit_code == 0);
        const ProcResult after = run_staged(sb, repo, "");
        INFO(after.describe());
        CHECK(after.exit_code == 1);
        CHECK(after.out.find("todo-check/todo-left") != std::string::npos);
    }
    SECTION("a class outside allow_execution_lens_classes is denied even when trusted") {
        const auto repo = repo_with(sb, config("\"todo\"", "", "[]"));
        const ProcResult r = run_staged(sb, repo);
        INFO(r.describe());
        CHECK(r.exit_code == 1);
        CHECK(r.out.find("allow_execution_lens_classes") != std::string::npos);
        CHECK(codes(lens_result(repo, "todo-check")) ==
              std::vector<std::string>{"EXECUTION_DENIED"});
    }
}

TEST_CASE("what an external lens writes is masked and cannot drive the terminal",
          "[external][integration]") {
    HookSandbox sb;
    SECTION("a secret the program quotes is masked in the report and the artifacts") {
        const std::string key =
            "AKIA"
            "QYLPMN5HFIQR7XYZ";  // split: not a literal key here
        const auto repo = repo_with(sb, config("\"todo\""), "conf.py",
                                    "aws_key = \"" + key + "\"  # TODO rotate\n");
        const ProcResult r = run_staged(sb, repo);
        INFO(r.describe());
        CHECK(r.exit_code == 1);
        CHECK(r.out.find("todo-check/todo-left") != std::string::npos);
        CHECK(r.out.find(key) == std::string::npos);
        CHECK(r.err.find(key) == std::string::npos);
        const auto runs = repo / ".qa-skill" / "runs";
        for (const auto& entry : fs::recursive_directory_iterator(runs)) {
            if (entry.is_regular_file()) {
                INFO(entry.path().string());
                CHECK(qa::test::read_bytes(entry.path()).find(key) == std::string::npos);
            }
        }
        const auto result = lens_result(repo, "todo-check");
        const auto& findings = result.find("findings")->as_array();
        REQUIRE(findings.size() == 1);
        CHECK(findings[0].find("summary")->as_string().find("AKIA********(20)") !=
              std::string::npos);
    }
    SECTION("escape sequences in a summary are replaced") {
        const auto repo = repo_with(sb, config("\"escape\""));
        const ProcResult r = run_staged(sb, repo);
        INFO(r.describe());
        CHECK(r.exit_code == 1);
        CHECK(r.out.find('\x1b') == std::string::npos);
        CHECK(r.out.find('\x07') == std::string::npos);
    }
}

TEST_CASE("an external lens declared wrongly is a config error naming file, line and key",
          "[external][config]") {
    HookSandbox sb;
    struct Case {
        std::string toml;
        std::string says;
    };
    const Case cases[] = {
        {"[lenses.mine]\nenabled = true\n", "unknown lens"},
        {"[lenses.mine]\nkind = \"external\"\n", ".qa-skill.toml:1:1: lenses.mine.class"},
        {"[lenses.mine]\nkind = \"plugin\"\nclass = \"style\"\n", "lenses.mine.kind"},
        {"[lenses.Mine]\nkind = \"external\"\nclass = \"style\"\n", "lowercase letters"},
        {"[lenses.mine]\nkind = \"external\"\nclass = \"style\"\ncommand = []\n",
         "lenses.mine.command"},
        {"[lenses.mine]\nkind = \"external\"\nclass = \"style\"\ncommand = \"lint --all\"\n",
         "expected an array of strings"},
    };
    for (const auto& c : cases) {
        DYNAMIC_SECTION(c.toml) {
            const auto repo = sb.repo_with_commit("repo");
            qa::test::write_file(repo / ".qa-skill.toml", c.toml);
            const ProcResult r = sb.qa(repo, "config check");
            INFO(r.describe());
            CHECK(r.exit_code == 2);
            CHECK(r.err.find(c.says) != std::string::npos);
        }
    }
}

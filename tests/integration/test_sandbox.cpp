// What a trusted command can reach, through `qa-skill run` and the hooks with real bubblewrap: a
// probe that tries every read, write, socket and limit; each limit's breach named in the audit;
// a policy violation that runs nothing; a failing command's output under its finding; a build's
// output reaching the tests; a tracked .worktrees link refused; a run killed by SIGKILL.
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "exec/confinement.hpp"
#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "support/loopback_listener.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

/// A Unix socket a host process listens on: at a path, or in the abstract namespace.
class UnixListener {
  public:
    explicit UnixListener(const std::string& address) : fd_(::socket(AF_UNIX, SOCK_STREAM, 0)) {
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        REQUIRE(address.size() < sizeof addr.sun_path);
        std::copy(address.begin(), address.end(), addr.sun_path);
        const auto len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + address.size() +
                                                (address[0] == '\0' ? 0 : 1));
        REQUIRE(::bind(fd_, reinterpret_cast<const sockaddr*>(&addr), len) == 0);
        REQUIRE(::listen(fd_, 16) == 0);
    }
    ~UnixListener() { ::close(fd_); }
    UnixListener(const UnixListener&) = delete;
    UnixListener& operator=(const UnixListener&) = delete;

  private:
    int fd_;
};

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

/// A `.qa-skill.toml` running the phase lens with these commands under `profile`.
std::string config(const std::string& profile, const std::map<std::string, std::string>& commands,
                   const std::string& prefixes, const std::string& profile_lines = "",
                   const std::string& option_lines = "") {
    std::string text =
        "allow_execution_lens_classes = [\"consistency\"]\n"
        "[lenses.phase]\nenabled = true\nrequired = true\n"
        "permission_profile = \"" +
        profile +
        "\"\n"
        "timeout_ms = 600000\n"
        "[lenses.phase.options]\nmax_retries = 0\n";
    for (const auto& [key, command] : commands) {
        text += key + " = " + toml_string(command) + "\n";
    }
    return text + option_lines + "[permission_profiles." + profile +
           "]\nallowed_command_prefixes = [" + prefixes + "]\n" + profile_lines;
}

fs::path project(const HookSandbox& sb, const std::string& name, const std::string& fixture,
                 const std::string& config_text) {
    auto repo = sb.init(name);
    if (!fixture.empty()) {
        fs::copy(fs::path(QA_SOURCE_DIR) / "tests/fixtures/projects" / fixture, repo,
                 fs::copy_options::recursive);
    }
    qa::test::write_file(repo / ".qa-skill.toml", config_text);
    sb.git_ok(repo, "add -A");
    sb.commit(repo, "project");
    const auto trusted = sb.qa(repo, "trust");
    INFO(trusted.describe());
    REQUIRE(trusted.exit_code == 0);
    return repo;
}

/// Stages a change to `file` so that a run has something to check.
void touch(const HookSandbox& sb, const fs::path& repo, const std::string& file) {
    std::ofstream(repo / file, std::ios::app) << "\n";
    sb.git_ok(repo, "add " + shell_quote(file));
}

struct Run {
    ProcResult proc;
    qa::json::Value out;
};

Run run_json(const HookSandbox& sb, const fs::path& repo) {
    Run r{sb.qa(repo, "run --staged --format json"), {}};
    INFO(r.proc.describe());
    REQUIRE(r.proc.exited);
    REQUIRE((r.proc.exit_code == 0 || r.proc.exit_code == 1));
    r.out = qa::json::parse(r.proc.out);
    return r;
}

std::map<std::string, const qa::json::Value*> phase_results(const Run& r) {
    std::map<std::string, const qa::json::Value*> out;
    const auto& runs = r.out.find("runs")->as_array();
    for (const auto& result : runs.at(0).find("skillResult")->find("lensResults")->as_array()) {
        if (result.find("lensId")->as_string() == "phase") {
            out[result.find("subLensId")->as_string()] = &result;
        }
    }
    return out;
}

std::vector<std::string> codes(const qa::json::Value& result) {
    std::vector<std::string> out;
    for (const auto& c : result.find("errorCodes")->as_array()) {
        out.push_back(c.as_string());
    }
    return out;
}

bool has(const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

std::string evidence_output(const qa::json::Value& result) {
    const auto& findings = result.find("findings")->as_array();
    if (findings.empty()) {
        return "";
    }
    const auto* out = findings[0].find("evidence")->find("output");
    return out == nullptr ? "" : out->as_string();
}

/// The probe's arguments: the host HOME, the repository, a path socket, an abstract socket.
struct ProbeTargets {
    fs::path home;
    fs::path repo;
    std::string socketPath;
    std::string abstractName;
    std::string args() const {
        return home.string() + " " + repo.string() + " " + socketPath + " " + abstractName;
    }
};

/// Plants what the probe looks for: a private key in HOME, an untracked secret in the working
/// tree; the two listening sockets are the caller's.
void plant(const ProbeTargets& t) {
    qa::test::write_file(t.home / ".ssh/id_rsa", "not a real key\n");
    qa::test::write_file(t.repo / "untracked-secret.txt", "secret\n");
}

}  // namespace

TEST_CASE(
    "sandbox probe: a command reaches no host file, home, repository, socket or limit, and "
    "the audit shows what it could see",
    "[exec][sandbox][integration]") {
    const bool network = GENERATE(false, true);
    if (network && !qa::exec::abstract_socket_scope_available()) {
        WARN("no Landlock scope on this kernel: exec_sandboxed is refused (tested elsewhere)");
        return;
    }
    const std::string profile = network ? "exec_sandboxed" : "exec_sandboxed_network_off";
    INFO(profile);
    HookSandbox sb;
    ProbeTargets t;
    t.home = sb.home();
    t.socketPath = (sb.home() / ".cache/credential-socket").string();
    t.abstractName = "qa-skill-probe-" + std::to_string(::getpid()) + (network ? "-net" : "");
    fs::create_directories(sb.home() / ".cache");
    const UnixListener path_socket(t.socketPath);
    const UnixListener abstract_socket(std::string(1, '\0') + t.abstractName);
    // The probe always exits 3 after its report, so that the report is kept with the finding.
    const std::string probe = "python3 probe.py ";
    auto repo = sb.init("probe");
    t.repo = repo;
    fs::copy(fs::path(QA_SOURCE_DIR) / "tests/fixtures/projects/sandbox-probe", repo,
             fs::copy_options::recursive);
    qa::test::write_file(
        repo / ".qa-skill.toml",
        config(profile,
               {{"format_command", "python3 -c pass"},
                {"lint_command", "python3 -c pass"},
                {"test_command", probe + t.args() + " --always-fail"}},
               "[\"python3\"]",
               "max_processes = 32\nmax_memory_mb = 64\nmax_file_size_mb = 1\ntmp_size_mb = 2\n",
               "skip_build = true\n"));
    sb.git_ok(repo, "add -A");
    sb.commit(repo, "probe");
    REQUIRE(sb.qa(repo, "trust").exit_code == 0);
    plant(t);

    // The control: on the host, the same probe reaches every one of them.
    const ProcResult host = sb.in(repo, probe + t.args());
    INFO(host.describe());
    CHECK(host.exit_code == 1);
    for (const std::string& reached : std::vector<std::string>{
             "reached read " + (t.home / ".ssh/id_rsa").string(),
             "reached read " + (repo / ".git/config").string(),
             "reached read " + (repo / "untracked-secret.txt").string(),
             "reached unix socket " + t.socketPath, "reached abstract socket @" + t.abstractName,
             "reached list " + t.home.string(), "reached write " + (repo / "probe").string(),
             std::string("reached 200 processes"), std::string("reached 256 MiB of memory"),
             std::string("reached a 4 MiB file in the checkout"),
             std::string("reached 8 MiB in /tmp")}) {
        CHECK(host.out.find(reached) != std::string::npos);
    }
    fs::remove(repo / "probe");

    touch(sb, repo, "probe.py");
    const Run r = run_json(sb, repo);
    const auto phase = phase_results(r);
    const auto& tests = *phase.at("tests");
    const std::string report = evidence_output(tests);
    INFO(report);
    // Everything refused: its report lists each attempt, and none reached.
    CHECK(report.find("reached: 0") != std::string::npos);
    std::istringstream lines(report);
    for (std::string line; std::getline(lines, line);) {
        CHECK_FALSE((line.rfind("reached ", 0) == 0));
    }
    for (const std::string& refused : std::vector<std::string>{
             "refused read /etc/shadow", "refused read " + (t.home / ".ssh/id_rsa").string(),
             "refused read " + (repo / ".git/config").string(),
             "refused read " + (repo / "untracked-secret.txt").string(),
             "refused list " + t.home.string(), "refused list /root", "refused list /home",
             "refused list /run", "refused list /var/run", "refused list " + repo.string(),
             "refused write /usr/probe", "refused write /etc/probe",
             "refused write " + (repo / "probe").string(), "refused unix socket " + t.socketPath,
             "refused abstract socket @" + t.abstractName, std::string("refused 200 processes"),
             std::string("refused 256 MiB of memory"),
             std::string("refused a 4 MiB file in the checkout"),
             std::string("refused 8 MiB in /tmp")}) {
        CHECK(report.find(refused) != std::string::npos);
    }
    // PATH inside holds only directories that exist inside, none of the host's home.
    CHECK(report.find("PATH=") != std::string::npos);
    CHECK(report.find("PATH entry not inside") == std::string::npos);
    CHECK(report.find("PATH=" + t.home.string()) == std::string::npos);
    CHECK_FALSE(fs::exists(repo / "probe"));
    // The audit shows the view: the system read-only, no home, no repository.
    const auto* view = tests.find("executionAudit")->find("sandbox");
    REQUIRE(view != nullptr);
    std::string mounts;
    for (const auto& m : view->find("mounts")->as_array()) {
        mounts +=
            m.find("path")->as_string() + (m.find("writable")->as_bool() ? " rw" : " ro") + "\n";
    }
    INFO(mounts);
    CHECK(mounts.find("/usr ro\n") != std::string::npos);
    CHECK(mounts.find("/etc/passwd ro\n") != std::string::npos);
    CHECK(mounts.find("/tmp/qa-skill/work rw\n") != std::string::npos);
    CHECK(mounts.find("shadow") == std::string::npos);
    CHECK(mounts.find(sb.root().string()) == std::string::npos);
    CHECK(view->find("network")->as_bool() == network);
    CHECK(view->find("maxProcesses")->as_integer() == 32);
    CHECK(view->find("tmpSizeBytes")->as_integer() == (2 << 20));
    CHECK(view->find("processLimit")->as_string() != "unenforced");
}

TEST_CASE(
    "sandbox limits: a fork bomb, a memory hog, a huge file and a full /tmp each end with the "
    "limit named in the audit, never a hang, the host unaffected",
    "[exec][sandbox][integration]") {
    HookSandbox sb;
    const auto repo = project(
        sb, "limits", "",
        config("exec_sandboxed_network_off",
               {{"format_command", "python3 -c \"b = bytearray(512 << 20)\""},
                {"lint_command", "python3 -c \"open('big', 'wb').write(b'0' * (32 << 20))\""},
                {"build_command", "python3 -c \"open('/tmp/big', 'wb').write(b'0' * (8 << 20))\""},
                // Every process forks for ever: the bomb lives until the limit refuses a fork.
                {"test_command", "python3 -c \"import os; [os.fork() for _ in iter(int, 1)]\""}},
               "[\"python3\"]",
               "max_processes = 64\nmax_memory_mb = 64\nmax_file_size_mb = 16\ntmp_size_mb = "
               "2\ncommand_timeout_ms = 20000\n"));
    qa::test::write_file(repo / "a.txt", "a\n");
    sb.git_ok(repo, "add a.txt");
    const Run r = run_json(sb, repo);
    CHECK(r.proc.exit_code == 1);
    const auto phase = phase_results(r);
    const std::map<std::string, std::string> expected = {{"formatter", "max_memory_mb"},
                                                         {"linter", "max_file_size_mb"},
                                                         {"build", "tmp_size_mb"},
                                                         {"tests", "max_processes"}};
    for (const auto& [sub, limit] : expected) {
        INFO(sub);
        const auto& result = *phase.at(sub);
        CHECK(has(codes(result), "EXECUTION_POLICY_VIOLATION"));
        const auto& commands = result.find("executionAudit")->find("commands")->as_array();
        REQUIRE(commands.size() == 1);
        const auto* hit = commands[0].find("limitExceeded");
        REQUIRE(hit != nullptr);
        CHECK(hit->as_string() == limit);
        const auto& findings = result.find("findings")->as_array();
        REQUIRE_FALSE(findings.empty());
        CHECK(findings[0].find("summary")->as_string().find("hit the sandbox's limit " + limit) !=
              std::string::npos);
    }
    // The host is unaffected: the bomb's processes are gone with its sandbox.
    const auto ps =
        qa::test::run("ps -eo args | grep -c '^python3 -c import os; \\[os.fork' || true");
    CHECK(ps.out == "0\n");
}

TEST_CASE(
    "a command outside allowed_command_prefixes in any check means no command of any check "
    "runs",
    "[exec][sandbox][integration]") {
    if (!qa::exec::abstract_socket_scope_available()) {
        WARN("no Landlock scope on this kernel: exec_sandboxed is refused");
        return;
    }
    HookSandbox sb;
    qa::test::LoopbackListener listener;
    const std::string knock =
        "python3 -c \"import socket; socket.create_connection(('127.0.0.1', " +
        std::to_string(listener.port()) + "), 5)\"";
    // The build (first in plan order) would knock; the tests' command is not allowed.
    const auto repo = project(sb, "policy", "",
                              config("exec_sandboxed",
                                     {{"format_command", knock},
                                      {"lint_command", knock},
                                      {"build_command", knock},
                                      {"test_command", "perl -e 1"}},
                                     "[\"python3\"]"));
    qa::test::write_file(repo / "a.txt", "a\n");
    sb.git_ok(repo, "add a.txt");
    const Run r = run_json(sb, repo);
    CHECK(r.proc.exit_code == 1);
    for (const auto& [sub, result] : phase_results(r)) {
        INFO(sub);
        CHECK(result->find("status")->as_string() == "failed");
        CHECK(has(codes(*result), "EXECUTION_POLICY_VIOLATION"));
        CHECK(result->find("executionAudit")->is_null());  // nothing ran, nothing to audit
    }
    CHECK_FALSE(listener.connected());
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
}

TEST_CASE(
    "a CMake project: the build's tree reaches ctest in the shared checkout, and a failing test's "
    "output is printed under its finding",
    "[exec][sandbox][integration][cmake]") {
    HookSandbox sb;
    auto repo = sb.init("cmake");
    fs::copy(fs::path(QA_SOURCE_DIR) / "tests/fixtures/projects/cmake-ctest", repo,
             fs::copy_options::recursive);
    qa::test::write_file(repo / "CMakePresets.json", R"({
  "version": 6,
  "configurePresets": [{"name": "default", "binaryDir": "build"}],
  "buildPresets": [{"name": "default", "configurePreset": "default"}],
  "workflowPresets": [{"name": "default", "steps": [
    {"type": "configure", "name": "default"}, {"type": "build", "name": "default"}]}]
}
)");
    qa::test::write_file(repo / ".qa-skill.toml",
                         config("exec_sandboxed_network_off",
                                {{"format_command", "cmake --version"},
                                 {"lint_command", "cmake --version"},
                                 {"build_command", "cmake --workflow --preset default"},
                                 {"test_command", "ctest --test-dir build --output-on-failure"}},
                                "[\"cmake\"], [\"ctest\"]"));
    sb.git_ok(repo, "add -A");
    sb.commit(repo, "project");
    REQUIRE(sb.qa(repo, "trust").exit_code == 0);

    touch(sb, repo, "check_add.cpp");
    const ProcResult good = sb.qa(repo, "run --staged");
    INFO(good.describe());
    CHECK(good.exit_code == 0);

    std::string source = qa::test::read_bytes(repo / "check_add.cpp");
    source.replace(source.find("a + b"), 5, "a - b");
    qa::test::write_file(repo / "check_add.cpp", source);
    sb.git_ok(repo, "add check_add.cpp");
    const ProcResult bad = sb.qa(repo, "run --staged");
    INFO(bad.describe());
    CHECK(bad.exit_code == 1);
    // CTest's own words, under the finding.
    CHECK(bad.out.find("phase-tests") != std::string::npos);
    CHECK(bad.out.find("| ") != std::string::npos);
    CHECK(bad.out.find("tests failed out of 2") != std::string::npos);
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
    CHECK_FALSE(fs::exists(repo / "build"));
}

TEST_CASE(
    "a Python project: its checks pass, and a failing test blocks the commit with unittest's "
    "output under the finding",
    "[exec][sandbox][integration]") {
    HookSandbox sb;
    const auto repo =
        project(sb, "py", "python-unittest",
                config("exec_sandboxed_network_off",
                       {{"format_command", "python3 -m tabnanny ."},
                        {"lint_command", "python3 -m py_compile calc.py test_calc.py"}},
                       "[\"python3\"]"));
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    touch(sb, repo, "calc.py");
    const ProcResult good = sb.git_in(repo, "commit -m touched");
    INFO(good.describe());
    CHECK(good.exit_code == 0);

    std::string calc = qa::test::read_bytes(repo / "calc.py");
    calc.replace(calc.find("a + b"), 5, "a - b");
    qa::test::write_file(repo / "calc.py", calc);
    sb.git_ok(repo, "add calc.py");
    const ProcResult bad = sb.git_in(repo, "commit -m broken");
    INFO(bad.describe());
    CHECK(bad.exit_code != 0);
    CHECK(bad.err.find("phase-tests") != std::string::npos);
    CHECK(bad.err.find("| AssertionError") != std::string::npos);
    CHECK(bad.err.find("| FAILED (failures=1)") != std::string::npos);
}

TEST_CASE("a tracked .worktrees link is refused with a message naming it, nothing runs",
          "[exec][sandbox][integration]") {
    HookSandbox sb;
    const fs::path outside = sb.root() / "outside";
    fs::create_directories(outside);
    auto repo = sb.init("linked");
    fs::create_directory_symlink(outside, repo / ".worktrees");
    qa::test::write_file(repo / ".qa-skill.toml", config("exec_sandboxed_network_off",
                                                         {{"format_command", "python3 -c pass"},
                                                          {"lint_command", "python3 -c pass"},
                                                          {"build_command", "python3 -c pass"},
                                                          {"test_command", "python3 -c pass"}},
                                                         "[\"python3\"]"));
    sb.git_ok(repo, "add -A");
    sb.commit(repo, "linked");
    REQUIRE(sb.qa(repo, "trust").exit_code == 0);
    qa::test::write_file(repo / "a.txt", "a\n");
    sb.git_ok(repo, "add a.txt");
    const ProcResult r = sb.qa(repo, "run --staged");
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(r.out.find(".worktrees is a symbolic link") != std::string::npos);
    CHECK(fs::is_empty(outside));
}

TEST_CASE(
    "a run killed by SIGKILL while a command runs leaves its checkout, and the next commit removes "
    "it before any lens runs and passes",
    "[exec][sandbox][integration][signal]") {
    HookSandbox sb;
    const std::string sleeper = "time.sleep(3111." + std::to_string(::getpid()) + ")";
    const auto repo =
        project(sb, "killed", "python-unittest",
                config("exec_sandboxed_network_off",
                       {{"format_command", "python3 -m tabnanny ."},
                        {"lint_command", "python3 -c \"import time; " + sleeper + "\""}},
                       "[\"python3\"]"));
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    touch(sb, repo, "calc.py");
    qa::test::ShellChild killed(sb.script(repo, shell_quote(QA_SKILL_HOOK_BIN) + " pre-commit"));
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    const auto sleeping = [&] {
        return !qa::test::run("ps -eo args | grep -F '" + sleeper + "' | grep -v grep || true")
                    .out.empty();
    };
    while (!sleeping() && !killed.finished() && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    REQUIRE(sleeping());
    killed.send(SIGKILL);
    const ProcResult r = killed.wait(std::chrono::seconds(60));
    CHECK(r.signal == SIGKILL);
    REQUIRE(fs::exists(repo / ".worktrees/qa-skill"));  // what a killed run leaves

    // The next commit, with a command that passes: it passes, and nothing is left.
    std::string text = qa::test::read_bytes(repo / ".qa-skill.toml");
    text.replace(text.find("import time; " + sleeper), ("import time; " + sleeper).size(), "pass");
    qa::test::write_file(repo / ".qa-skill.toml", text);
    sb.git_ok(repo, "add .qa-skill.toml");
    REQUIRE(sb.qa(repo, "trust").exit_code == 0);
    const ProcResult next = sb.git_in(repo, "commit -m next");
    INFO(next.describe());
    CHECK(next.exit_code == 0);
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
    // The sandbox died with the killed hook.
    CHECK_FALSE(sleeping());
}

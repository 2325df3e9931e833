// Failure is closed: bad configurations, an unwritable artifact root and SIGTERM during a run
// end with a message on stderr and a non-zero exit code, never a signal death and never a PASS.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <optional>
#include <regex>
#include <thread>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

/// Exited normally with a code in 1..127, said something on stderr, and did not pass.
void check_closed_failure(const ProcResult& r) {
    INFO(r.describe());
    REQUIRE(r.exited);
    CHECK(r.exit_code > 0);
    CHECK(r.exit_code < 128);
    CHECK(!r.err.empty());
    CHECK(r.all().find("PASS") == std::string::npos);
}

/// The line and column of the first "<file>:<line>:<col>" in `text`, or {0, 0}.
std::pair<int, int> position_of(const std::string& text, const std::string& file) {
    std::smatch m;
    const std::regex re(std::regex_replace(file, std::regex(R"([.^$|()\[\]{}*+?\\-])"), R"(\$&)") +
                        R"(:(\d+):(\d+))");
    if (!std::regex_search(text, m, re)) {
        return {0, 0};
    }
    return {std::stoi(m[1].str()), std::stoi(m[2].str())};
}

/// A repository with one commit and a staged clean change, for the hook to check.
fs::path repo_with_staged_change(const HookSandbox& sb) {
    auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "src/ok.py", "def ok():\n    return 1\n");
    return repo;
}

}  // namespace

TEST_CASE("an unreadable .qa-skill.toml is exit 2 with a message", "[hooks][faults]") {
    HookSandbox sb;
    const auto repo = repo_with_staged_change(sb);

    SECTION("a directory named .qa-skill.toml") {
        fs::create_directories(repo / ".qa-skill.toml" / "inner");
    }
    SECTION("invalid UTF-8") {
        qa::test::write_file(repo / ".qa-skill.toml", std::string("run_mode = \"str\xff\xfe"
                                                                  "ict\"\n# \xc3\x28\n"));
    }
    SECTION("not TOML at all") {
        qa::test::write_file(repo / ".qa-skill.toml", "run_mode = [unclosed\n");
    }

    // The hook and run read the configuration of the tree under test (the index): staged, the
    // file is theirs; a folder cannot be staged, so only `config check` reads it.
    if (fs::is_regular_file(repo / ".qa-skill.toml")) {
        sb.git_ok(repo, "add .qa-skill.toml");
        const ProcResult hook = sb.hook(repo, "pre-commit");
        check_closed_failure(hook);
        CHECK(hook.exit_code == 2);
        CHECK(hook.err.find(".qa-skill.toml") != std::string::npos);

        const ProcResult run = sb.qa(repo, "run --all-files");
        check_closed_failure(run);
        CHECK(run.exit_code == 2);
    }

    const ProcResult check = sb.qa(repo, "config check");
    check_closed_failure(check);
    CHECK(check.exit_code == 2);
}

TEST_CASE("an unknown config key is exit 2 naming .qa-skill.toml:line:col", "[hooks][faults]") {
    HookSandbox sb;
    const auto repo = repo_with_staged_change(sb);
    qa::test::write_file(repo / ".qa-skill.toml",
                         "# team config\nrun_mode = \"strict\"\nno_such_key = true\n");
    sb.git_ok(repo, "add .qa-skill.toml");  // the hook reads the staged configuration

    const ProcResult hook = sb.hook(repo, "pre-commit");
    check_closed_failure(hook);
    CHECK(hook.exit_code == 2);
    CHECK(position_of(hook.err, ".qa-skill.toml").first == 3);
    CHECK(hook.err.find("no_such_key") != std::string::npos);

    // Through git itself: the commit is blocked.
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    const std::string head = sb.rev_parse(repo, "HEAD");
    const ProcResult commit = sb.git_in(repo, "commit -q -m blocked");
    INFO(commit.describe());
    CHECK(commit.exit_code != 0);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
}

TEST_CASE("qa-skill config check rejects bad configs with file:line:col", "[hooks][faults]") {
    HookSandbox sb;
    const auto repo = repo_with_staged_change(sb);

    struct Case {
        const char* what;
        const char* text;
        int line;
        const char* key;
    };
    const Case cases[] = {
        {"unknown key", "run_mode = \"strict\"\n\ncolour = \"always\"\n", 3, "colour"},
        {"wrong type", "run_mode = \"strict\"\nmax_concurrency = \"four\"\n", 2, "max_concurrency"},
        {"negative budget", "[budget]\nrun_max_tokens = -1\n", 2, "run_max_tokens"},
        {"bad profile id", "\ndefault_permission_profile = \"root\"\n", 2,
         "default_permission_profile"},
        {"bad run mode", "run_mode = \"lenient\"\n", 1, "run_mode"},
        {"unknown lens key", "[lenses.security]\nenabled = true\nseverity = \"low\"\n", 3,
         "severity"},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        qa::test::write_file(repo / ".qa-skill.toml", c.text);

        const ProcResult in_repo = sb.qa(repo, "config check");
        check_closed_failure(in_repo);
        CHECK(in_repo.exit_code == 2);
        CHECK(position_of(in_repo.err, ".qa-skill.toml").first == c.line);
        CHECK(position_of(in_repo.err, ".qa-skill.toml").second >= 1);
        CHECK(in_repo.err.find(c.key) != std::string::npos);

        const fs::path other = sb.root() / "other.toml";
        qa::test::write_file(other, c.text);
        const ProcResult by_path = sb.qa(repo, "config check " + shell_quote(other.string()));
        check_closed_failure(by_path);
        CHECK(by_path.exit_code == 2);
        CHECK(position_of(by_path.err, "other.toml").first == c.line);
    }

    // And a good config passes the same check.
    qa::test::write_file(repo / ".qa-skill.toml",
                         "run_mode = \"best_effort\"\n[budget]\nrun_max_tokens = 1000\n");
    const ProcResult ok = sb.qa(repo, "config check");
    INFO(ok.describe());
    CHECK(ok.exit_code == 0);
}

TEST_CASE("an artifact root under a regular file fails closed", "[hooks][faults]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "somefile", "a regular file\n");
    sb.commit(repo, "somefile");
    qa::test::write_file(repo / ".qa-skill.toml", "artifact_root = \"somefile/x\"\n");
    sb.git_ok(repo, "add .qa-skill.toml");
    sb.add_file(repo, "src/ok.py", "def ok():\n    return 1\n");

    const ProcResult hook = sb.hook(repo, "pre-commit");
    check_closed_failure(hook);
    const ProcResult run = sb.qa(repo, "run --all-files");
    check_closed_failure(run);
    CHECK(fs::is_regular_file(repo / "somefile"));
}

namespace {

/// A committed repository of `files` small source files (plus a few findings).
fs::path big_repo(const HookSandbox& sb, const std::string& name, int files) {
    auto repo = sb.repo_with_commit(name);
    for (int i = 0; i < files; ++i) {
        const std::string n = std::to_string(i);
        std::string text = "# module " + n + "\n";
        for (int k = 0; k < 30; ++k) {
            text += "def f" + std::to_string(k) + "(x):\n    return x * " + std::to_string(k) +
                    " + " + n + "\n";
        }
        qa::test::write_file(repo / ("pkg" + std::to_string(i % 40)) / ("m" + n + ".py"), text);
    }
    qa::test::write_file(repo / "pkg0" / "merge.py", qa::test::conflicted_python());
    sb.git_ok(repo, "add -A");
    sb.commit(repo, "many files");
    return repo;
}

/// True once process `pid` takes `sig` itself: it has a handler (SigCgt of /proc/<pid>/status)
/// or blocks it for a thread that waits for it (SigBlk of the main thread: the binaries' watcher).
bool catches_signal(pid_t pid, int sig) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("SigCgt:", 0) == 0 || line.rfind("SigBlk:", 0) == 0) {
            const unsigned long long mask = std::stoull(line.substr(7), nullptr, 16);
            if (((mask >> (sig - 1)) & 1u) != 0) {
                return true;
            }
        }
    }
    return false;
}

struct Attempt {
    std::optional<ProcResult> result;  ///< empty when the run ended before the signal
    bool handler_seen = false;         ///< a SIGTERM handler was installed before the signal
};

/// Starts `binary args` in `repo` and sends it SIGTERM `delay` after its start-up. Start-up ends
/// when the binary has installed a SIGTERM handler: a signal during dynamic loading, before main,
/// cannot be handled by any program. The wait is bounded generously (30 s), not by a start-up
/// budget: the sanitizer build takes 0.8 s to reach main on an idle machine and more than 1 s
/// under CI load. A binary that never takes the signal is still signalled and caught dying.
Attempt terminate_in_flight(const HookSandbox& sb, const fs::path& repo, const std::string& binary,
                            const std::string& args, std::chrono::milliseconds delay) {
    qa::test::ShellChild child(sb.script(repo, shell_quote(binary) + " " + args));
    const fs::path exe = fs::path("/proc") / std::to_string(child.pid()) / "exe";
    const auto canonical_binary = fs::canonical(binary);
    const auto clock = [] { return std::chrono::steady_clock::now(); };
    // The shell and env exec into the binary itself.
    for (const auto until = clock() + std::chrono::seconds(5); clock() < until;) {
        std::error_code ec;
        if (fs::read_symlink(exe, ec) == canonical_binary || child.finished()) {
            break;
        }
        std::this_thread::sleep_for(std::chrono::microseconds(250));
    }
    Attempt attempt;
    for (const auto until = clock() + std::chrono::seconds(30);
         clock() < until && !child.finished();) {
        if (catches_signal(child.pid(), SIGTERM)) {
            attempt.handler_seen = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::microseconds(250));
    }
    std::this_thread::sleep_for(delay);
    if (child.finished()) {
        child.wait();
        return attempt;
    }
    child.send(SIGTERM);
    attempt.result = child.wait(std::chrono::seconds(60));
    return attempt;
}

void check_sigterm(const HookSandbox& sb, const fs::path& repo, const std::string& binary,
                   const std::string& args) {
    bool caught = false;
    bool handler_seen = false;
    for (const int ms : {20, 5, 1}) {
        const Attempt a =
            terminate_in_flight(sb, repo, binary, args, std::chrono::milliseconds(ms));
        handler_seen = handler_seen || a.handler_seen;
        if (!a.result) {
            continue;  // finished before the signal: try earlier
        }
        caught = true;
        INFO("SIGTERM " << ms << " ms after start-up; SIGTERM handler installed before: "
                        << (a.handler_seen ? "yes" : "NO (none within 30 s of exec)") << "\n"
                        << a.result->describe());
        CHECK(a.result->exited);
        CHECK(a.result->exit_code == 3);
        CHECK(!a.result->err.empty());
        CHECK(a.result->all().find("PASS") == std::string::npos);
        break;
    }
    INFO("every run finished before SIGTERM arrived; no run was caught in flight (SIGTERM handler "
         << (handler_seen ? "seen" : "never seen") << ")");
    REQUIRE(caught);
}

}  // namespace

TEST_CASE("SIGTERM during qa-skill run is exit 3 and never a signal death", "[hooks][faults]") {
    HookSandbox sb;
    const auto repo = big_repo(sb, "big", 3000);
    check_sigterm(sb, repo, QA_SKILL_BIN, "run --all-files");
}

TEST_CASE("SIGTERM during qa-skill-hook pre-commit is exit 3 and never a signal death",
          "[hooks][faults]") {
    HookSandbox sb;
    const auto repo = sb.init("big-staged");
    for (int i = 0; i < 3000; ++i) {
        const std::string n = std::to_string(i);
        std::string text;
        for (int k = 0; k < 30; ++k) {
            text += "def f" + std::to_string(k) + "(x):\n    return x + " + n + "\n";
        }
        qa::test::write_file(repo / ("d" + std::to_string(i % 30)) / ("m" + n + ".py"), text);
    }
    sb.git_ok(repo, "add -A");  // staged on an unborn branch: checked against the empty tree
    check_sigterm(sb, repo, QA_SKILL_HOOK_BIN, "pre-commit");
}

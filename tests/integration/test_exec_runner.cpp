// The execution runner with real git repositories and real bubblewrap: checkout of the exact
// tree under test, sandbox, limits and the audit (seed 002 tests 10, 11, 12).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>

#include "contracts/enums.hpp"
#include "exec/checkout.hpp"
#include "exec/exec_error.hpp"
#include "exec/runner.hpp"
#include "git/libgit2.hpp"
#include "json/schema_validator.hpp"
#include "support/hook_fixture.hpp"
#include "support/loopback_listener.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"

namespace fs = std::filesystem;
using qa::contracts::CwdMode;
using qa::contracts::ErrorCode;
using qa::contracts::ExecutionCommandSpec;
using qa::contracts::PermissionProfileId;
using qa::exec::ExecError;
using qa::exec::ExecutionRequest;
using qa::test::HookSandbox;

namespace {

using Listener = qa::test::LoopbackListener;

ExecutionCommandSpec cmd(std::int64_t ordinal, std::vector<std::string> argv) {
    return {ordinal, std::move(argv), CwdMode::ephemeral_worktree, "test"};
}

qa::exec::ExecProfile profile(PermissionProfileId id,
                              std::vector<std::vector<std::string>> prefixes) {
    qa::exec::ExecProfile p;
    p.profile.profileId = id;
    p.profile.readOnly = id == PermissionProfileId::read_only;
    p.profile.allowNetwork = id == PermissionProfileId::exec_sandboxed;
    p.profile.worktreeMode = qa::contracts::WorktreeMode::ephemeral;
    p.profile.allowedCommandPrefixes = std::move(prefixes);
    p.profile.maxCommandsPerPlan = 8;
    p.profile.commandTimeoutMs = 60000;
    p.profile.maxStdoutBytes = 1 << 20;
    p.profile.maxStderrBytes = 1 << 20;
    return p;
}

ExecutionRequest request(const fs::path& root, qa::exec::ExecProfile p,
                         std::vector<ExecutionCommandSpec> commands) {
    ExecutionRequest r;
    r.repoRoot = root;
    r.source = qa::exec::TreeSource::index;
    r.executionKey = std::string(64, 'a');
    r.planOrdinal = 3;
    r.lensClass = qa::contracts::LensClass::consistency;
    r.allowExecutionLensClasses = {qa::contracts::LensClass::consistency};
    r.profile = std::move(p);
    r.commands = std::move(commands);
    return r;
}

qa::exec::RunnerEnv runner_env(std::map<std::string, std::string> vars = {}) {
    qa::exec::RunnerEnv env;
    vars.emplace("PATH", "/usr/local/bin:/usr/bin:/bin");
    env.lookup = [vars](const std::string& name) -> std::optional<std::string> {
        const auto it = vars.find(name);
        return it == vars.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
    return env;
}

qa::exec::PlanExecution execute(const fs::path& repo, const ExecutionRequest& r,
                                const qa::exec::RunnerEnv& env = runner_env()) {
    const qa::git::LibGit2 lib;
    const auto opened = qa::git::Repository::open(lib, repo, qa::git::GitEnv::none());
    return qa::exec::execute_plan(opened, r, env);
}

ErrorCode refusal(const fs::path& repo, const ExecutionRequest& r,
                  const qa::exec::RunnerEnv& env = runner_env()) {
    try {
        execute(repo, r, env);
    } catch (const ExecError& e) {
        return e.code();
    }
    FAIL("the plan ran");
    return ErrorCode::DETERMINISM_DRIFT_DETECTED;
}

/// Processes whose command line contains `token` (any namespace: /proc shows them all).
int processes_with(const std::string& token) {
    int n = 0;
    for (const auto& e : fs::directory_iterator("/proc")) {
        const std::string name = e.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos)
            continue;
        std::ifstream in(e.path() / "cmdline", std::ios::binary);
        std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
        if (cmdline.find(token) != std::string::npos)
            ++n;
    }
    return n;
}

bool exec_root_gone(const fs::path& repo) {
    return !fs::exists(repo / ".worktrees");
}

}  // namespace

TEST_CASE(
    "seed test 10: a non-allowlisted command is rejected with EXECUTION_POLICY_VIOLATION "
    "and nothing runs",
    "[exec][seed10][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    Listener listener;
    const std::vector<std::string> knock = {
        "python3", "-c",
        "import socket; socket.create_connection(('127.0.0.1', " + std::to_string(listener.port()) +
            "), 5)"};
    const auto p = profile(PermissionProfileId::exec_sandboxed, {{"python3", "-c"}});
    // Control: the same first command alone does run, and the listener sees it.
    const auto ran = execute(repo, request(repo, p, {cmd(1, knock)}));
    REQUIRE_FALSE(ran.failure);
    REQUIRE(listener.connected());
    // With a second, non-allowlisted command the plan is refused before its first command.
    for (int i = 0; i < 2; ++i) {
        CHECK(refusal(repo, request(repo, p, {cmd(1, knock), cmd(2, {"curl", "example.com"})})) ==
              ErrorCode::EXECUTION_POLICY_VIOLATION);
        CHECK_FALSE(listener.connected());
        CHECK(exec_root_gone(repo));
    }
    // Read-only profile or a class that is not allowed: EXECUTION_DENIED, nothing runs either.
    CHECK(refusal(repo, request(repo, profile(PermissionProfileId::read_only, {{"python3", "-c"}}),
                                {cmd(1, knock)})) == ErrorCode::EXECUTION_DENIED);
    auto other_class = request(repo, p, {cmd(1, knock)});
    other_class.allowExecutionLensClasses = {qa::contracts::LensClass::security};
    CHECK(refusal(repo, other_class) == ErrorCode::EXECUTION_DENIED);
    CHECK_FALSE(listener.connected());
}

TEST_CASE(
    "seed test 11: a command past its timeout is EXECUTION_TIMEOUT and leaves no process "
    "and no checkout behind",
    "[exec][seed11][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    auto p = profile(PermissionProfileId::exec_sandboxed_network_off, {{"sh", "-c"}, {"true"}});
    p.profile.commandTimeoutMs = 300;
    const std::string pid = std::to_string(::getpid());
    // A background child and a grandchild in a new session: the pid namespace takes them too.
    const auto plan = request(
        repo, p,
        {cmd(1, {"sh", "-c",
                 "sleep 3011." + pid + " & setsid sleep 3012." + pid + " & sleep 3013." + pid}),
         cmd(2, {"true"})});
    for (int run = 0; run < 2; ++run) {  // and the same mapping every time
        const auto result = execute(repo, plan);
        REQUIRE(result.failure == ErrorCode::EXECUTION_TIMEOUT);
        REQUIRE(result.audit.commands.size() == 1);  // the plan stops at the failure
        CHECK(result.audit.commands[0].timedOut);
        CHECK_FALSE(result.audit.commands[0].exitCode.has_value());
        CHECK(result.failureMessage.find("timeout") != std::string::npos);
        // The tokens carry this test's pid: other test runs on the machine have their own.
        for (const std::string& token :
             {"sleep 3011." + pid, "sleep 3012." + pid, "sleep 3013." + pid}) {
            INFO(token);
            CHECK(processes_with(token) == 0);
        }
        CHECK(exec_root_gone(repo));
    }
    // A non-zero exit is EXECUTION_EXIT_NONZERO with the code in the audit.
    const auto nonzero = execute(repo, request(repo, p, {cmd(1, {"sh", "-c", "exit 7"})}));
    CHECK(nonzero.failure == ErrorCode::EXECUTION_EXIT_NONZERO);
    CHECK(nonzero.audit.commands.at(0).exitCode == 7);
    CHECK_FALSE(nonzero.audit.commands.at(0).timedOut);
}

TEST_CASE("seed test 12: identical commands on an identical tree give an identical audit",
          "[exec][seed12][integration]") {
    HookSandbox sb;
    std::vector<std::string> audits;
    const auto p =
        profile(PermissionProfileId::exec_sandboxed_network_off, {{"cat"}, {"ls"}, {"sh", "-c"}});
    const std::vector<ExecutionCommandSpec> commands = {
        cmd(2, {"ls", "-R"}), cmd(1, {"cat", "data.txt"}),
        cmd(3, {"sh", "-c", "echo to-stderr >&2; pwd | sed 's|.*/||'"})};
    // Two repositories at different absolute paths with the same tree.
    for (const char* name : {"first", "second-clone"}) {
        const auto repo = sb.init(name);
        sb.add_file(repo, "data.txt", "same content\n");
        sb.add_file(repo, "src/a.txt", "a\n");
        sb.commit(repo, "tree");
        const auto result = execute(repo, request(repo, p, commands));
        REQUIRE_FALSE(result.failure);
        audits.push_back(qa::exec::audit_json(result.audit));
        // Ordinal order, whatever order the plan listed them in.
        REQUIRE(result.audit.commands.size() == 3);
        CHECK(result.audit.commands[0].ordinal == 1);
        CHECK(result.audit.commands[2].ordinal == 3);
        CHECK(result.outcomes[0].run.out.kept == "same content\n");
        CHECK(result.audit.commands[0].stdoutSha256 == qa::util::sha256_hex("same content\n"));
        CHECK(result.audit.worktreePath == ".worktrees/qa-skill/" + std::string(64, 'a') + "/3");
    }
    CHECK(audits[0] == audits[1]);
    CHECK(audits[0].find(sb.root().string()) == std::string::npos);  // no absolute path
    const auto schema = qa::json::SchemaValidator::embedded("execution-audit.v1");
    CHECK(schema.validate(audits[0]).empty());
    // A different tree gives a different audit: the hashes do see the content.
    const auto repo = sb.init("third");
    sb.add_file(repo, "data.txt", "other content\n");
    sb.add_file(repo, "src/a.txt", "a\n");
    sb.commit(repo, "tree");
    CHECK(qa::exec::audit_json(execute(repo, request(repo, p, commands)).audit) != audits[0]);
}

TEST_CASE(
    "the checkout is the staged tree or the pushed commit, and the user's repository is "
    "untouched",
    "[exec][integration][safety]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "f.txt", "committed\n");
    const std::string first = sb.commit(repo, "first");
    sb.add_file(repo, "f.txt", "staged\n");
    qa::test::write_file(repo / "f.txt", "working tree only\n");
    qa::test::write_file(repo / "untracked.txt", "x\n");
    qa::test::settle_index(sb, repo);
    const auto before = qa::test::capture_state(sb, repo);
    const auto p =
        profile(PermissionProfileId::exec_sandboxed_network_off, {{"cat"}, {"sh", "-c"}});
    // The command may write in its checkout (not in the user's tree, which is read-only).
    const std::vector<ExecutionCommandSpec> commands = {
        cmd(1, {"cat", "f.txt"}),
        cmd(2, {"sh", "-c",
                "echo changed > f.txt; ls untracked.txt 2>&1; echo x > " +
                    (repo / "f.txt").string() + " 2>&1 || echo refused"})};
    const auto staged = execute(repo, request(repo, p, commands));
    REQUIRE_FALSE(staged.failure);
    CHECK(staged.outcomes[0].run.out.kept == "staged\n");
    CHECK(staged.outcomes[1].run.out.kept.find("No such file") != std::string::npos);
    CHECK(staged.outcomes[1].run.out.kept.find("refused") != std::string::npos);
    auto pushed = request(repo, p, {commands[0]});
    pushed.source = qa::exec::TreeSource::commit;
    pushed.rev = first;
    CHECK(execute(repo, pushed).outcomes[0].run.out.kept == "committed\n");
    CHECK(exec_root_gone(repo));
    const auto after = qa::test::capture_state(sb, repo);
    INFO(before.diff(after));
    CHECK(after == before);
    const std::string worktrees = sb.git_ok(repo, "worktree list --porcelain");
    CHECK(worktrees.rfind("worktree ", 0) == 0);  // the main one, and no other
    CHECK(worktrees.find("\nworktree ") == std::string::npos);
    CHECK(worktrees.find(".worktrees") == std::string::npos);
}

TEST_CASE("network-off refuses a server on 127.0.0.1, exec_sandboxed reaches it",
          "[exec][integration][sandbox]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    Listener listener;
    const std::vector<std::string> knock = {
        "python3", "-c",
        "import socket; socket.create_connection(('127.0.0.1', " + std::to_string(listener.port()) +
            "), 5); print('connected')"};
    const auto off = execute(
        repo, request(repo, profile(PermissionProfileId::exec_sandboxed_network_off, {{"python3"}}),
                      {cmd(1, knock)}));
    CHECK(off.failure == ErrorCode::EXECUTION_EXIT_NONZERO);
    CHECK(off.outcomes[0].run.err.kept.find("Connection refused") != std::string::npos);
    CHECK_FALSE(listener.connected());
    const auto on =
        execute(repo, request(repo, profile(PermissionProfileId::exec_sandboxed, {{"python3"}}),
                              {cmd(1, knock)}));
    CHECK_FALSE(on.failure);
    CHECK(listener.connected());
}

TEST_CASE("only the allowlisted environment reaches a command, never an API key",
          "[exec][integration][sandbox]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    auto p = profile(PermissionProfileId::exec_sandboxed_network_off, {{"env"}});
    p.envAllowlist = {"QA_VISIBLE"};
    const auto env = runner_env({{"OPENAI_API_KEY", "sk-test-0123456789abcdef"},
                                 {"ANTHROPIC_API_KEY", "sk-ant-test-0123"},
                                 {"QA_VISIBLE", "yes"},
                                 {"QA_HIDDEN", "no"}});
    const auto result = execute(repo, request(repo, p, {cmd(1, {"env"})}), env);
    REQUIRE_FALSE(result.failure);
    const std::string& out = result.outcomes[0].run.out.kept;
    CHECK(out.find("sk-test") == std::string::npos);
    CHECK(out.find("API_KEY") == std::string::npos);
    CHECK(out.find("QA_HIDDEN") == std::string::npos);
    CHECK(out.find("QA_VISIBLE=yes\n") != std::string::npos);
    CHECK(out.find("HOME=/tmp/home\n") != std::string::npos);
    CHECK(out.find("LANG=C.UTF-8\n") != std::string::npos);
    CHECK(out.find("TZ=UTC\n") != std::string::npos);
}

TEST_CASE("output past the profile's cap is kept up to it, hashed in full and flagged",
          "[exec][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    auto p = profile(PermissionProfileId::exec_sandboxed_network_off, {{"python3", "-c"}});
    p.profile.maxStdoutBytes = 1000;
    const auto result =
        execute(repo, request(repo, p, {cmd(1, {"python3", "-c", "print('y' * 99999)"})}));
    REQUIRE_FALSE(result.failure);
    const auto& out = result.outcomes[0].run.out;
    CHECK(out.kept == std::string(1000, 'y'));
    CHECK(out.total == 100000);
    CHECK(out.truncated());
    CHECK(out.sha256 == qa::util::sha256_hex(std::string(99999, 'y') + "\n"));
}

TEST_CASE("without a working bubblewrap execution fails closed", "[exec][integration][sandbox]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const auto p = profile(PermissionProfileId::exec_sandboxed_network_off, {{"true"}});
    auto env = runner_env();
    env.bwrapOverride = (sb.root() / "no-such-bwrap").string();
    try {
        execute(repo, request(repo, p, {cmd(1, {"true"})}), env);
        FAIL("ran without a sandbox");
    } catch (const ExecError& e) {
        CHECK(e.code() == ErrorCode::EXECUTION_DENIED);
        CHECK(std::string(e.what()).find("bubblewrap") != std::string::npos);
        CHECK(std::string(e.what()).find("never") != std::string::npos);
    }
    // A "bwrap" that cannot create namespaces (it fails as a blocked one does) is refused too.
    const auto fake = sb.root() / "fake-bwrap";
    qa::test::write_file(fake,
                         "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\n"
                         "exit 1\n");
    fs::permissions(fake, fs::perms::owner_all);
    env.bwrapOverride = fake.string();
    try {
        execute(repo, request(repo, p, {cmd(1, {"true"})}), env);
        FAIL("ran without a sandbox");
    } catch (const ExecError& e) {
        CHECK(e.code() == ErrorCode::EXECUTION_DENIED);
        CHECK(std::string(e.what()).find("No permissions to creating new namespace") !=
              std::string::npos);
    }
    CHECK(exec_root_gone(repo));
}

TEST_CASE("an execution directory left by a killed run is swept", "[exec][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const auto dir = qa::exec::execution_dir(repo, std::string(64, 'b'), 0);
    qa::test::write_file(dir / "left.txt", "x");
    // An owner that no longer exists: a pid beyond pid_max.
    qa::test::write_file(dir.string() + ".owner", "99999999\n");
    CHECK(qa::exec::sweep_stale_execution_dirs(repo) == 1);
    CHECK(exec_root_gone(repo));
    // A live owner's directory stays.
    qa::test::write_file(dir / "live.txt", "x");
    qa::test::write_file(dir.string() + ".owner", std::to_string(::getpid()) + "\n");
    CHECK(qa::exec::sweep_stale_execution_dirs(repo) == 0);
    CHECK(fs::exists(dir / "live.txt"));
    // Another live run owns the directory of the same plan: it is refused, not taken over.
    qa::test::write_file(dir.string() + ".owner", std::to_string(::getppid()) + "\n");
    CHECK_THROWS_AS(qa::exec::ScratchDir(dir, repo), qa::util::IoError);
    CHECK(fs::exists(dir / "live.txt"));
}

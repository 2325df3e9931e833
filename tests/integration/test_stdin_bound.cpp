// What the binaries read from stdin is bounded: more than git's ref lines (or one JSON document)
// is refused with exit 2 and a message, before it is held, through a real `git push` and a real
// server-side push.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

constexpr std::size_t kMiB = 1024 * 1024;

/// A shell snippet that writes `bytes` bytes of 'x' and a newline.
std::string flood(std::size_t bytes) {
    return "{ head -c " + std::to_string(bytes) + " /dev/zero | tr '\\0' x; echo; }";
}

void make_executable(const fs::path& path, const std::string& text) {
    qa::test::write_file(path, text);
    fs::permissions(path, fs::perms::owner_all);
}

}  // namespace

TEST_CASE("a pre-push stdin beyond 16 MiB is refused and the push is blocked", "[hooks][push]") {
    HookSandbox sb;
    const fs::path remote = sb.init("remote.git", true);
    const fs::path repo = sb.repo_with_commit("work");
    sb.git_ok(repo, "remote add origin " + shell_quote(remote.string()));
    const ProcResult install = sb.qa(repo, "install");
    INFO(install.describe());
    REQUIRE(install.exit_code == 0);
    sb.git_ok(repo, "push -q origin main");

    // git's own ref line, then 20 MiB more on the hook's stdin.
    make_executable(repo / ".git" / "hooks" / "pre-push",
                    "#!/bin/sh\n{ cat; " + flood(20 * kMiB) + "; } | exec " +
                        shell_quote(QA_SKILL_HOOK_BIN) + " pre-push \"$@\"\n");
    sb.git_ok(repo, "checkout -q -b topic");
    sb.add_file(repo, "src/app.py", "print('hi')\n");
    sb.git_ok(repo, "commit -q --no-verify -m app");
    const std::string refs_before = sb.git_ok(remote, "for-each-ref");
    const ProcResult push = sb.git_in(repo, "push origin topic");
    INFO(push.describe());
    REQUIRE(push.exited);
    CHECK(push.exit_code != 0);
    CHECK(push.err.find("more than 16 MiB on stdin") != std::string::npos);
    CHECK(sb.git_ok(remote, "for-each-ref") == refs_before);

    // The hook itself: exit 2 with the message, for one huge line and for many short ones.
    const std::string sha = sb.rev_parse(repo, "topic");
    const std::string line =
        "refs/heads/topic " + sha + " refs/heads/topic " + std::string(40, '0') + "\n";
    std::string many;
    while (many.size() <= 16 * kMiB) {
        many += line;
    }
    const ProcResult r = sb.hook(repo, "pre-push origin " + shell_quote(remote.string()), many);
    INFO(r.describe());
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("more than 16 MiB on stdin: not git's ref lines") != std::string::npos);
    const ProcResult huge =
        sb.in(repo, "sh -c " + shell_quote(flood(50 * kMiB) + " | " +
                                           shell_quote(QA_SKILL_HOOK_BIN) + " pre-push origin x"));
    INFO(huge.describe());
    CHECK(huge.exit_code == 2);
    CHECK(huge.err.find("more than 16 MiB on stdin") != std::string::npos);
    CHECK(huge.err.size() < 4096);  // the input is never echoed

    // Just under the bound: read and judged (one malformed line, named and clipped).
    const ProcResult under =
        sb.in(repo, "sh -c " + shell_quote(flood(8 * kMiB) + " | " +
                                           shell_quote(QA_SKILL_HOOK_BIN) + " pre-push origin x"));
    INFO(under.describe());
    CHECK(under.exit_code == 2);
    CHECK(under.err.find("pre-push input line 1") != std::string::npos);
    CHECK(under.err.size() < 4096);
}

TEST_CASE("a pre-receive stdin beyond 16 MiB is refused and the server keeps its refs",
          "[hooks][push]") {
    HookSandbox sb;
    const fs::path server = sb.init("server.git", true);
    make_executable(server / "hooks" / "pre-receive",
                    "#!/bin/sh\n{ cat; " + flood(20 * kMiB) + "; } | exec " +
                        shell_quote(QA_SKILL_HOOK_BIN) + " pre-receive\n");
    const fs::path repo = sb.repo_with_commit("client");
    sb.git_ok(repo, "remote add origin " + shell_quote(server.string()));
    const ProcResult push = sb.git_in(repo, "push origin main");
    INFO(push.describe());
    CHECK(push.exit_code != 0);
    CHECK(push.err.find("more than 16 MiB on stdin") != std::string::npos);
    CHECK(sb.git_ok(server, "for-each-ref").empty());
}

TEST_CASE("qa-skill phase-validate refuses more than 64 MiB on stdin", "[cli]") {
    HookSandbox sb;
    const fs::path repo = sb.repo_with_commit("work");
    const ProcResult r =
        sb.in(repo, "sh -c " + shell_quote(flood(65 * kMiB) + " | " + shell_quote(QA_SKILL_BIN) +
                                           " phase-validate --input -"));
    INFO(r.describe());
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("more than 64 MiB on stdin") != std::string::npos);
}

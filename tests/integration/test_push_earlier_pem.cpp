// A private key added in one pushed commit and "redacted" in a later one that keeps its armour
// lines: the earlier commit's added lines are only the key's body (the armour is the net
// change's), so its PEM block must be judged whole, through a real `git push`.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

TEST_CASE("a key whose body a later pushed commit replaces, armour kept, is refused",
          "[hooks][push]") {
    HookSandbox sb;
    const fs::path remote = sb.init("remote.git", true);
    const fs::path repo = sb.repo_with_commit("work");
    sb.git_ok(repo, "remote add origin " + shell_quote(remote.string()));
    const ProcResult install = sb.qa(repo, "install");
    INFO(install.describe());
    REQUIRE(install.exit_code == 0);
    REQUIRE(sb.git_in(repo, "push -q origin main").exit_code == 0);

    const auto key = qa::test::make_fake_key(77);
    sb.git_ok(repo, "checkout -q -b rotate");
    sb.add_file(repo, "deploy/id_rsa", key.pem);
    sb.git_ok(repo, "commit -q --no-verify -m key");
    const std::string with_key = sb.rev_parse(repo, "HEAD");
    // The same armour around a placeholder: the net change's block has no key body.
    std::string redacted = key.pem;
    const std::size_t body = redacted.find('\n') + 1;
    redacted.replace(body, redacted.rfind(key.body_lines.back()) + 65 - body,
                     "placeholder: the key is in the vault\n");
    sb.add_file(repo, "deploy/id_rsa", redacted);
    sb.git_ok(repo, "commit -q --no-verify -m redact");
    REQUIRE(sb.git_ok(repo, "show HEAD:deploy/id_rsa").find(key.body_lines[0]) ==
            std::string::npos);

    const ProcResult push = sb.git_in(repo, "push origin rotate");
    INFO(push.describe());
    REQUIRE(push.exited);
    CHECK(push.exit_code != 0);
    CHECK(push.err.find("earlier commits (" + with_key.substr(0, 12)) != std::string::npos);
    CHECK(push.err.find("deploy/id_rsa:1") != std::string::npos);
    CHECK(push.err.find("private-key") != std::string::npos);
    CHECK(sb.git_ok(remote, "for-each-ref").find("refs/heads/rotate") == std::string::npos);
}

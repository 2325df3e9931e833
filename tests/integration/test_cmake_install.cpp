// `cmake --install` of the build under test into a temporary prefix: both binaries land in
// <prefix>/bin, run from there, and hooks installed by the installed qa-skill refer to the
// installed qa-skill-hook and block a bad commit through it.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"
#include "support/report_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::read_bytes;
using qa::test::shell_quote;

TEST_CASE("cmake --install puts both binaries under the prefix, and they work from there",
          "[install][cmake]") {
    HookSandbox sb;
    const fs::path prefix = sb.root() / "prefix";
    const ProcResult install = qa::test::run_sh("cmake --install " + shell_quote(QA_BUILD_DIR) +
                                                " --prefix " + shell_quote(prefix.string()));
    INFO(install.describe());
    REQUIRE(install.exit_code == 0);
    const fs::path qa_bin = prefix / "bin/qa-skill";
    const fs::path hook_bin = prefix / "bin/qa-skill-hook";
    REQUIRE(fs::exists(qa_bin));
    REQUIRE(fs::exists(hook_bin));

    const ProcResult version = sb.in(sb.root(), shell_quote(qa_bin.string()) + " --version");
    INFO(version.describe());
    CHECK(version.exit_code == 0);
    CHECK(version.out.find(QA_SKILL_VERSION) != std::string::npos);
    const ProcResult help = sb.in(sb.root(), shell_quote(hook_bin.string()) + " --help");
    CHECK(help.exit_code == 0);
    CHECK(help.out.find("pre-commit") != std::string::npos);

    // Hooks installed by the installed CLI run the installed hook binary.
    const auto repo = sb.repo_with_commit("repo");
    const ProcResult hooks = sb.in(repo, shell_quote(qa_bin.string()) + " install");
    INFO(hooks.describe());
    REQUIRE(hooks.exit_code == 0);
    const std::string shim = read_bytes(repo / ".git/hooks/pre-commit");
    CHECK(shim.find(fs::canonical(hook_bin).string()) != std::string::npos);
    CHECK(shim.find(QA_SKILL_HOOK_BIN) == std::string::npos);

    sb.add_file(repo, "config.py", qa::test::config_py(qa::test::fake_aws_key(21)));
    const ProcResult commit = sb.git_in(repo, "commit -m key");
    INFO(commit.describe());
    CHECK(commit.exit_code != 0);
    CHECK(commit.err.find("aws-access-key-id") != std::string::npos);
}

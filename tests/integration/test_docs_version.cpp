// `--version` of both binaries prints the version and the git revision they were built from.
#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include "support/hook_fixture.hpp"

using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

TEST_CASE("qa-skill --version and qa-skill-hook --version name the version and the commit",
          "[docs][version]") {
    HookSandbox sb;
    for (const std::string program : {"qa-skill", "qa-skill-hook"}) {
        const ProcResult r =
            program == "qa-skill" ? sb.qa(sb.root(), "--version") : sb.hook(sb.root(), "--version");
        INFO(r.describe());
        CHECK(r.exit_code == 0);
        std::smatch m;
        const std::regex line("^" + program + " " + std::string(QA_SKILL_VERSION) +
                              " \\(git ([0-9a-f]{12})(-dirty)?\\)\n$");
        REQUIRE(std::regex_match(r.out, m, line));
        // The revision is a commit of the source tree the tests were built from.
        const ProcResult commit =
            sb.in(QA_SOURCE_DIR, "git cat-file -e " + shell_quote(m[1].str() + "^{commit}"));
        INFO(commit.describe());
        CHECK(commit.exit_code == 0);
    }
}

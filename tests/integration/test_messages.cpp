// What the binaries say when the input is wrong: one prefix, no made-up positions, ASCII only,
// paths as a person would write them.
#include <catch2/catch.hpp>

#include <algorithm>

#include "support/hook_fixture.hpp"

using qa::test::HookSandbox;
using qa::test::ProcResult;

namespace {

bool ascii(const std::string& text) {
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
        ++n;
    }
    return n;
}

}  // namespace

TEST_CASE("usage errors name the option without a made-up position, in ASCII", "[cli][messages]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const ProcResult mode = sb.qa(repo, "run --staged --run-mode fast");
    INFO(mode.describe());
    CHECK(mode.exit_code == 2);
    CHECK(mode.err ==
          "qa-skill: --run-mode: \"fast\" is not valid; expected \"strict\" or \"best_effort\"\n");

    const ProcResult option = sb.qa(repo, "run --no-such-option");
    INFO(option.describe());
    CHECK(option.exit_code == 2);
    CHECK(option.err == "qa-skill: Option 'no-such-option' does not exist\n");
    CHECK(ascii(option.err));
}

TEST_CASE("a malformed staged baseline is named once as not valid JSON", "[cli][messages]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill-baseline.json", "{bad");
    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(".qa-skill-baseline.json (index): (root): not valid JSON: ") !=
          std::string::npos);
    CHECK(count(r.err, "not valid JSON") == 1);
}

TEST_CASE("a configuration file is named by its normalized path", "[cli][messages]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    qa::test::write_file(repo / "ci/qa.toml", "run_mode = \"x\"\n");
    for (const std::string args :
         {"run --staged --config ./ci/../ci/qa.toml", "config check ./ci/../ci/qa.toml"}) {
        const ProcResult r = sb.qa(repo, args);
        INFO(r.describe());
        CHECK(r.exit_code == 2);
        CHECK(r.err.starts_with("qa-skill: config error: ci/qa.toml:1:12: run_mode: "));
    }
}

TEST_CASE("an error without a line names the file once and no position", "[cli][messages]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const ProcResult missing = sb.qa(repo, "run --staged --config ./nope.toml");
    INFO(missing.describe());
    CHECK(missing.exit_code == 2);
    CHECK(missing.err ==
          "qa-skill: config error: nope.toml: cannot open: No such file or "
          "directory\n");

    sb.add_file(repo, ".qa-skill.toml", "artifact_root = \"/abs\"\n");
    const ProcResult root = sb.hook(repo, "pre-commit");
    INFO(root.describe());
    CHECK(root.exit_code == 2);
    CHECK(
        root.err.starts_with("qa-skill-hook: config error: index:.qa-skill.toml: artifact_root: "));
    CHECK(root.err.find(":0") == std::string::npos);
}

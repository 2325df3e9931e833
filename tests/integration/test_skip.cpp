// QA_SKILL_SKIP (issue 26 item 3): one run without some lenses, as SKIP=hook-id is for the
// pre-commit framework, said in the report and recorded in the artifacts; never the security
// lens. Real git commit and push with the installed hooks.
#include <catch2/catch.hpp>

#include <algorithm>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

/// The requestedLensIds of the only run folder's skill-input.json.
std::vector<std::string> requested_lens_ids(const fs::path& repo) {
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(dirs.size() == 1);
    const auto input = qa::json::parse(qa::test::read_bytes(dirs.front() / "skill-input.json"));
    const auto* ids = input.find("requestedLensIds");
    REQUIRE(ids != nullptr);
    REQUIRE(ids->is_array());
    std::vector<std::string> out;
    for (const auto& id : ids->as_array()) {
        out.push_back(id.as_string());
    }
    return out;
}

bool holds(const std::vector<std::string>& ids, const std::string& id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

}  // namespace

TEST_CASE("QA_SKILL_SKIP=style skips the style lens for one commit, says so and records it",
          "[hooks][commit][skip]") {
    HookSandbox sb;
    const auto repo = sb.installed_repo("skip");
    const std::string head = sb.rev_parse(repo, "HEAD");
    sb.add_file(repo, "src/merge.py", qa::test::conflicted_python());

    const ProcResult r = sb.in(repo, "QA_SKILL_SKIP=style git commit -q -m merge");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(sb.rev_parse(repo, "HEAD^") == head);
    // Said in the report: the gate lens's gate-weakened line, not blocking.
    CHECK(r.err.find("gate-weakened") != std::string::npos);
    CHECK(r.err.find("QA_SKILL_SKIP skipped style for this run") != std::string::npos);
    // Recorded in the normalized input: every lens but style was requested.
    const auto ids = requested_lens_ids(repo);
    CHECK_FALSE(holds(ids, "style"));
    CHECK(holds(ids, "security"));
    CHECK(holds(ids, "gate"));

    // One run only: the next commit without the variable is checked by style again.
    sb.add_file(repo, "src/other.py", qa::test::conflicted_python());
    const ProcResult next = sb.git_in(repo, "commit -q -m other");
    INFO(next.describe());
    CHECK(next.exit_code != 0);
    CHECK(next.err.find("src/other.py:2") != std::string::npos);
}

TEST_CASE("QA_SKILL_SKIP refuses the security and gate lenses and names an unknown one",
          "[hooks][commit][skip]") {
    HookSandbox sb;
    const auto repo = sb.installed_repo("refuse");
    const std::string head = sb.rev_parse(repo, "HEAD");
    sb.add_file(repo, "app.py", "x = 1\n");
    for (const auto& [value, said] : std::vector<std::pair<std::string, std::string>>{
             {"security", "the security lens cannot be skipped"},
             {"style,security", "the security lens cannot be skipped"},
             {"gate", "the gate lens cannot be skipped"},
             {"stlye", "no lens \"stlye\""}}) {
        const ProcResult r =
            sb.in(repo, "QA_SKILL_SKIP=" + shell_quote(value) + " git commit -q -m app");
        INFO(value << "\n" << r.describe());
        CHECK(r.exit_code != 0);
        CHECK(r.err.find("QA_SKILL_SKIP: " + said) != std::string::npos);
        CHECK(sb.rev_parse(repo, "HEAD") == head);
    }
    const ProcResult direct =
        sb.in(repo, "QA_SKILL_SKIP=security " + shell_quote(QA_SKILL_BIN) + " run --staged");
    CHECK(direct.exit_code == 2);
    CHECK(direct.err.find("--no-verify") != std::string::npos);
}

TEST_CASE("QA_SKILL_SKIP at git push shows as gate-weakened in the push gate's report",
          "[hooks][push][skip]") {
    HookSandbox sb;
    const auto remote = sb.init("remote.git", true);
    const auto repo = sb.installed_repo("work");
    sb.git_ok(repo, "remote add origin " + shell_quote(remote.string()));
    REQUIRE(sb.git_in(repo, "push -q origin main").exit_code == 0);
    sb.add_file(repo, "src/merge.py", qa::test::conflicted_python());
    sb.git_ok(repo, "commit -q --no-verify -m merge");

    const ProcResult blocked = sb.git_in(repo, "push -q origin main");
    CHECK(blocked.exit_code != 0);
    const ProcResult r = sb.in(repo, "QA_SKILL_SKIP=style git push -q origin main");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.err.find("gate-weakened") != std::string::npos);
    CHECK(r.err.find("QA_SKILL_SKIP skipped style for this run") != std::string::npos);
}

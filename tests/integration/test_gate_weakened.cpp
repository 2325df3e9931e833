// A change that weakens the gate itself is shown to its reviewer (issue 10, item 4): a lens
// turned off in .qa-skill.toml, findings added to the baseline, an inline suppression. Each is a
// gate-weakened finding (low, never blocking) on the line that does it, in the terminal without
// -v and in SARIF, through real commits with the installed hook.
#include <catch2/catch.hpp>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"

using qa::test::HookSandbox;
using qa::test::ProcResult;

namespace {

/// The output with every run of white space as one space: the terminal wraps long findings.
std::string flat(const ProcResult& r) {
    std::string out;
    for (const char c : r.all()) {
        const bool space = c == ' ' || c == '\n' || c == '\t';
        if (!space || (!out.empty() && out.back() != ' ')) {
            out += space ? ' ' : c;
        }
    }
    return out;
}

}  // namespace

TEST_CASE("a commit that turns a lens off passes and shows where it weakens the gate",
          "[gate][integration]") {
    HookSandbox sb;
    const auto repo = sb.installed_repo();
    sb.add_file(repo, ".qa-skill.toml",
                "# the team's settings\nrun_mode = \"strict\"\n\n[lenses.security]\n"
                "enabled = false\n");
    const ProcResult r = sb.git_in(repo, "commit -qm 'quiet the scanner'");
    INFO(r.describe());
    CHECK(r.exit_code == 0);  // never blocking: the reviewer decides
    CHECK(r.err.find(".qa-skill.toml:5") != std::string::npos);
    CHECK(r.err.find("gate-weakened") != std::string::npos);
    CHECK(r.err.find("the security lens is disabled") != std::string::npos);
    CHECK(sb.git_ok(repo, "log --format=%s -1") == "quiet the scanner\n");

    // The next commit does not touch the configuration: nothing more is said about it.
    sb.add_file(repo, "notes.md", "# notes\n");
    const ProcResult next = sb.git_in(repo, "commit -qm notes");
    INFO(next.describe());
    CHECK(next.exit_code == 0);
    CHECK(next.err.find("gate-weakened") == std::string::npos);
}

TEST_CASE("taking back a stricter setting is a weakening, deleting the file too",
          "[gate][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml",
                "[lenses.style]\nblock_at = \"info\"\n\n[rules.debug-console-log]\nenabled = true\n"
                "severity = \"high\"\n");
    sb.commit(repo, "strict style");

    // block_at and the rule's override removed from the file.
    qa::test::write_file(repo / ".qa-skill.toml", "# relaxed\n[lenses.style]\nrequired = true\n");
    sb.git_ok(repo, "add .qa-skill.toml");
    const ProcResult edited = sb.qa(repo, "run --staged");
    INFO(edited.describe());
    CHECK(edited.exit_code == 0);
    CHECK(flat(edited).find("the style lens no longer blocks at info and above") !=
          std::string::npos);
    CHECK(flat(edited).find("the rule debug-console-log is no longer switched on") !=
          std::string::npos);
    CHECK(flat(edited).find("the rule debug-console-log no longer has severity high") !=
          std::string::npos);

    // The whole file deleted: the embedded default it leaves is weaker in the same three ways.
    sb.git_ok(repo, "rm -qf .qa-skill.toml");
    const ProcResult deleted = sb.qa(repo, "run --staged");
    INFO(deleted.describe());
    CHECK(deleted.exit_code == 0);
    CHECK(flat(deleted).find(".qa-skill.toml:") != std::string::npos);
    CHECK(flat(deleted).find("the style lens no longer blocks at info and above") !=
          std::string::npos);
    CHECK(flat(deleted).find("the rule debug-console-log is no longer switched on") !=
          std::string::npos);
}

TEST_CASE("strengthening the configuration is not a weakening", "[gate][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", "[lenses.style]\nenabled = false\n");
    sb.commit(repo, "style off");
    qa::test::write_file(repo / ".qa-skill.toml",
                         "[lenses.style]\nenabled = true\n\n[[architecture.layers]]\n"
                         "name = \"core\"\nfrom = [\"src/core/**\"]\ndeny = [\"src/ui/**\"]\n");
    sb.git_ok(repo, "add .qa-skill.toml");
    const ProcResult r = sb.qa(repo, "run --staged -v");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.all().find("gate-weakened") == std::string::npos);
}

TEST_CASE("findings added to the baseline and inline suppressions are shown, also in SARIF",
          "[gate][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    // A committed fixture key (committed without the hook), then accepted by the baseline.
    sb.add_file(repo, "fixtures/id_rsa", qa::test::make_fake_key().pem);
    sb.commit(repo, "fixture");
    const ProcResult created = sb.qa(repo, "baseline create");
    INFO(created.describe());
    REQUIRE(created.exit_code == 0);
    sb.git_ok(repo, "add .qa-skill-baseline.json");
    sb.add_file(repo, "app.py", "token = load()  # qa-skill: allow aws-access-key-id -- loaded\n");

    const ProcResult text = sb.qa(repo, "run --staged");
    INFO(text.describe());
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("finding(s) newly accepted by the baseline (private-key)") !=
          std::string::npos);
    CHECK(text.out.find("app.py:1") != std::string::npos);
    CHECK(text.out.find("Inline suppression added: aws-access-key-id") != std::string::npos);

    const ProcResult sarif = sb.qa(repo, "run --staged --format sarif");
    INFO(sarif.describe());
    CHECK(sarif.exit_code == 0);
    const auto doc = qa::json::parse(sarif.out);
    std::size_t weakened = 0;
    for (const auto& run : doc.find("runs")->as_array()) {
        for (const auto& result : run.find("results")->as_array()) {
            if (result.find("ruleId")->as_string() == "gate/gate-weakened") {
                ++weakened;
            }
        }
    }
    CHECK(weakened == 2);
    CHECK(sarif.out.find("invalid-suppression") == std::string::npos);
}

TEST_CASE("an audit of every file reports no suppression as added", "[gate][integration]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "app.py",
                "token = load()  # qa-skill: allow aws-access-key-id -- loaded at run time\n"
                "# Write `qa-skill: allow <rule-id> -- <reason>` to suppress.\n");
    sb.commit(repo, "app");
    const ProcResult audit = sb.qa(repo, "run --all-files -v");
    INFO(audit.describe());
    CHECK(audit.exit_code == 0);
    CHECK(audit.out.find("gate-weakened") == std::string::npos);
    // The same lines staged as a change: the real directive is shown, the syntax note is not.
    qa::test::write_file(repo / "app2.py", qa::test::read_bytes(repo / "app.py"));
    sb.git_ok(repo, "add app2.py");
    const ProcResult staged = sb.qa(repo, "run --staged");
    INFO(staged.describe());
    CHECK(staged.out.find("app2.py:1  low  gate-weakened  Inline suppression added: "
                          "aws-access-key-id") != std::string::npos);
    CHECK(staged.out.find("app2.py:2") == std::string::npos);
}

TEST_CASE("the gate lens cannot be turned off", "[gate][config]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    for (const char* key : {"enabled", "required"}) {
        DYNAMIC_SECTION(key) {
            qa::test::write_file(repo / ".qa-skill.toml",
                                 std::string("[lenses.gate]\n") + key + " = false\n");
            const ProcResult r = sb.qa(repo, "config check");
            INFO(r.describe());
            CHECK(r.exit_code == 2);
            CHECK(r.err.find(".qa-skill.toml:2") != std::string::npos);
            CHECK(r.err.find("cannot be turned off") != std::string::npos);
        }
    }
}

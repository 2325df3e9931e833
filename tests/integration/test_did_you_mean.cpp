// Misspelt names in .qa-skill.toml (keys, lens ids, rule ids, values, phase options) are told
// what they probably meant, at the same file:line:col and with exit 2, by `qa-skill config check`
// and by a real `git commit`; a name close to nothing gets no guess.
#include <catch2/catch.hpp>

#include <string>

#include "support/hook_fixture.hpp"

using qa::test::HookSandbox;
using qa::test::ProcResult;

namespace {

/// `config check` of `config` as the repository's .qa-skill.toml: its stderr, exit 2 required.
std::string check_error(const HookSandbox& sb, const std::string& config,
                        const std::string& rules_file = "") {
    const auto repo =
        sb.repo_with_commit("repo-" + std::to_string(std::hash<std::string>{}(config)));
    if (!rules_file.empty()) {
        sb.add_file(repo, "ci/qa-rules.toml", rules_file);
    }
    sb.add_file(repo, ".qa-skill.toml", config);
    const ProcResult r = sb.qa(repo, "config check");
    INFO(config << "\n" << r.describe());
    CHECK(r.exit_code == 2);
    return r.err;
}

}  // namespace

TEST_CASE("config check suggests the key, lens, rule or value a typo meant", "[config][suggest]") {
    HookSandbox sb;
    CHECK(check_error(sb, "[lenses.security]\nenabeld = true\n")
              .find("/.qa-skill.toml:2:1: lenses.security.enabeld: unknown key (did you mean "
                    "`enabled`?); expected one of \"block_at\", ") != std::string::npos);
    CHECK(check_error(sb, "run_mod = \"strict\"\n")
              .find(".qa-skill.toml:1:1: run_mod: unknown key (did you mean `run_mode`?); "
                    "expected one of ") != std::string::npos);
    CHECK(check_error(sb, "run_mode = \"strct\"\n")
              .find(".qa-skill.toml:1:12: run_mode: \"strct\" is not valid (did you mean "
                    "`strict`?); expected one of \"strict\", \"best_effort\"") !=
          std::string::npos);
    CHECK(check_error(sb, "[lenses.secruity]\nenabled = true\n")
              .find(".qa-skill.toml:1:9: lenses.secruity: unknown lens (did you mean "
                    "`security`?); known lenses are ") != std::string::npos);
    CHECK(check_error(sb, "[rules.aws-acess-key-id]\nenabled = false\n")
              .find(".qa-skill.toml:1:8: rules.aws-acess-key-id: no rule has this id (did you "
                    "mean `aws-access-key-id`?); `qa-skill rules list` lists every rule id") !=
          std::string::npos);
    CHECK(
        check_error(sb, "[lenses.phase]\nenabled = true\n[lenses.phase.options]\nmax_retriez = 2\n")
            .find("lenses.phase.options.max_retriez: unknown option (did you mean "
                  "`max_retries`?); expected language, ") != std::string::npos);

    // A repository's own rule ids are suggested too.
    const std::string own_rule =
        "[[rules]]\nid = \"internal-ticket-host\"\ndescription = \"Internal host.\"\n"
        "regex = '''tickets\\.corp\\.internal'''\nseverity = \"high\"\nblocking = true\n"
        "fix = \"Read it from the environment.\"\n[rules.examples]\n"
        "positive = [\"u = 'tickets.corp.internal'\"]\nnegative = ['u = \"x\"']\n";
    CHECK(check_error(sb,
                      "rules_files = [\"ci/qa-rules.toml\"]\n\n[rules.internal-ticket-hots]\n"
                      "severity = \"low\"\n",
                      own_rule)
              .find(".qa-skill.toml:3:8: rules.internal-ticket-hots: no rule has this id (did "
                    "you mean `internal-ticket-host`?)") != std::string::npos);

    // Far from every name: the message as before, no guess.
    const std::string far = check_error(sb, "[lenses.security]\nzz_probe = 1\n");
    CHECK(far.find("lenses.security.zz_probe: unknown key; expected one of ") != std::string::npos);
    CHECK(far.find("did you mean") == std::string::npos);
    CHECK(check_error(sb, "[rules.completely-unrelated-name]\nenabled = false\n")
              .find("no rule has this id; `qa-skill rules list`") != std::string::npos);
}

TEST_CASE(
    "git commit with a misspelt rule id in the staged configuration is refused with a "
    "suggestion",
    "[hooks][commit][suggest]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const ProcResult install = sb.qa(repo, "install");
    INFO(install.describe());
    REQUIRE(install.exit_code == 0);
    const std::string head = sb.rev_parse(repo, "HEAD");
    sb.add_file(repo, ".qa-skill.toml", "[rules.debug-consol-log]\nenabled = false\n");
    const ProcResult r = sb.git_in(repo, "commit -q -m 'quiet console.log'");
    INFO(r.describe());
    REQUIRE(r.exited);
    CHECK(r.exit_code != 0);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
    CHECK(r.err.find("index:.qa-skill.toml:1:8: rules.debug-consol-log: no rule has this id (did "
                     "you mean `debug-console-log`?)") != std::string::npos);

    // The same for a misspelt key: the hook names its position and the key it meant.
    sb.add_file(repo, ".qa-skill.toml", "[lenses.style]\nrequird = true\n");
    const ProcResult key = sb.git_in(repo, "commit -q -m 'style'");
    INFO(key.describe());
    CHECK(key.exit_code != 0);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
    CHECK(key.err.find("index:.qa-skill.toml:2:1: lenses.style.requird: unknown key (did you "
                       "mean `required`?)") != std::string::npos);
}

TEST_CASE("run --lens and plan --lens suggest the lens a typo meant", "[cli][suggest]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    for (const char* command :
         {"run --staged --no-artifacts --lens secruity", "plan --lens stlye"}) {
        const ProcResult r = sb.qa(repo, command);
        INFO(r.describe());
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("(did you mean `s") != std::string::npos);
    }
    const ProcResult run = sb.qa(repo, "run --staged --no-artifacts --lens secruity");
    CHECK(run.err.find("--lens: no lens \"secruity\" (did you mean `security`?); known: ") !=
          std::string::npos);
    const ProcResult far = sb.qa(repo, "run --staged --no-artifacts --lens nosuch");
    CHECK(far.exit_code == 2);
    CHECK(far.err.find("--lens: no lens \"nosuch\"; known: ") != std::string::npos);
}

TEST_CASE("an inline suppression naming a misspelt rule id is told the id it meant",
          "[suggest][suppression]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "app.py",
                "value = 1  # qa-skill: allow debug-python-breakpiont -- a fixture\n"
                "other = 2  # qa-skill: allow zzz-nothing-near -- a fixture\n");
    const ProcResult r = sb.qa(repo, "run --staged --no-artifacts --format json");
    INFO(r.describe());
    CHECK(r.exit_code == 0);  // invalid-suppression never blocks
    CHECK(r.out.find("Inline suppression names no known rule: debug-python-breakpiont (did you "
                     "mean `debug-python-breakpoint`?)") != std::string::npos);
    CHECK(r.out.find("Inline suppression names no known rule: zzz-nothing-near\"") !=
          std::string::npos);
}

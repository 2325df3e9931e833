// A repository's own rules (`rules_files`) through real commits: they extend the built-in set,
// their examples are checked by `config check`, and their errors name file, line and key.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "support/json_member.hpp"
#include "support/sarif_check.hpp"

using qa::test::HookSandbox;
using qa::test::ProcResult;

namespace {

/// One rule in the lenses/*/rules.toml format: internal ticket hosts must not be hard-coded.
/// `negative` is the text of its negative example (a TOML literal string: no single quotes).
std::string rules_toml(const std::string& negative = "host = \"tickets.example.com\"") {
    return "[[rules]]\n"
           "id = \"internal-ticket-host\"\n"
           "description = \"Hard-coded internal ticket host.\"\n"
           "regex = '''tickets\\.corp\\.internal'''\n"
           "keywords = [\"tickets.corp\"]\n"
           "severity = \"high\"\n"
           "blocking = true\n"
           "fix = \"Read the host from the TICKETS_HOST setting.\"\n"
           "[rules.examples]\n"
           "positive = [\"url = 'https://tickets.corp.internal/api'\"]\n"
           "negative = ['" +
           negative + "']\n";
}

}  // namespace

TEST_CASE("a repository's own rules file extends the built-in rules", "[config][own-rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "ci/qa-rules.toml", rules_toml());
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/qa-rules.toml\"]\n");
    sb.commit(repo, "rules");

    const ProcResult check = sb.qa(repo, "config check");
    INFO(check.describe());
    CHECK(check.exit_code == 0);

    sb.add_file(repo, "app.py", "URL = 'https://tickets.corp.internal/api'\n");
    const ProcResult r = sb.hook(repo, "pre-commit");
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("app.py:1:") != std::string::npos);
    CHECK(r.err.find("high  internal-ticket-host  Hard-coded internal ticket host.") !=
          std::string::npos);
    CHECK(r.err.find("fix: Read the host from the TICKETS_HOST setting.") != std::string::npos);
    CHECK(r.err.find("# qa-skill: allow internal-ticket-host -- <reason>") != std::string::npos);

    // [rules.<id>] applies to the repository's own rules too.
    sb.add_file(repo, ".qa-skill.toml",
                "rules_files = [\"ci/qa-rules.toml\"]\n\n"
                "[rules.internal-ticket-host]\nenabled = false\n");
    CHECK(sb.hook(repo, "pre-commit").exit_code == 0);
}

TEST_CASE("config check runs the examples of a repository's own rules", "[config][own-rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    // A negative example that does match: the rule does not do what its examples say.
    sb.add_file(repo, "ci/qa-rules.toml", rules_toml("see tickets.corp.internal"));
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/qa-rules.toml\"]\n");
    const ProcResult r = sb.qa(repo, "config check");
    INFO(r.describe());
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("ci/qa-rules.toml:2:1: rules.internal-ticket-host.examples: negative "
                     "example \"see tickets.corp.internal\" matches") != std::string::npos);
}

TEST_CASE("errors in own rules files name file, line and key", "[config][own-rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/missing.toml\"]\n");
    const ProcResult missing = sb.qa(repo, "config check");
    INFO(missing.describe());
    CHECK(missing.exit_code == 2);
    CHECK(missing.err.find(".qa-skill.toml:1:") != std::string::npos);
    CHECK(missing.err.find("rules_files: ci/missing.toml is not a file of the repository") !=
          std::string::npos);

    sb.add_file(repo, "ci/bad.toml", "[[rules]]\nid = \"x\"\nregex = '''(unclosed'''\n");
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/bad.toml\"]\n");
    for (const std::string args : {"config check", "run --all-files"}) {
        const ProcResult bad = sb.qa(repo, args);
        INFO(bad.describe());
        CHECK(bad.exit_code == 2);
        CHECK(bad.err.find("ci/bad.toml:") != std::string::npos);
    }

    // An id the built-in rules already use.
    sb.add_file(repo, "ci/dup.toml",
                "[[rules]]\nid = \"aws-access-key-id\"\ndescription = \"d\"\nregex = 'x'\n"
                "severity = \"low\"\nfix = \"f\"\n");
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/dup.toml\"]\n");
    const ProcResult dup = sb.qa(repo, "config check");
    INFO(dup.describe());
    CHECK(dup.exit_code == 2);
    CHECK(dup.err.find("aws-access-key-id") != std::string::npos);
}

TEST_CASE("own rules files are read from the tree under test, not the working tree",
          "[config][own-rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const std::string base = sb.rev_parse(repo, "HEAD");
    sb.add_file(repo, "ci/qa-rules.toml", rules_toml());
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/qa-rules.toml\"]\n");
    sb.add_file(repo, "app.py", "URL = 'https://tickets.corp.internal/api'\n");
    // The working tree's copy differs from the staged one and would find nothing.
    qa::test::write_file(repo / "ci/qa-rules.toml", "");

    const ProcResult staged = sb.hook(repo, "pre-commit");
    INFO(staged.describe());
    CHECK(staged.exit_code == 1);
    CHECK(staged.err.find("internal-ticket-host") != std::string::npos);

    // A range reads the head commit's rules file, even when the working tree has none.
    sb.git_ok(repo, "commit -q --no-verify -m rules");
    std::filesystem::remove(repo / "ci/qa-rules.toml");
    const ProcResult range = sb.qa(repo, "run --base " + base + " --head HEAD");
    INFO(range.describe());
    CHECK(range.exit_code == 1);
    CHECK(range.all().find("internal-ticket-host") != std::string::npos);

    // A rules file in the working tree only is not part of the change: an error, exit 2.
    sb.git_ok(repo, "rm -q --cached ci/qa-rules.toml");
    qa::test::write_file(repo / "ci/qa-rules.toml", rules_toml());
    const ProcResult unstaged = sb.hook(repo, "pre-commit");
    INFO(unstaged.describe());
    CHECK(unstaged.exit_code == 2);
    CHECK(unstaged.err.find(".qa-skill.toml:1:") != std::string::npos);
    CHECK(unstaged.err.find("ci/qa-rules.toml is not in the tree the configuration is from") !=
          std::string::npos);
}

TEST_CASE("SARIF describes a repository's own rules from their data",
          "[config][own-rules][sarif]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "ci/qa-rules.toml", rules_toml());
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/qa-rules.toml\"]\n");
    sb.add_file(repo, "app.py", "URL = 'https://tickets.corp.internal/api'\n");
    const ProcResult r = sb.hook(repo, "pre-commit --format sarif");
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(qa::test::sarif_problems(r.out).empty());
    const auto sarif = qa::json::parse(r.out);
    using qa::test::member;
    const auto& run = member(sarif, "runs").as_array().at(0);
    const qa::json::Value* rule = nullptr;
    for (const auto& candidate :
         member(member(member(run, "tool"), "driver"), "rules").as_array()) {
        if (member(candidate, "id").as_string() == "security/internal-ticket-host") {
            rule = &candidate;
        }
    }
    REQUIRE(rule != nullptr);
    CHECK(member(member(*rule, "shortDescription"), "text").as_string() ==
          "Hard-coded internal ticket host.");
    CHECK(member(member(*rule, "help"), "text").as_string() ==
          "Read the host from the TICKETS_HOST setting.");
    CHECK(member(member(*rule, "properties"), "security-severity").as_string() == "8.0");
}

TEST_CASE("a push of refs whose own rules files differ is refused, naming the file",
          "[config][own-rules][push]") {
    HookSandbox sb;
    const auto remote = sb.init("remote.git", true);
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "ci/qa-rules.toml", rules_toml());
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/qa-rules.toml\"]\n");
    sb.commit(repo, "rules");
    sb.git_ok(repo, "remote add origin " + qa::test::shell_quote(remote.string()));
    REQUIRE(sb.qa(repo, "install").exit_code == 0);
    // The rules file holds its own positive example: main goes up without the gate.
    REQUIRE(sb.git_in(repo, "push -q --no-verify origin main").exit_code == 0);

    sb.git_ok(repo, "checkout -q -b same main");
    sb.add_file(repo, "a.py", "A = 1\n");
    sb.git_ok(repo, "commit -q --no-verify -m a");
    sb.git_ok(repo, "checkout -q -b other main");
    sb.add_file(repo, "ci/qa-rules.toml", rules_toml("host = \"tickets.example.org\""));
    sb.git_ok(repo, "commit -q --no-verify -m other");

    const ProcResult r = sb.git_in(repo, "push origin same other");
    INFO(r.describe());
    CHECK(r.exit_code != 0);
    CHECK(r.err.find(".qa-skill.toml:1:") != std::string::npos);
    CHECK(r.err.find("the pushed refs carry different versions of ci/qa-rules.toml") !=
          std::string::npos);
    CHECK(sb.git_ok(remote, "for-each-ref").find("refs/heads/same") == std::string::npos);

    // One at a time, each is judged with its own rules.
    const ProcResult same = sb.git_in(repo, "push origin same");
    INFO(same.describe());
    CHECK(same.exit_code == 0);
}

TEST_CASE("an own rule reports in the sub-lens it names, or by default by its languages",
          "[config][own-rules][sub-lens]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const auto rule = [](const std::string& id, const std::string& word, const std::string& extra) {
        return "[[rules]]\nid = \"" + id + "\"\ndescription = \"d\"\nregex = '''" + word +
               "'''\nseverity = \"high\"\nblocking = true\nfix = \"f\"\n" + extra +
               "[rules.examples]\npositive = [\"" + word + "\"]\nnegative = [\"x\"]\n";
    };
    sb.add_file(repo, "ci/qa-rules.toml",
                rule("every-file", "alphaword", "") +
                    rule("python-only", "betaword", "languages = [\"python\"]\n") +
                    rule("named", "gammaword", "sub_lens = \"unsafe-code\"\n"));
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/qa-rules.toml\"]\n");
    sb.add_file(repo, "app.py", "A = 'alphaword'\nB = 'betaword'\nC = 'gammaword'\n");
    sb.commit(repo, "rules");

    const ProcResult r = sb.qa(repo, "run --all-files --format json --no-artifacts");
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    using qa::test::member;
    const auto doc = qa::json::parse(r.out);
    const auto& verdict =
        member(member(member(doc, "runs").as_array().at(0), "skillResult"), "finalVerdict");
    std::map<std::string, std::string> sub_lens_of;
    for (const auto& f : member(verdict, "blockingFindings").as_array()) {
        sub_lens_of[member(f, "ruleId").as_string()] = member(f, "subLensId").as_string();
    }
    CHECK(sub_lens_of == std::map<std::string, std::string>{{"every-file", "secrets"},
                                                            {"named", "unsafe-code"},
                                                            {"python-only", "unsafe-code"}});

    // A sub-lens the security lens does not have is an error naming file, line and key.
    sb.add_file(repo, "ci/qa-rules.toml", rule("bad", "deltaword", "sub_lens = \"hygiene\"\n"));
    const ProcResult bad = sb.qa(repo, "config check");
    INFO(bad.describe());
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("ci/qa-rules.toml:8:") != std::string::npos);
    CHECK(bad.err.find("rules[bad].sub_lens") != std::string::npos);
    CHECK(bad.err.find("expected one of secrets, unsafe-code") != std::string::npos);
}

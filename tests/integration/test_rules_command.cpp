// `qa-skill rules list|show` through the binary: the built-in rules with their data (a known
// rule's severity, sub-lens, fix and masked example), a repository's own rules from its staged
// configuration, the JSON forms, and an unknown id (exit 2, with a suggestion when one is close).
#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "support/json_member.hpp"

using qa::test::HookSandbox;
using qa::test::member;
using qa::test::ProcResult;

namespace {

/// One own rule in the lenses/*/rules.toml format, naming no sub-lens (it defaults).
std::string own_rules_toml() {
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
           "negative = ['host = \"tickets.example.com\"']\n";
}

std::set<std::string> lines_of(const std::string& text) {
    std::set<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        out.insert(line);
    }
    return out;
}

}  // namespace

TEST_CASE("rules show prints a built-in rule's data with its secret example masked",
          "[rules-command]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const ProcResult r = sb.qa(repo, "rules show aws-access-key-id");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.starts_with("aws-access-key-id\n"));
    CHECK(r.out.find("  reported by: security/secrets\n") != std::string::npos);
    CHECK(r.out.find("  severity:    critical (blocks on its own)\n") != std::string::npos);
    CHECK(r.out.find("  applies to:  every file\n") != std::string::npos);
    CHECK(r.out.find("  defined in:  built-in\n") != std::string::npos);
    CHECK(r.out.find("  detects:     AWS access key ID.\n") != std::string::npos);
    CHECK(r.out.find("  fix:         Deactivate the key in AWS IAM, remove it from the change, "
                     "and load credentials from the environment or an AWS profile.\n") !=
          std::string::npos);
    // The first positive example of lenses/security/rules.toml, its key masked.
    CHECK(r.out.find("  example:     aws_access_key_id = AKIA********(20)\n") != std::string::npos);
    const std::string fake_key = std::string("AK") + "IAFAKEUJZDEGXDNCF3";
    CHECK(r.out.find(fake_key) == std::string::npos);

    // A rule for some languages, and a hygiene check (code, not data) have theirs too.
    const ProcResult style = sb.qa(repo, "rules show debug-console-log");
    INFO(style.describe());
    REQUIRE(style.exit_code == 0);
    CHECK(style.out.find("  reported by: style/hygiene\n") != std::string::npos);
    CHECK(style.out.find("  applies to:  javascript, typescript") != std::string::npos);
    CHECK(style.out.find("console.log(") != std::string::npos);
    const ProcResult hygiene = sb.qa(repo, "rules show oversize-file");
    REQUIRE(hygiene.exit_code == 0);
    CHECK(hygiene.out.find("  severity:    high (blocks on its own)\n") != std::string::npos);
    CHECK(hygiene.out.find("  reported by: style/hygiene\n") != std::string::npos);
}

TEST_CASE("rules list names every rule, and --ids and --format json agree with it",
          "[rules-command]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const ProcResult text = sb.qa(repo, "rules list");
    INFO(text.describe());
    REQUIRE(text.exit_code == 0);
    const ProcResult ids = sb.qa(repo, "rules list --ids");
    REQUIRE(ids.exit_code == 0);
    const auto id_set = lines_of(ids.out);
    CHECK(id_set.size() >= 180);
    for (const char* id :
         {"aws-access-key-id", "merge-conflict-marker", "trailing-whitespace", "layer-violation",
          "gate-weakened", "invalid-suppression", "unused-suppression"}) {
        INFO(id);
        CHECK(id_set.count(id) == 1);
    }
    // Each id has its line in the text list: id, severity, blocks, lens/sub-lens, description.
    CHECK(text.out.find("aws-access-key-id                  critical blocks security/secrets") !=
          std::string::npos);
    for (const auto& id : id_set) {
        INFO(id);
        CHECK(("\n" + text.out).find("\n" + id + " ") != std::string::npos);
    }
    CHECK(text.out.find(std::to_string(id_set.size()) + " rules: " + std::to_string(id_set.size()) +
                        " built-in.") != std::string::npos);

    const ProcResult json = sb.qa(repo, "rules list --format json");
    INFO(json.describe());
    REQUIRE(json.exit_code == 0);
    const auto doc = qa::json::parse(json.out);
    REQUIRE(doc.is_array());
    std::set<std::string> json_ids;
    for (const auto& rule : doc.as_array()) {
        for (const char* field : {"lens", "subLens", "severity", "blocking", "languages", "origin",
                                  "description", "fix", "example"}) {
            INFO(field);
            CHECK(rule.find(field) != nullptr);
        }
        json_ids.insert(member(rule, "id").as_string());
        CHECK(member(rule, "origin").as_string() == "built-in");
        CHECK_FALSE(member(rule, "description").as_string().empty());
        if (member(rule, "id").as_string() == "private-key") {
            CHECK(member(rule, "severity").as_string() == "critical");
            CHECK(member(rule, "blocking").as_bool());
            CHECK(member(rule, "subLens").as_string() == "secrets");
            CHECK(member(rule, "example").is_string());
        }
    }
    CHECK(json_ids == id_set);
}

TEST_CASE("rules list and show include a repository's own rules as a commit reads them",
          "[rules-command][own-rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "ci/qa-rules.toml", own_rules_toml());
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/qa-rules.toml\"]\n");

    const ProcResult show = sb.qa(repo, "rules show internal-ticket-host");
    INFO(show.describe());
    REQUIRE(show.exit_code == 0);
    CHECK(show.out ==
          "internal-ticket-host\n"
          "  reported by: security/secrets\n"
          "  severity:    high (blocks on its own)\n"
          "  applies to:  every file\n"
          "  defined in:  ci/qa-rules.toml\n"
          "  detects:     Hard-coded internal ticket host.\n"
          "  fix:         Read the host from the TICKETS_HOST setting.\n"
          "  example:     url = 'https://tickets.corp.internal/api'\n");

    const ProcResult list = sb.qa(repo, "rules list");
    REQUIRE(list.exit_code == 0);
    CHECK(list.out.find("Hard-coded internal ticket host. [ci/qa-rules.toml]\n") !=
          std::string::npos);
    CHECK(list.out.find(" built-in, 1 from ci/qa-rules.toml.") != std::string::npos);
    CHECK(lines_of(sb.qa(repo, "rules list --ids").out).count("internal-ticket-host") == 1);

    const ProcResult json = sb.qa(repo, "rules show internal-ticket-host --format json");
    INFO(json.describe());
    REQUIRE(json.exit_code == 0);
    const auto rule = qa::json::parse(json.out);
    CHECK(member(rule, "origin").as_string() == "ci/qa-rules.toml");
    CHECK(member(rule, "lens").as_string() == "security");
    CHECK(member(rule, "subLens").as_string() == "secrets");
    CHECK(member(rule, "severity").as_string() == "high");
    CHECK(member(rule, "fix").as_string() == "Read the host from the TICKETS_HOST setting.");

    // An unstaged rules file is not what a commit reads: the staged one is listed.
    qa::test::write_file(repo / ".qa-skill.toml", "");
    CHECK(sb.qa(repo, "rules show internal-ticket-host").exit_code == 0);

    // A rules file that does not compile is a configuration error at its line.
    sb.add_file(repo, "ci/qa-rules.toml", "[[rules]]\nid = \"x-y\"\n");
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/qa-rules.toml\"]\n");
    const ProcResult bad = sb.qa(repo, "rules list");
    INFO(bad.describe());
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("ci/qa-rules.toml:1:1: rules[x-y].description: required key is missing") !=
          std::string::npos);
}

TEST_CASE("rules show of an unknown id is exit 2 with a suggestion when one is close",
          "[rules-command]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const ProcResult typo = sb.qa(repo, "rules show aws-acess-key-id");
    INFO(typo.describe());
    CHECK(typo.exit_code == 2);
    CHECK(typo.out.empty());
    CHECK(typo.err.find("no rule has the id \"aws-acess-key-id\" (did you mean "
                        "`aws-access-key-id`?); 'qa-skill rules list' lists every rule") !=
          std::string::npos);
    const ProcResult far = sb.qa(repo, "rules show nothing-like-any-rule");
    INFO(far.describe());
    CHECK(far.exit_code == 2);
    CHECK(far.err.find("no rule has the id \"nothing-like-any-rule\"; ") != std::string::npos);
    CHECK(far.err.find("did you mean") == std::string::npos);
    CHECK(sb.qa(repo, "rules show").exit_code == 2);
    CHECK(sb.qa(repo, "rules list --format yaml").exit_code == 2);
    // Outside a repository: the built-in rules.
    CHECK(sb.qa(sb.root(), "rules show private-key").exit_code == 0);
}

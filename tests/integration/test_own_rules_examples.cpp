// A repository's own rules file and its examples (issue 26 item 8): `config check` says why a
// positive example finds nothing (a placeholder-looking secret the filter discards, a missing
// keyword, a regex that does not match), and says when the file's own positive examples would
// block its commit, with the two ways out; both ways are shown to work through a real commit.
#include <catch2/catch.hpp>

#include <string>

#include "support/hook_fixture.hpp"

using qa::test::HookSandbox;
using qa::test::ProcResult;

namespace {

/// A credential rule for a made-up "corp_" token; `positive` is its positive example as a TOML
/// basic string's content.
std::string token_rule(const std::string& positive) {
    return "[[rules]]\n"
           "id = \"corp-deploy-token\"\n"
           "description = \"Corp deploy token.\"\n"
           "regex = '''\\b(corp_[A-Za-z0-9]{20})\\b'''\n"
           "keywords = [\"corp_\"]\n"
           "secret_group = 1\n"
           "severity = \"critical\"\n"
           "blocking = true\n"
           "fix = \"Revoke the token and read it from the environment.\"\n"
           "[rules.examples]\n"
           "positive = [\"" +
           positive +
           "\"]\n"
           "negative = [\"deploy with corp_short\"]\n";
}

/// A made-up token of the rule's shape, put together at run time so that this file holds none.
std::string made_up(const std::string& tail = "Q8vX2mLr7TzK4pWn9YbC") {
    return std::string("corp") + "_" + tail;
}

/// `config check` of the repository with `rules` as its own rules file.
ProcResult check_with(const HookSandbox& sb, const std::filesystem::path& repo,
                      const std::string& rules, const std::string& config_extra = "") {
    sb.add_file(repo, "ci/qa-rules.toml", rules);
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/qa-rules.toml\"]\n" + config_extra);
    return sb.qa(repo, "config check");
}

}  // namespace

TEST_CASE("config check says why a positive example of an own rule finds nothing",
          "[config][own-rules]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("why");
    // The regex matches, but the secret holds a typed sequence: the placeholder filter drops it.
    const std::string typed_token = made_up("abcdefghQ8vX2mLr7TzK");
    const ProcResult typed = check_with(sb, repo, token_rule("deploy with " + typed_token));
    INFO(typed.describe());
    CHECK(typed.exit_code == 2);
    CHECK(
        typed.err.find("ci/qa-rules.toml:2:1: rules.corp-deploy-token.examples: positive "
                       "example \"deploy with " +
                       typed_token + "\" does not match: the regex matches, but its secret \"" +
                       typed_token +
                       "\" looks typed by hand (8 or more consecutive characters in order, such as "
                       "12345678 or abcdefgh, or xxxxxxxx), and the placeholder filter "
                       "discards such values; write the example with random-looking "
                       "characters") != std::string::npos);

    // The regex does not match at all (19 characters).
    const ProcResult short_one =
        check_with(sb, repo, token_rule("deploy with " + made_up().substr(0, 24)));
    INFO(short_one.describe());
    CHECK(short_one.exit_code == 2);
    CHECK(short_one.err.find("does not match: the regex does not match it") != std::string::npos);

    // The regex matches on a line without the rule's keyword.
    std::string no_keyword = token_rule("deploy with " + made_up());
    no_keyword.replace(no_keyword.find("[\"corp_\"]"), 9, "[\"rollout\"]");
    const ProcResult keyword = check_with(sb, repo, no_keyword);
    INFO(keyword.describe());
    CHECK(keyword.exit_code == 2);
    CHECK(keyword.err.find("the regex matches, but the line holds none of the rule's keywords "
                           "(\"rollout\")") != std::string::npos);
}

TEST_CASE("config check says when an own rules file's examples would block its own commit",
          "[config][own-rules][hooks]") {
    HookSandbox sb;
    const auto repo = sb.installed_repo("own");
    const std::string example = "deploy with " + made_up();
    const ProcResult noted = check_with(sb, repo, token_rule(example));
    INFO(noted.describe());
    CHECK(noted.exit_code == 0);
    CHECK(noted.out.find("note: ci/qa-rules.toml: the security lens will report its own "
                         "positive examples as findings (corp-deploy-token) once it is "
                         "committed. Write one character of each example as a TOML escape") !=
          std::string::npos);
    CHECK(noted.out.find("[lenses.security] exclude = [\"ci/qa-rules.toml\"]") !=
          std::string::npos);

    // As it says: the commit of the file is blocked by its own example.
    const std::string head = sb.rev_parse(repo, "HEAD");
    const ProcResult blocked = sb.git_in(repo, "commit -q -m 'own rules'");
    INFO(blocked.describe());
    CHECK(blocked.exit_code != 0);
    CHECK(blocked.err.find("corp-deploy-token") != std::string::npos);
    CHECK(sb.rev_parse(repo, "HEAD") == head);

    // One way out: the example's '_' written as a TOML escape. The rule still reads the same
    // example (config check runs it), the file's text no longer holds the token.
    const ProcResult escaped =
        check_with(sb, repo, token_rule("deploy with corp\\u005fQ8vX2mLr7TzK4pWn9YbC"));
    INFO(escaped.describe());
    CHECK(escaped.exit_code == 0);
    CHECK(escaped.out.find("note: ci/qa-rules.toml") == std::string::npos);
    const ProcResult committed = sb.git_in(repo, "commit -q -m 'own rules'");
    INFO(committed.describe());
    CHECK(committed.exit_code == 0);

    // The other: the file left out of the security lens.
    const ProcResult excluded = check_with(
        sb, repo, token_rule(example), "\n[lenses.security]\nexclude = [\"ci/qa-rules.toml\"]\n");
    INFO(excluded.describe());
    CHECK(excluded.exit_code == 0);
    CHECK(excluded.out.find("note: ci/qa-rules.toml") == std::string::npos);
    const ProcResult excluded_commit = sb.git_in(repo, "commit -q -m 'plain examples'");
    INFO(excluded_commit.describe());
    CHECK(excluded_commit.exit_code == 0);
}

// completion/qa-skill.bash, sourced by bash as bash-completion would, completes what the
// binaries accept: the commands of `qa-skill --help`, each command's options exactly as its
// --help lists them, option values, git revisions and schema ids; and the hooks and options of
// qa-skill-hook. The completions are asked for as bash asks: COMP_WORDS and COMP_CWORD set, the
// function that `complete -p` names for the command called, COMPREPLY read back.
#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

using Words = std::set<std::string>;

/// The completions bash offers for `line` (the last word is the one being completed; end
/// `line` with a space to complete a new, empty word), in repository `dir`.
Words complete(const HookSandbox& sb, const fs::path& dir, const std::string& line) {
    const std::string script =
        "source " + shell_quote((fs::path(QA_SOURCE_DIR) / "completion/qa-skill.bash").string()) +
        "\n"
        "read -r -a COMP_WORDS <<< \"$LINE\"\n"
        "[[ $LINE == *' ' ]] && COMP_WORDS+=('')\n"
        "COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))\n"
        "COMP_LINE=$LINE; COMP_POINT=${#LINE}\n"
        "spec=$(complete -p \"${COMP_WORDS[0]}\")\n"
        "function=$(sed -n 's/.*-F \\([^ ]*\\) .*/\\1/p' <<< \"$spec\")\n"
        "\"$function\" \"${COMP_WORDS[0]}\" \"${COMP_WORDS[COMP_CWORD]}\"\n"
        "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
    const fs::path bin = fs::path(QA_SKILL_BIN).parent_path();
    const ProcResult r =
        sb.in(dir, "env LINE=" + shell_quote(line) + " PATH=" + shell_quote(bin.string()) +
                       ":\"$PATH\" bash --norc -c " + shell_quote(script));
    INFO(line << "\n" << r.describe());
    REQUIRE(r.exit_code == 0);
    Words out;
    std::istringstream lines(r.out);
    for (std::string word; std::getline(lines, word);) {
        if (!word.empty()) {
            out.insert(word);
        }
    }
    return out;
}

/// The options a --help text lists ("  --name", "  -v, --verbose"), with --help itself.
Words options_of(const std::string& help) {
    Words out = {"--help"};
    const std::regex option(R"(^  (-[a-z]), (--[a-z-]+)|^  (--[a-z-]+))");
    std::istringstream lines(help);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (std::regex_search(line, m, option)) {
            for (std::size_t i = 1; i <= 3; ++i) {
                if (m[i].matched) {
                    out.insert(m[i]);
                }
            }
        }
    }
    return out;
}

}  // namespace

TEST_CASE("bash completes qa-skill's commands and each command's options from --help",
          "[docs][completion]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");

    const ProcResult top = sb.qa(repo, "--help");
    Words commands;
    std::istringstream lines(top.out.substr(top.out.find("commands:\n") + 10));
    for (std::string line; std::getline(lines, line) && line.rfind("  ", 0) == 0;) {
        commands.insert(line.substr(2, line.find(' ', 2) - 2));
    }
    REQUIRE(commands.size() >= 10);
    Words first = commands;
    first.insert({"--help", "--version"});
    CHECK(complete(sb, repo, "qa-skill ") == first);
    CHECK(complete(sb, repo, "qa-skill ba") == Words{"baseline"});

    // Each command (and subcommand) completes exactly the options its --help lists.
    const std::vector<std::string> with_subcommands = {
        "config show",       "config check",   "config lenses",     "baseline create",
        "baseline check",    "rules list",     "rules show",        "schema validate",
        "schema list",       "skill validate", "skill check-input", "skill check-output",
        "skill chain-check", "skill index",    "cache stats",       "cache prune",
        "cache verify",      "cache push"};
    std::vector<std::string> all(with_subcommands);
    for (const auto& c : commands) {
        if (c != "config" && c != "baseline" && c != "schema" && c != "skill" && c != "rules" &&
            c != "cache") {
            all.push_back(c);
        }
    }
    for (const auto& command : all) {
        const ProcResult help = sb.qa(repo, command + " --help");
        INFO(help.describe());
        REQUIRE(help.exit_code == 0);
        CHECK(complete(sb, repo, "qa-skill " + command + " -") == options_of(help.out));
    }
    CHECK(complete(sb, repo, "qa-skill skill ") ==
          Words{"validate", "check-input", "check-output", "chain-check", "index", "--help"});
    CHECK(complete(sb, repo, "qa-skill baseline c") == Words{"create", "check"});
    CHECK(complete(sb, repo, "qa-skill rules ") == Words{"list", "show", "--help"});
    CHECK(complete(sb, repo, "qa-skill config ") == Words{"show", "check", "lenses", "--help"});
    CHECK(complete(sb, repo, "qa-skill cache ") ==
          Words{"stats", "prune", "verify", "push", "--help"});

    // Option values.
    CHECK(complete(sb, repo, "qa-skill run --format ") == Words{"text", "json", "sarif"});
    CHECK(complete(sb, repo, "qa-skill plan --format ") == Words{"text", "json"});
    CHECK(complete(sb, repo, "qa-skill rules list --format ") == Words{"text", "json"});
    CHECK(complete(sb, repo, "qa-skill skill validate --format ") == Words{"yaml", "json"});
    CHECK(complete(sb, repo, "qa-skill run --run-mode ") == Words{"strict", "best_effort"});
    CHECK(complete(sb, repo, "qa-skill run --color a") == Words{"always", "auto"});
    CHECK(complete(sb, repo, "qa-skill phase-validate --profile exec") ==
          Words{"exec_sandboxed", "exec_sandboxed_network_off"});
    // Revisions come from the repository.
    sb.git_ok(repo, "branch feature/docs");
    sb.git_ok(repo, "tag v1");
    CHECK(complete(sb, repo, "qa-skill run --base f") == Words{"feature/docs"});
    const auto heads = complete(sb, repo, "qa-skill run --head ");
    CHECK(heads.count("main") == 1);
    CHECK(heads.count("v1") == 1);
    CHECK(heads.count("HEAD") == 1);
    // Files, and the schema ids `qa-skill schema list` prints.
    sb.add_file(repo, "inputs.json", "{}\n");
    CHECK(complete(sb, repo, "qa-skill phase-validate --input in") == Words{"inputs.json"});
    const ProcResult schemas = sb.qa(repo, "schema list");
    REQUIRE(schemas.exit_code == 0);
    const std::string some_id = schemas.out.substr(0, schemas.out.find('\n'));
    REQUIRE(!some_id.empty());
    CHECK(complete(sb, repo, "qa-skill schema validate " + some_id).count(some_id) == 1);
}

TEST_CASE("bash completes qa-skill-hook's hooks and options from --help", "[docs][completion]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    CHECK(complete(sb, repo, "qa-skill-hook ") ==
          Words{"pre-commit", "pre-merge-commit", "pre-push", "pre-receive"});
    CHECK(complete(sb, repo, "qa-skill-hook pre-m") == Words{"pre-merge-commit"});
    const ProcResult help = sb.hook(repo, "--help");
    REQUIRE(help.exit_code == 0);
    CHECK(complete(sb, repo, "qa-skill-hook -") == options_of(help.out));
    CHECK(complete(sb, repo, "qa-skill-hook --format ") == Words{"text", "json", "sarif"});
    sb.git_ok(repo, "remote add upstream https://example.invalid/x.git");
    CHECK(complete(sb, repo, "qa-skill-hook pre-push ") == Words{"upstream"});
}

TEST_CASE("bash completes rules show with the rule ids of the binary and the repository",
          "[docs][completion]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    CHECK(complete(sb, repo, "qa-skill rules show aws-access-key") == Words{"aws-access-key-id"});
    CHECK(complete(sb, repo, "qa-skill rules show merge-conflict-") ==
          Words{"merge-conflict-marker", "merge-conflict-separator"});
    // Every id `rules list --ids` prints, and nothing else.
    const ProcResult ids = sb.qa(repo, "rules list --ids");
    REQUIRE(ids.exit_code == 0);
    Words all;
    std::istringstream lines(ids.out);
    for (std::string id; std::getline(lines, id);) {
        all.insert(id);
    }
    CHECK(all.size() >= 180);
    CHECK(complete(sb, repo, "qa-skill rules show ") == all);
    // A repository's own rule, from its staged rules file.
    sb.add_file(repo, "ci/qa-rules.toml",
                "[[rules]]\nid = \"internal-ticket-host\"\ndescription = \"Internal host.\"\n"
                "regex = '''tickets\\.corp\\.internal'''\nseverity = \"high\"\nblocking = true\n"
                "fix = \"Read it from the environment.\"\n");
    sb.add_file(repo, ".qa-skill.toml", "rules_files = [\"ci/qa-rules.toml\"]\n");
    CHECK(complete(sb, repo, "qa-skill rules show internal-") == Words{"internal-ticket-host"});
}

TEST_CASE("bash completes --lens with the lens ids the binary knows, one list item at a time",
          "[docs][completion]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const ProcResult lenses = sb.qa(repo, "config lenses");
    INFO(lenses.describe());
    REQUIRE(lenses.exit_code == 0);
    Words all;
    std::istringstream lines(lenses.out);
    for (std::string id; std::getline(lines, id);) {
        all.insert(id);
    }
    CHECK(all.count("security") == 1);
    CHECK(all.count("style") == 1);
    CHECK(all.count("phase") == 1);
    CHECK(complete(sb, repo, "qa-skill run --lens ") == all);
    CHECK(complete(sb, repo, "qa-skill run --lens sec") == Words{"security"});
    CHECK(complete(sb, repo, "qa-skill plan --lens security,st") == Words{"security,style"});
    // A repository's external lens is one of them.
    sb.add_file(repo, ".qa-skill.toml",
                "allow_execution_lens_classes = [\"consistency\"]\n[lenses.licence-check]\n"
                "kind = \"external\"\nclass = \"consistency\"\ncommand = [\"true\"]\n");
    const ProcResult with_own = sb.qa(repo, "config lenses");
    INFO(with_own.describe());
    CHECK(with_own.out.find("licence-check\n") != std::string::npos);
    CHECK(complete(sb, repo, "qa-skill run --lens lic") == Words{"licence-check"});
}

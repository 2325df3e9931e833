// The man pages the build makes from man/*.scd render with man(1), and qa-skill(1) and
// qa-skill-hook(1) name every command, subcommand and option that the binaries' --help lists:
// a new option without its line in the page fails here. (qa-skill.toml(5)'s keys are checked
// against the parser by test_docs_config_keys.cpp.)
#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

/// `man -l` of a built page, in plain ASCII and wide enough that no option is broken.
std::string render(const HookSandbox& sb, const std::string& page) {
    const fs::path file = fs::path(QA_BUILD_DIR) / "man" / page;
    REQUIRE(fs::exists(file));
    REQUIRE(fs::exists(file.string() + ".gz"));
    const ProcResult r = sb.in(
        sb.root(), "env MANWIDTH=250 MANPAGER=cat PAGER=cat man -l " + shell_quote(file.string()));
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    return r.out;
}

/// The long options (--name) and the short ones (-v) in a --help text.
std::set<std::string> options_of(const std::string& help) {
    std::set<std::string> out;
    const std::regex option(R"((^|[\s\[(|,])(--[a-z][a-z-]*|-[a-z])\b)");
    for (std::sregex_iterator it(help.begin(), help.end(), option), end; it != end; ++it) {
        out.insert((*it)[2]);
    }
    return out;
}

/// The commands of `qa-skill --help`: the first word of each line under "commands:".
std::set<std::string> commands_of(const std::string& help) {
    std::set<std::string> out;
    std::istringstream lines(help.substr(help.find("commands:\n") + 10));
    for (std::string line; std::getline(lines, line) && line.rfind("  ", 0) == 0;) {
        std::istringstream words(line);
        std::string word;
        words >> word;
        out.insert(word);
    }
    return out;
}

/// The subcommands a command's usage lines name: "qa-skill skill validate ..." gives validate.
std::set<std::string> subcommands_of(const std::string& help, const std::string& command) {
    std::set<std::string> out;
    const std::regex usage("qa-skill " + command + " ([a-z][a-z-]*)");
    for (std::sregex_iterator it(help.begin(), help.end(), usage), end; it != end; ++it) {
        out.insert((*it)[1]);
    }
    return out;
}

}  // namespace

TEST_CASE("qa-skill(1) names every command, subcommand and option of qa-skill --help",
          "[docs][man]") {
    HookSandbox sb;
    const std::string page = render(sb, "qa-skill.1");
    CHECK(page.find("qa-skill - a deterministic, diff-driven QA gate for git") !=
          std::string::npos);
    CHECK(page.find("EXIT STATUS") != std::string::npos);

    const ProcResult top = sb.qa(sb.root(), "--help");
    REQUIRE(top.exit_code == 0);
    const auto commands = commands_of(top.out);
    REQUIRE(commands.size() >= 10);
    for (const auto& command : commands) {
        INFO("qa-skill " << command << " is not in qa-skill(1)");
        CHECK(page.find("\n       " + command) != std::string::npos);
        const ProcResult help = sb.qa(sb.root(), command + " --help");
        INFO(help.describe());
        CHECK(help.exit_code == 0);
        std::set<std::string> options = options_of(help.out);
        for (const auto& sub : subcommands_of(help.out, command)) {
            INFO("qa-skill " << command << " " << sub << " is not in qa-skill(1)");
            CHECK(page.find(command + " " + sub) != std::string::npos);
            const ProcResult sub_help = sb.qa(sb.root(), command + " " + sub + " --help");
            const auto more = options_of(sub_help.out);
            options.insert(more.begin(), more.end());
        }
        for (const auto& option : options) {
            INFO("qa-skill " << command << " " << option << " is not in qa-skill(1)");
            CHECK(page.find(option) != std::string::npos);
        }
    }
    CHECK(page.find("--version") != std::string::npos);
}

TEST_CASE("qa-skill-hook(1) names every hook and option of qa-skill-hook --help", "[docs][man]") {
    HookSandbox sb;
    const std::string page = render(sb, "qa-skill-hook.1");
    const ProcResult help = sb.hook(sb.root(), "--help");
    REQUIRE(help.exit_code == 0);
    for (const char* hook : {"pre-commit", "pre-merge-commit", "pre-push", "pre-receive"}) {
        REQUIRE(help.out.find(hook) != std::string::npos);
        INFO(hook << " is not in qa-skill-hook(1)");
        CHECK(page.find(std::string("\n       ") + hook) != std::string::npos);
    }
    const auto options = options_of(help.out);
    REQUIRE(options.count("--dry-run") == 1);
    for (const auto& option : options) {
        INFO("qa-skill-hook " << option << " is not in qa-skill-hook(1)");
        CHECK(page.find(option) != std::string::npos);
    }
}

TEST_CASE("qa-skill.toml(5) renders", "[docs][man]") {
    HookSandbox sb;
    const std::string page = render(sb, "qa-skill.toml.5");
    CHECK(page.find("qa-skill.toml(5)") != std::string::npos);
    CHECK(page.find("[permission_profiles.<id>]") != std::string::npos);
}

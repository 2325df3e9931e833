// `qa-skill rules list|show`: every rule a run can report, built-in or the repository's own,
// with what it detects, how to fix it and an example, so that no one reads the source for an id.
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "git/error.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "json/canonical.hpp"
#include "json/pretty.hpp"
#include "json/value.hpp"
#include "lenses/own_rules.hpp"
#include "orchestrator/run.hpp"
#include "plan/registry.hpp"
#include "prepare/tree_config.hpp"
#include "rules/catalog.hpp"
#include "util/args.hpp"
#include "util/exit_code.hpp"
#include "util/suggest.hpp"

namespace qa::cli {
namespace {

constexpr const char* kUsage =
    "usage: qa-skill rules list [--format text|json] [--ids]\n"
    "       qa-skill rules show <rule-id> [--format text|json]\n"
    "\n"
    "list  every rule a run can report: the built-in ones and, in a repository, those of its\n"
    "      own rules files (rules_files of .qa-skill.toml as a commit reads them: staged)\n"
    "show  one rule: its lens and sub-lens, severity, what it detects, its fix and an example\n";

const util::OptionSpec kListOptions[] = {
    {"format", "output format (default text)", "text|json"},
    {"ids", "print the rule ids only, one per line", ""},
};
const util::OptionSpec kShowOptions[] = {
    {"format", "output format (default text)", "text|json"},
};

using Catalog = std::map<std::string, rules::RuleInfo>;

/// The built-in rules, and in a repository its own rules files read as a commit reads them
/// (the staged configuration). A rules file that does not compile is a configuration error.
Catalog load_catalog(rules::ReadExamples examples) {
    Catalog catalog = rules::builtin_rules(examples);
    const git::LibGit2 lib;
    std::optional<git::Repository> repo;
    try {
        repo.emplace(git::Repository::open(lib, ".", git::GitEnv::from_process()));
    } catch (const git::GitError&) {
        return catalog;  // outside a repository: the built-in rules alone
    }
    prepare::RunRequest request;
    request.gitEnv = git::GitEnv::from_process();
    const config::Config config =
        prepare::load_tree_config(*repo, request, plan::read_builtin_registry().lens_ids());
    if (!config.rulesFiles.empty()) {
        lenses::own_rule_ids(config.rulesFiles);  // one that does not compile: exit 2 at its line
        rules::add_rules(catalog, lenses::own_rule_sources(config.rulesFiles), examples);
    }
    return catalog;
}

std::string format_of(const util::ParsedArgs& parsed) {
    std::string format = parsed.value("format").value_or("text");
    if (format != "text" && format != "json") {
        throw util::UsageError("--format: \"" + format + "\" is not valid; expected text or json");
    }
    return format;
}

json::Value or_null(const std::string& s) {
    return s.empty() ? json::Value(nullptr) : json::Value(s);
}

json::Value to_json(const rules::RuleInfo& r) {
    json::Array languages;
    for (const auto& l : r.languages) {
        languages.push_back(l);
    }
    return json::Object{
        {"id", r.id},
        {"lens", or_null(r.lens)},
        {"subLens", or_null(r.subLens)},
        {"severity", r.severity},
        {"blocking", r.blocking},
        {"languages", std::move(languages)},
        {"origin", r.origin},
        {"description", r.description},
        {"fix", r.fix},
        {"example", or_null(r.example)},
    };
}

/// "security/secrets", "gate", or what reports a rule without a lens of its own.
std::string reported_by(const rules::RuleInfo& r) {
    if (r.lens.empty()) {
        return "the lens of the rule its directive names";
    }
    return r.subLens.empty() ? r.lens : r.lens + "/" + r.subLens;
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) {
        out += (out.empty() ? "" : ", ") + w;
    }
    return out;
}

int run_list(const std::vector<std::string>& args) {
    const auto parsed = util::parse_args("qa-skill rules list", kListOptions, args);
    if (parsed.help) {
        std::fputs(util::usage_text("qa-skill rules list [options]", kListOptions).c_str(), stdout);
        return util::kExitPass;
    }
    if (!parsed.positional.empty()) {
        throw util::UsageError("rules list takes no arguments (rules show <rule-id> shows one)");
    }
    const std::string format = format_of(parsed);
    if (parsed.flag("ids")) {
        for (const auto& [id, info] : load_catalog(rules::ReadExamples::no)) {
            std::printf("%s\n", id.c_str());
        }
        return util::kExitPass;
    }
    if (format == "json") {
        json::Array out;
        for (const auto& [id, info] : load_catalog(rules::ReadExamples::yes)) {
            out.push_back(to_json(info));
        }
        std::printf("%s\n", json::canonical(json::Value(std::move(out))).c_str());
        return util::kExitPass;
    }
    const Catalog catalog = load_catalog(rules::ReadExamples::no);
    std::map<std::string, std::size_t> by_origin;
    for (const auto& [id, r] : catalog) {
        const std::string lens = r.lens.empty() ? "(any rule lens)" : reported_by(r);
        std::printf("%-34s %-8s %-6s %-24s %s%s\n", id.c_str(), r.severity.c_str(),
                    r.blocking ? "blocks" : "-", lens.c_str(), r.description.c_str(),
                    r.origin == "built-in" ? "" : (" [" + r.origin + "]").c_str());
        ++by_origin[r.origin];
    }
    std::string summary;
    for (const auto& [origin, count] : by_origin) {
        summary += (summary.empty() ? "" : ", ") + std::to_string(count) +
                   (origin == "built-in" ? " built-in" : " from " + origin);
    }
    std::printf(
        "\n%zu rules: %s. 'qa-skill rules show <rule-id>' shows one with its fix and an "
        "example.\n",
        catalog.size(), summary.c_str());
    return util::kExitPass;
}

int run_show(const std::vector<std::string>& args) {
    const auto parsed = util::parse_args("qa-skill rules show", kShowOptions, args);
    if (parsed.help) {
        std::fputs(
            util::usage_text("qa-skill rules show <rule-id> [options]", kShowOptions).c_str(),
            stdout);
        return util::kExitPass;
    }
    if (parsed.positional.size() != 1) {
        throw util::UsageError("rules show takes one rule id (rules list --ids lists them)");
    }
    const std::string format = format_of(parsed);
    const std::string& id = parsed.positional.front();
    const Catalog catalog = load_catalog(rules::ReadExamples::yes);
    const auto it = catalog.find(id);
    if (it == catalog.end()) {
        std::vector<std::string> ids;
        for (const auto& [known, info] : catalog) {
            ids.push_back(known);
        }
        throw util::UsageError("no rule has the id \"" + id + "\"" + util::did_you_mean(id, ids) +
                               "; 'qa-skill rules list' lists every rule");
    }
    const rules::RuleInfo& r = it->second;
    if (format == "json") {
        std::fputs(json::pretty(to_json(r)).c_str(), stdout);
        return util::kExitPass;
    }
    std::printf("%s\n", r.id.c_str());
    std::printf("  reported by: %s\n", reported_by(r).c_str());
    std::printf("  severity:    %s (%s)\n", r.severity.c_str(),
                r.blocking ? "blocks on its own" : "does not block on its own");
    std::printf("  applies to:  %s\n",
                r.languages.empty() ? "every file" : joined(r.languages).c_str());
    std::printf("  defined in:  %s\n", r.origin.c_str());
    std::printf("  detects:     %s\n", r.description.c_str());
    std::printf("  fix:         %s\n", r.fix.empty() ? "(none given)" : r.fix.c_str());
    std::printf("  example:     %s\n", r.example.empty() ? "(none given)" : r.example.c_str());
    return util::kExitPass;
}

}  // namespace

int run_rules(const std::vector<std::string>& args) {
    return run_subcommand("rules", kUsage, {{"list", run_list}, {"show", run_show}}, args);
}

}  // namespace qa::cli

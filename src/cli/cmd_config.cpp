// `qa-skill config show|check`: the effective configuration and its validation.
#include <cstdio>
#include <filesystem>

#include "cli/commands.hpp"
#include "config/config.hpp"
#include "config/rules_files.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "json/canonical.hpp"
#include "lenses/model/binding_check.hpp"
#include "lenses/own_rules.hpp"
#include "plan/registry.hpp"
#include "rules/catalog.hpp"
#include "util/args.hpp"
#include "util/exit_code.hpp"
#include "util/file.hpp"
#include "verdict/rule_overrides.hpp"

namespace qa::cli {
namespace {

const util::OptionSpec kOptions[] = {
    {"format", "output format of show (json)", "json"},
};

std::filesystem::path repo_root() {
    const git::LibGit2 lib;
    return git::Repository::open(lib, ".", git::GitEnv::from_process()).root();
}

}  // namespace

int run_config(const std::vector<std::string>& args) {
    const auto parsed = util::parse_args("qa-skill config", kOptions, args);
    const std::string usage =
        "qa-skill config show [--format json]   print the effective configuration\n"
        "       qa-skill config check [FILE]         validate .qa-skill.toml (or FILE)";
    if (parsed.help || parsed.positional.empty()) {
        std::fputs(util::usage_text(usage, kOptions).c_str(), parsed.help ? stdout : stderr);
        return parsed.help ? util::kExitPass : util::kExitUsage;
    }
    const auto ids = plan::builtin_registry().lens_ids();
    const std::string& action = parsed.positional[0];
    if (action == "check") {
        if (parsed.positional.size() > 2) {
            throw util::UsageError("config check takes at most one file");
        }
        config::Config config =
            parsed.positional.size() == 2
                ? config::parse_config(
                      util::read_file(parsed.positional[1]),
                      std::filesystem::path(parsed.positional[1]).lexically_normal().string(), ids)
                : config::load_config(repo_root(), ids);
        if (parsed.positional.size() == 2) {
            config::load_rules_files(config, repo_root());
        }
        lenses::check_own_rules(config);
        lenses::model::check_model_bindings(config, plan::builtin_registry());
        if (!config.rules.empty()) {
            auto known = rules::builtin_rule_ids();
            known.merge(lenses::own_rule_ids(config));
            verdict::check_rule_ids(config, known);
        }
        std::printf("%s: valid (configHash %s)\n", config.source.c_str(),
                    config::config_hash(config).c_str());
        return util::kExitPass;
    }
    if (action == "show") {
        const config::Config config = config::load_config(repo_root(), ids);
        const std::string format = parsed.value("format").value_or("json");
        if (format != "json") {
            throw util::UsageError("config show supports --format json only");
        }
        std::printf("%s\n", json::canonical(config::normalized(config)).c_str());
        return util::kExitPass;
    }
    throw util::UsageError("unknown config action \"" + action + "\" (show or check)");
}

}  // namespace qa::cli

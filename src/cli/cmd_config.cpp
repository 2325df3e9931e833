// `qa-skill config show|check`: the effective configuration and its validation.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <span>

#include "artifacts/root.hpp"
#include "cli/commands.hpp"
#include "config/config.hpp"
#include "config/rubric_file.hpp"
#include "config/rules_files.hpp"
#include "git/error.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "json/canonical.hpp"
#include "lenses/own_rules.hpp"
#include "plan/registry.hpp"
#include "prepare/config_checks.hpp"
#include "prepare/run_environment.hpp"
#include "prepare/run_registry.hpp"
#include "util/args.hpp"
#include "util/exit_code.hpp"
#include "util/file.hpp"

namespace qa::cli {
namespace {

const util::OptionSpec kOptions[] = {
    {"format", "output format of show (json)", "json"},
};

/// The working tree root, or nullopt outside a repository.
std::optional<std::filesystem::path> find_repo_root() {
    const git::LibGit2 lib;
    try {
        return git::Repository::open(lib, ".", git::GitEnv::from_process()).root();
    } catch (const git::GitError&) {
        return std::nullopt;
    }
}

std::filesystem::path repo_root() {
    if (auto root = find_repo_root()) {
        return *root;
    }
    throw util::UsageError("not in a git repository");
}

/// `config check` without a file: the repository's .qa-skill.toml; outside a repository, the
/// one in the current folder (a configuration being written for a repository elsewhere).
config::Config config_to_check(std::span<const std::string> ids) {
    if (const auto root = find_repo_root()) {
        return config::load_config(*root, ids);
    }
    const std::filesystem::path here(settings::kConfigFileName);
    std::error_code ec;
    if (!std::filesystem::exists(here, ec)) {
        throw util::UsageError(
            "not in a git repository, and there is no ./.qa-skill.toml to check (name a file: "
            "qa-skill config check FILE)");
    }
    return config::load_config(".", ids);
}

/// `artifact_root` as a run resolves it, inside the repository (when there is one).
void check_artifact_root(const config::Config& config) {
    const git::LibGit2 lib;
    std::optional<git::Repository> repo;
    try {
        repo.emplace(git::Repository::open(lib, ".", git::GitEnv::from_process()));
    } catch (const git::GitError&) {
        return;  // a configuration written for a repository elsewhere
    }
    (void)artifacts::resolve_root(*repo, config.artifactRoot, config.source);
}

}  // namespace

int run_config(const std::vector<std::string>& args) {
    const auto parsed = util::parse_args("qa-skill config", kOptions, args);
    const std::string usage =
        "qa-skill config show [--format json]   print the effective configuration\n"
        "       qa-skill config check [FILE]         validate .qa-skill.toml (or FILE)\n"
        "       qa-skill config lenses               print the lens ids (what --lens takes)";
    if (parsed.help || parsed.positional.empty()) {
        std::fputs(util::usage_text(usage, kOptions).c_str(), parsed.help ? stdout : stderr);
        return parsed.help ? util::kExitPass : util::kExitUsage;
    }
    // The built-in lenses, read once for the command.
    const plan::Registry builtin = plan::read_builtin_registry();
    const auto ids = builtin.lens_ids();
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
                : config_to_check(ids);
        if (parsed.positional.size() == 2) {
            // Rules files are relative to the repository, or to the current folder outside one.
            config::load_rules_files(config, find_repo_root().value_or("."));
        }
        // Its own rules compile, and their examples match as they say (a check of its own).
        lenses::check_own_rules(config.rulesFiles, builtin);
        const auto security = config.lenses.find("security");
        const auto own_notes =
            lenses::own_rules_notes(config.rulesFiles, config.exclude,
                                    security == config.lenses.end() ? std::vector<std::string>{}
                                                                    : security->second.exclude);
        // The frozen rubric as the working tree holds it: named, present, frozen, untouched.
        config::load_rubric_file(config, find_repo_root().value_or("."));
        // The checks every run makes, with the same messages: valid here, valid for the hook.
        const auto notes =
            prepare::check_config(config, builtin, prepare::read_keys(config.providers));
        check_artifact_root(config);
        std::printf("%s: valid (configHash %s)\n", config.source.c_str(),
                    config::config_hash(config).c_str());
        for (const auto& note : notes) {
            std::printf("note: %s\n", note.c_str());
        }
        for (const auto& note : own_notes) {
            std::printf("note: %s\n", note.c_str());
        }
        return util::kExitPass;
    }
    if (action == "lenses") {
        // The built-in lenses and the repository's external ones, as `run --lens` knows them.
        const auto root = find_repo_root();
        const auto lens_ids =
            root ? prepare::run_registry(builtin, config::load_config(*root, ids)).lens_ids() : ids;
        for (const auto& id : lens_ids) {
            std::printf("%s\n", id.c_str());
        }
        return util::kExitPass;
    }
    if (action == "show") {
        const config::Config config = config::load_config(repo_root(), ids);
        const std::string format = parsed.value("format").value_or("json");
        if (format != "json") {
            throw util::UsageError("config show supports --format json only");
        }
        json::Value shown = config::normalized(config);
        // The team stores this machine uses: the repository's with the user's file laid over.
        shown.as_object().emplace_back("cache",
                                       config::cache_json(config::with_user_cache(config.cache)));
        std::printf("%s\n", json::canonical(shown).c_str());
        return util::kExitPass;
    }
    throw util::UsageError("unknown config action \"" + action + "\" (show, check or lenses)");
}

}  // namespace qa::cli

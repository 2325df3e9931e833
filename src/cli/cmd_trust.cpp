// `qa-skill trust`: consent, recorded outside the repository, to let its configuration execute.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "config/config.hpp"
#include "config/execution_hash.hpp"
#include "exec/trust.hpp"
#include "git/error.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "plan/registry.hpp"
#include "util/args.hpp"
#include "util/exit_code.hpp"

namespace qa::cli {
namespace {

namespace fs = std::filesystem;

const util::OptionSpec kOptions[] = {
    {"check", "only tell whether the configuration is trusted (exit 0) or not (exit 1)", ""},
    {"dir", "the repository or project directory (default: the current directory)", "DIR"},
};

/// The repository containing `dir`, or `dir` itself when it is not in one.
fs::path project_root(const fs::path& dir) {
    const git::LibGit2 lib;
    try {
        return fs::weakly_canonical(git::Repository::open(lib, dir, git::GitEnv::none()).root());
    } catch (const git::GitError&) {
        return fs::weakly_canonical(dir);
    }
}

}  // namespace

int run_trust(const std::vector<std::string>& args) {
    const auto parsed = util::parse_args("qa-skill trust", kOptions, args);
    if (parsed.help) {
        std::fputs(util::usage_text("qa-skill trust [--check] [--dir DIR]", kOptions).c_str(),
                   stdout);
        return util::kExitPass;
    }
    if (!parsed.positional.empty()) {
        throw util::UsageError("trust takes no arguments (use --dir DIR)");
    }
    const fs::path root = project_root(parsed.value("dir").value_or("."));
    const auto config = config::load_config(root, plan::read_builtin_registry().lens_ids());
    const std::string hash = config::execution_config_hash(config);
    const auto env = exec::TrustEnv::from_process();
    const fs::path store = exec::trust_store_path(env);
    if (parsed.flag("check")) {
        const auto recorded = exec::trusted_hash(store, root);
        if (recorded == hash) {
            std::printf("%s: trusted (execution config %s)\n", root.c_str(), hash.c_str());
            return util::kExitPass;
        }
        std::printf("%s: %s; review %s and run 'qa-skill trust' there\n", root.c_str(),
                    recorded ? "changed since it was trusted" : "not trusted",
                    config.source.c_str());
        return util::kExitFail;
    }
    exec::record_trust(store, root, hash);
    std::printf("%s: trusted (execution config %s from %s), recorded in %s\n", root.c_str(),
                hash.c_str(), config.source.c_str(), store.c_str());
    return util::kExitPass;
}

}  // namespace qa::cli

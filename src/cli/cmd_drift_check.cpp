// `qa-skill drift-check`: replays stored runs from their normalized input and compares every
// hashed artifact byte for byte (seed 002, determinism plan 12).
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "baseline/baseline.hpp"
#include "cli/commands.hpp"
#include "config/config.hpp"
#include "orchestrator/replay.hpp"
#include "util/args.hpp"
#include "util/error.hpp"
#include "util/exit_code.hpp"

namespace qa::cli {
namespace {

namespace fs = std::filesystem;

const util::OptionSpec kOptions[] = {
    {"all", "replay every stored run of this repository", ""},
    {"allow-provider-calls",
     "ask the provider for an answer the cache lacks (default: such a run is not replayable "
     "offline, exit 2)",
     ""},
    {"jobs", "worker threads (default: max_concurrency of the stored configuration)", "N"},
};

bool is_key(const std::string& name) {
    return name.size() == 64 && name.find_first_not_of("0123456789abcdef") == std::string::npos;
}

/// Replays one run and prints one line (or a few for a drift); returns its exit code.
int check_one(const prepare::RunRequest& request, const fs::path& dir, bool allow_calls,
              const orchestrator::RunControl& control) {
    const std::string key = dir.filename().string();
    try {
        const auto replayed = orchestrator::replay(request, dir, allow_calls, control);
        if (!replayed.difference) {
            std::printf("%s: no drift (the replay wrote the same bytes)\n", key.c_str());
            return util::kExitPass;
        }
        const auto& d = *replayed.difference;
        std::printf(
            "DETERMINISM_DRIFT_DETECTED: %s: %s differs at \"%s\"\n  stored:   %s\n  replayed: "
            "%s\n",
            key.c_str(), d.file.c_str(), d.pointer.c_str(), d.stored.c_str(), d.replayed.c_str());
        return util::kExitFail;
    } catch (const prepare::NotReplayable& e) {
        std::printf("%s: not replayable offline: %s\n", key.c_str(), e.what());
        return util::kExitUsage;
    } catch (const settings::ConfigError& e) {
        // The stored configuration or rubric no longer loads (a frozen rubric edited by hand):
        // this run cannot be replayed, and --all goes on with the others.
        std::printf("%s: not replayable offline: %s\n", key.c_str(), e.what());
        return util::kExitUsage;
    } catch (const baseline::BaselineError& e) {
        std::printf("%s: not replayable offline: %s\n", key.c_str(), e.what());
        return util::kExitUsage;
    }
}

}  // namespace

int run_drift_check(const std::vector<std::string>& args, const orchestrator::RunControl& control) {
    const auto parsed = util::parse_args("qa-skill drift-check", kOptions, args);
    const std::string usage = "qa-skill drift-check <executionKey> | --all";
    if (parsed.help) {
        std::fputs(util::usage_text(usage, kOptions).c_str(), stdout);
        return util::kExitPass;
    }
    const bool all = parsed.flag("all");
    if (all == !parsed.positional.empty() || parsed.positional.size() > 1) {
        throw util::UsageError("name one executionKey, or --all");
    }
    prepare::RunRequest request;
    request.gitEnv = git::GitEnv::from_process();
    request.jobsOverride = parsed.positive_count("jobs");
    request.writeArtifacts = false;
    request.execution = prepare::ExecutionEnv::from_process();
    const bool allow_calls = parsed.flag("allow-provider-calls");
    const fs::path runs = orchestrator::runs_folder(request);
    std::vector<fs::path> dirs;
    if (all) {
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(runs, ec)) {
            if (is_key(entry.path().filename().string()) && entry.is_directory(ec)) {
                dirs.push_back(entry.path());
            }
        }
        std::sort(dirs.begin(), dirs.end());
        if (dirs.empty()) {
            std::printf("no stored runs under %s\n", runs.string().c_str());
            return util::kExitPass;
        }
    } else {
        const std::string& key = parsed.positional.front();
        if (!is_key(key)) {
            throw util::UsageError("\"" + key + "\" is not an executionKey (64 hex digits)");
        }
        if (!fs::is_directory(runs / key)) {
            throw util::InputError("no run " + key + " under " + runs.string());
        }
        dirs.push_back(runs / key);
    }
    bool drift = false;
    bool unreplayable = false;
    for (const auto& dir : dirs) {
        const int code = check_one(request, dir, allow_calls, control);
        drift |= code == util::kExitFail;
        unreplayable |= code == util::kExitUsage;
    }
    return drift ? util::kExitFail : unreplayable ? util::kExitUsage : util::kExitPass;
}

}  // namespace qa::cli

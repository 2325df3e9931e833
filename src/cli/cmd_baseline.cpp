// `qa-skill baseline create|check`: accepted findings, keyed by content fingerprint, committed
// with the code (see src/baseline/).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "baseline/baseline.hpp"
#include "baseline/compare.hpp"
#include "baseline/load.hpp"
#include "cli/commands.hpp"
#include "config/config.hpp"
#include "config/repo_file.hpp"
#include "contracts/enums.hpp"
#include "git/error.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "orchestrator/run.hpp"
#include "orchestrator/whole_scan.hpp"
#include "plan/registry.hpp"
#include "util/args.hpp"
#include "util/atomic_file.hpp"
#include "util/exit_code.hpp"

namespace qa::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kUsage =
    "usage: qa-skill baseline create [--output FILE] [--jobs N]\n"
    "       qa-skill baseline check [--baseline FILE] [--jobs N]\n"
    "\n"
    "create  scan every tracked file (as 'qa-skill run --all-files') and write the fingerprint\n"
    "        of every finding to FILE (default: `baseline` of the config at the repository\n"
    "        root, .qa-skill-baseline.json). Commit it: runs read it from the tree under test,\n"
    "        and its findings no longer block. Exit 1, writing nothing, when the scan was\n"
    "        incomplete.\n"
    "check   scan every tracked file and compare with FILE: entries no finding matches any\n"
    "        more (stale) and findings without an entry (new). Exit 0 when there are neither,\n"
    "        1 otherwise, 2 when FILE is missing or malformed.\n";

const util::OptionSpec kCreateOptions[] = {
    {"output", "where to write (default: the config's baseline at the repository root)", "FILE"},
    {"jobs", "worker threads (default: max_concurrency of the config)", "N"},
};

const util::OptionSpec kCheckOptions[] = {
    {"baseline", "the baseline to check (default: the config's baseline at the repository root)",
     "FILE"},
    {"jobs", "worker threads (default: max_concurrency of the config)", "N"},
};

/// Runs every tracked file as added. What the scan found and whether it was complete is the
/// library's to say (orchestrator::whole_scan_of); the caller keeps the report for as long as
/// it reads it.
orchestrator::RunReport scan_all_files(const util::ParsedArgs& args,
                                       const orchestrator::RunControl& control) {
    prepare::RunRequest request;
    request.gitEnv = git::GitEnv::from_process();
    request.kind = prepare::ChangeKind::all_files;
    request.writeArtifacts = false;  // a report on the baseline, not a gate decision
    request.jobsOverride = args.positive_count("jobs");
    // Execution lenses scan like the others (trusted configuration, sandbox), else the scan is
    // incomplete and no baseline can be written while one is enabled.
    request.execution = prepare::ExecutionEnv::from_process();
    return orchestrator::run(request, control);
}

/// The working tree root and the configured baseline path there.
fs::path configured_baseline() {
    const git::LibGit2 lib;
    fs::path root;
    try {
        root = git::Repository::open(lib, ".", git::GitEnv::from_process()).root();
    } catch (const git::GitError& e) {
        throw util::UsageError(std::string("not in a git repository: ") + e.what());
    }
    const auto config = config::load_config(root, plan::read_builtin_registry().lens_ids());
    // A committed symbolic link on the way (`cfg -> $HOME`) must never make `create` write, or
    // `check` read, a file outside the repository.
    return config::resolve_repo_file(root, config.baseline, {config.source, 0, 0, "baseline"});
}

/// Every run's exact hashes of masked secrets (in memory only).
baseline::ExactKeys exact_keys_of(const orchestrator::RunReport& report) {
    baseline::ExactKeys keys;
    for (const auto& run : report.runs) {
        keys.insert(run.exactKeys.begin(), run.exactKeys.end());
    }
    return keys;
}

/// The keying of the file `output` when it has one (a refresh keeps its salt, so the same
/// findings give the same bytes), else a new one with the repository's salt.
baseline::Keying keying_for(const fs::path& output, const orchestrator::RunReport& report) {
    std::error_code ec;
    if (fs::exists(output, ec)) {
        try {
            const baseline::Baseline existing = baseline::load_file(output);
            if (existing.keying()) {
                return *existing.keying();
            }
        } catch (const baseline::BaselineError&) {
            // A malformed file is replaced whole.
        }
    }
    const std::string repo_id = report.runs.empty() ? "" : report.runs.front().input.repoId;
    return baseline::Keying{baseline::salt_for(repo_id), baseline::kDefaultIterations};
}

std::string plural(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

int run_create(const std::vector<std::string>& args, const orchestrator::RunControl& control) {
    const auto parsed = util::parse_args("qa-skill baseline create", kCreateOptions, args);
    if (parsed.help) {
        std::fputs(
            util::usage_text("qa-skill baseline create [--output FILE]", kCreateOptions).c_str(),
            stdout);
        return util::kExitPass;
    }
    if (!parsed.positional.empty()) {
        throw util::UsageError("unexpected argument \"" + parsed.positional[0] + "\"");
    }
    const fs::path output =
        parsed.value("output") ? fs::path(*parsed.value("output")) : configured_baseline();
    const auto report = scan_all_files(parsed, control);
    const auto scan = orchestrator::whole_scan_of(report);
    if (!scan.complete()) {
        // A baseline from a partial scan would make the missing findings look fixed later.
        std::fprintf(stderr, "qa-skill: baseline not written: the scan was incomplete\n");
        for (const auto& why : scan.incomplete) {
            std::fprintf(stderr, "  %s\n", why.c_str());
        }
        return util::kExitFail;
    }
    const auto baseline = baseline::Baseline::from_findings(scan.findings, exact_keys_of(report),
                                                            keying_for(output, report));
    std::error_code ec;
    fs::create_directories(output.parent_path(), ec);  // checked for links: a folder of its own
    util::write_file_atomic(output, baseline.render());
    std::printf("qa-skill: baseline %s: %s from %s; commit it to accept them\n",
                output.string().c_str(),
                plural(baseline.entries().size(), "entry", "entries").c_str(),
                plural(scan.findings.size(), "finding", "findings").c_str());
    return util::kExitPass;
}

int run_check(const std::vector<std::string>& args, const orchestrator::RunControl& control) {
    const auto parsed = util::parse_args("qa-skill baseline check", kCheckOptions, args);
    if (parsed.help) {
        std::fputs(
            util::usage_text("qa-skill baseline check [--baseline FILE]", kCheckOptions).c_str(),
            stdout);
        return util::kExitPass;
    }
    if (!parsed.positional.empty()) {
        throw util::UsageError("unexpected argument \"" + parsed.positional[0] + "\"");
    }
    const fs::path file =
        parsed.value("baseline") ? fs::path(*parsed.value("baseline")) : configured_baseline();
    // The file as it is on disk: the one being reviewed or edited (runs read the committed one).
    const auto baseline = baseline::load_file(file);
    const auto report = scan_all_files(parsed, control);
    const auto scan = orchestrator::whole_scan_of(report);
    const auto c = baseline::compare(baseline, scan.findings, exact_keys_of(report));

    std::printf("qa-skill: baseline check %s: %s, %s matched, %s, %s\n", file.string().c_str(),
                plural(baseline.entries().size(), "entry", "entries").c_str(),
                plural(c.matchedFindings, "finding", "findings").c_str(),
                plural(c.stale.size(), "stale entry", "stale entries").c_str(),
                plural(c.unbaselined.size(), "new finding", "new findings").c_str());
    for (const auto& e : c.stale) {
        std::printf("  stale  %s  %s  %s  %s\n", e.path.c_str(), e.ruleId.c_str(),
                    e.fingerprint.substr(0, 12).c_str(), e.note.value_or("").c_str());
    }
    for (const auto& f : c.unbaselined) {
        std::printf("  new    %s:%lld  %s/%s  %s  %s\n", f.file.c_str(),
                    static_cast<long long>(f.startLine), f.lensId.c_str(), f.ruleId.c_str(),
                    std::string(contracts::to_string(f.severity)).c_str(), f.summary.c_str());
    }
    for (const auto& why : scan.incomplete) {
        std::printf("  incomplete scan: %s\n", why.c_str());
    }
    if (!baseline.keying()) {
        std::printf(
            "  this file predates salted fingerprints: an entry for a short or guessable secret "
            "accepts nothing until 'qa-skill baseline create' writes it again\n");
    }
    const bool clean = c.stale.empty() && c.unbaselined.empty() && scan.complete();
    if (!clean) {
        std::printf(
            "qa-skill: fix new findings or accept them, and drop stale entries, with "
            "'qa-skill baseline create'\n");
    }
    return clean ? util::kExitPass : util::kExitFail;
}

}  // namespace

int run_baseline(const std::vector<std::string>& args, const orchestrator::RunControl& control) {
    return run_subcommand("baseline", kUsage,
                          {{"create", [&](const auto& a) { return run_create(a, control); }},
                           {"check", [&](const auto& a) { return run_check(a, control); }}},
                          args);
}

}  // namespace qa::cli

// `qa-skill run` (CI) and `qa-skill plan`: the orchestrator on a range, the staged changes or
// every tracked file.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <string>

#include "cli/commands.hpp"
#include "contracts/enums.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/schema_validator.hpp"
#include "orchestrator/run.hpp"
#include "prepare/skip.hpp"
#include "report/output_options.hpp"
#include "report/progress.hpp"
#include "report/report.hpp"
#include "util/args.hpp"
#include "util/exit_code.hpp"
#include "util/file.hpp"

namespace qa::cli {
namespace {

const util::OptionSpec kRunOwnOptions[] = {
    {"base",
     "base revision (default: base_ref of the config, then origin/HEAD, origin/main, "
     "origin/master)",
     "REV"},
    {"head", "head revision (default: HEAD)", "REV"},
    {"staged", "check the staged changes instead of a range", ""},
    {"all-files", "check every tracked file, as if all were added", ""},
    {"format", "output format", "text|json|sarif"},
    {"run-mode", "override run_mode of the config", "strict|best_effort"},
    {"jobs", "worker threads (default: max_concurrency of the config)", "N"},
    {"no-artifacts", "do not write .qa-skill/runs/<executionKey>/", ""},
    {"config",
     "use FILE instead of the .qa-skill.toml of the tree under test (its hash is the run's "
     "configHash)",
     "FILE"},
    {"trust",
     "let this run execute the configuration's commands without 'qa-skill trust' (CI; as "
     "QA_SKILL_TRUST=1)",
     ""},
    {"lens", "run only these lenses (requestedLensIds)", "ID[,ID...]"},
    {"input",
     "run the normalized SkillInput of FILE (skill-input.v1): its refs, run mode and lenses; "
     "its repoId and configHash must be this repository's and its configuration's",
     "FILE"},
    {"verify-determinism",
     "replay the run from its stored input right after it and compare every hashed artifact "
     "(DETERMINISM_DRIFT_DETECTED on a difference)",
     ""},
};

/// run's own options, then the output options it shares with the hook.
std::vector<util::OptionSpec> run_options() {
    std::vector<util::OptionSpec> out(std::begin(kRunOwnOptions), std::end(kRunOwnOptions));
    out.insert(out.end(), report::kOutputOptions.begin(), report::kOutputOptions.end());
    return out;
}

const util::OptionSpec kPlanOptions[] = {
    {"base", "base revision (as for run)", "REV"},
    {"head", "head revision (default: HEAD)", "REV"},
    {"all-files", "plan every tracked file, as if all were added", ""},
    {"format", "output format", "text|json"},
    {"lens", "plan only these lenses (requestedLensIds)", "ID[,ID...]"},
};

/// `--lens a,b`: the requested lens ids.
std::optional<std::vector<std::string>> lens_ids(const util::ParsedArgs& args) {
    const auto value = args.value("lens");
    if (!value) {
        return std::nullopt;
    }
    std::vector<std::string> ids;
    std::size_t start = 0;
    while (start <= value->size()) {
        const std::size_t comma = value->find(',', start);
        const std::string id = value->substr(start, comma - start);
        if (id.empty()) {
            throw util::UsageError("--lens: an empty lens id in \"" + *value + "\"");
        }
        ids.push_back(id);
        if (comma == std::string::npos) {
            break;
        }
        start = comma + 1;
    }
    return ids;
}

/// `--input FILE`: the SkillInput, checked against skill-input.v1 (exit 2 naming the file and
/// the first JSON pointer at fault), turned into what the run checks: a range from baseRef to
/// headRef, the staged changes for headRef "index" with baseRef "HEAD", every file for
/// headRef "index" without a baseRef.
void apply_input(const std::string& file, prepare::RunRequest& request) {
    std::string text;
    try {
        text = util::read_file(file);
    } catch (const util::IoError& e) {
        throw util::InputError(std::string("--input: ") + e.what());
    }
    const auto errors = json::SchemaValidator::embedded("skill-input.v1").validate(text);
    if (!errors.empty()) {
        throw util::InputError(file + ": " + errors.front().pointer + ": " +
                               errors.front().message);
    }
    contracts::SkillInput input;
    try {
        input = contracts::parse_skill_input(text);
    } catch (const json::Error& e) {
        throw util::InputError(file + ": " + e.what());
    }
    if (input.headRef == "index") {
        request.kind = input.baseRef ? prepare::ChangeKind::staged : prepare::ChangeKind::all_files;
    } else {
        request.kind = prepare::ChangeKind::range;
        request.base = input.baseRef;
        request.head = input.headRef;
    }
    request.runModeOverride = input.runMode;
    request.lensIds = input.requestedLensIds;
    request.input = std::move(input);
    request.inputFile = file;
}

prepare::RunRequest request_from(const util::ParsedArgs& args) {
    prepare::RunRequest request;
    request.gitEnv = git::GitEnv::from_process();
    if (const auto file = args.value("input")) {
        for (const char* other : {"all-files", "staged", "base", "head", "run-mode", "lens"}) {
            if (args.flag(other) || args.value(other)) {
                throw util::UsageError(std::string("--input names the change, run mode and "
                                                   "lenses: drop --") +
                                       other);
            }
        }
        apply_input(*file, request);
    }
    const bool all = args.flag("all-files");
    const bool staged = args.flag("staged");
    const bool range = args.value("base") || args.value("head");
    if (all + staged + range > 1) {
        throw util::UsageError("choose one of --base/--head, --staged and --all-files");
    }
    if (request.input) {
        // set by apply_input
    } else if (all) {
        request.kind = prepare::ChangeKind::all_files;
    } else if (staged) {
        request.kind = prepare::ChangeKind::staged;
    } else {
        request.kind = prepare::ChangeKind::range;
        request.base = args.value("base");
        request.head = args.value("head");
    }
    if (const auto file = args.value("config")) {
        request.configFile = *file;
    }
    if (const auto mode = args.value("run-mode")) {
        request.runModeOverride = contracts::enum_from_string<contracts::RunMode>(*mode);
        if (!request.runModeOverride) {
            throw util::UsageError("--run-mode: \"" + *mode +
                                   "\" is not valid; expected \"strict\" or \"best_effort\"");
        }
    }
    if (!request.input) {
        request.lensIds = lens_ids(args);
    }
    request.jobsOverride = args.positive_count("jobs");
    request.writeArtifacts = !args.flag("no-artifacts");
    request.verifyDeterminism = args.flag("verify-determinism");
    if (request.verifyDeterminism && !request.writeArtifacts) {
        throw util::UsageError("--verify-determinism replays the stored run: drop --no-artifacts");
    }
    request.execution = prepare::ExecutionEnv::from_process();
    request.skipLensIds = prepare::parse_skip(std::getenv(prepare::kSkipVariable.data()));
    if (args.flag("trust")) {
        request.execution->trust.trustOverride = "1";
    }
    return request;
}

std::string format_of(const util::ParsedArgs& args, std::initializer_list<const char*> allowed) {
    std::string format = args.value("format").value_or("text");
    for (const char* a : allowed) {
        if (format == a) {
            return format;
        }
    }
    throw util::UsageError("unsupported --format \"" + format + "\"");
}

}  // namespace

int run_run(const std::vector<std::string>& args, const orchestrator::RunControl& control) {
    const auto options = run_options();
    const auto parsed = util::parse_args("qa-skill run", options, args);
    const std::string usage =
        "qa-skill run [--base REV] [--head REV] | --staged | --all-files | --input FILE";
    if (parsed.help) {
        std::fputs(util::usage_text(usage, options).c_str(), stdout);
        return util::kExitPass;
    }
    if (!parsed.positional.empty()) {
        throw util::UsageError("unexpected argument \"" + parsed.positional[0] + "\"");
    }
    const std::string format = format_of(parsed, {"text", "json", "sarif"});
    const auto style = report::style_from(parsed, STDOUT_FILENO, "");
    const auto request = request_from(parsed);
    orchestrator::RunControl logged = control;
    logged.log = report::log_from(parsed);
    const auto report = [&] {
        const report::Progress progress(
            "changes", style.verbosity != report::Verbosity::quiet && report::Progress::wanted());
        return orchestrator::run(request, logged);
    }();
    report::print_report(report, format, style, stdout);
    return report.passed() ? util::kExitPass : util::kExitFail;
}

int run_plan(const std::vector<std::string>& args) {
    const auto parsed = util::parse_args("qa-skill plan", kPlanOptions, args);
    const std::string usage = "qa-skill plan [--base REV --head REV | --all-files]";
    if (parsed.help) {
        std::fputs(util::usage_text(usage, kPlanOptions).c_str(), stdout);
        return util::kExitPass;
    }
    if (!parsed.positional.empty()) {
        throw util::UsageError("unexpected argument \"" + parsed.positional[0] + "\"");
    }
    const std::string format = format_of(parsed, {"text", "json"});
    auto request = request_from(parsed);
    // Without --base/--head/--all-files, plan what a commit would check.
    if (request.kind == prepare::ChangeKind::range && !request.base && !request.head) {
        request.kind = prepare::ChangeKind::staged;
    }
    const auto report = orchestrator::plan_only(request);
    if (format == "json") {
        json::Array plans;
        for (const auto& run : report.runs) {
            for (const auto& plan : run.result.lensPlans) {
                plans.push_back(contracts::to_json(plan));
            }
        }
        std::fputs((json::canonical(json::Value(std::move(plans))) + "\n").c_str(), stdout);
    } else {
        std::fputs(report::plan_table(report).c_str(), stdout);
    }
    return util::kExitPass;
}

}  // namespace qa::cli

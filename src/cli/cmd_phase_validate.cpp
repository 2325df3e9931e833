// `qa-skill phase-validate`: seed 004's phase validation, the project's formatter, linter, build
// and tests run in the sandbox on a copy of the working directory, plus the rule lenses' review.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "config/config.hpp"
#include "config/execution_hash.hpp"
#include "contracts/enums.hpp"
#include "exec/exec_error.hpp"
#include "exec/phase_validate.hpp"
#include "exec/runner.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "git/worktree_snapshot.hpp"
#include "input/lens_kind.hpp"
#include "lenses/api/services.hpp"
#include "orchestrator/run.hpp"
#include "plan/registry.hpp"
#include "util/args.hpp"
#include "util/atomic_file.hpp"
#include "util/error.hpp"
#include "util/exit_code.hpp"
#include "util/file.hpp"
#include "util/stdin_text.hpp"

namespace qa::cli {
namespace {

/// The most `--input -` reads from stdin.
constexpr std::size_t kMaxStdinInput = 64 * 1024 * 1024;

namespace fs = std::filesystem;
using contracts::Severity;

const util::OptionSpec kOptions[] = {
    {"input", "the PhaseValidationAgentInput JSON file, or - for stdin (default -)", "FILE|-"},
    {"profile", "the permission profile to run under (default: default_permission_profile)",
     "exec_sandboxed|exec_sandboxed_network_off"},
    {"trust", "trust the project's configuration for this run (CI; as QA_SKILL_TRUST=1)", ""},
    {"audit", "write the execution audit (execution-audit.v1) to FILE", "FILE"},
};

int rank(Severity s) {
    switch (s) {
        case Severity::critical:
            return 4;
        case Severity::high:
            return 3;
        case Severity::medium:
            return 2;
        case Severity::low:
            return 1;
        case Severity::info:
            return 0;
    }
    return 0;
}

/// The rule lenses' findings on the changed files of the working directory: security to
/// security_review, the others to code_review. Only blocking findings fail a review, as they fail
/// the gate.
exec::PhaseReviews rule_lens_reviews(const exec::PhaseInput& input, const fs::path& root,
                                     bool is_git) {
    exec::PhaseReviews out;
    const auto start = std::chrono::steady_clock::now();
    if (!is_git) {
        for (auto* r : {&out.codeReview, &out.securityReview}) {
            r->status = "fail";
            r->findings.push_back(
                "working_directory is not in a git repository; the review "
                "lenses read files from one");
        }
        return out;
    }
    const fs::path wd = fs::weakly_canonical(input.workingDirectory);
    const fs::path rel = fs::relative(wd, root);
    std::set<std::string> changed;
    for (const auto& f : input.changedFiles) {
        changed.insert(rel == "." ? f : (rel / f).generic_string());
    }
    prepare::RunRequest request;
    request.startDir = root;
    request.kind = prepare::ChangeKind::all_files;
    request.writeArtifacts = false;
    // The reviews are the rule lenses': the execution lenses are what phase-validate itself
    // runs above (the phase lens would run the same checks again, in the index), and a model
    // or external lens is no review of the working directory.
    request.lensIds.emplace();
    for (const auto& lens : plan::read_builtin_registry().lenses) {
        if (lens.kind == input::LensKind::rule) {
            request.lensIds->push_back(lens.lensId);
        }
    }
    orchestrator::RunReport report;
    try {
        // Seed 004 judges the working directory: its changed files (untracked ones too) and its
        // configuration, as the checks above read them, through an index of their own; the
        // repository's index and objects are left as they are.
        std::vector<std::string> paths(changed.begin(), changed.end());
        paths.emplace_back(".qa-skill.toml");
        const git::LibGit2 lib;
        const auto repo = git::Repository::open(lib, root, git::GitEnv::none());
        const auto snapshot = git::WorktreeSnapshot::take(repo, paths);
        request.gitEnv = snapshot.env(git::GitEnv::none());
        report = orchestrator::run(request);
    } catch (const std::exception& e) {
        // The reviews could not run: they fail, and say why; the output is still seed 004's.
        for (auto* r : {&out.codeReview, &out.securityReview}) {
            r->status = "fail";
            r->findings.push_back(std::string("the review lenses could not run: ") + e.what());
        }
        return out;
    }
    int code_rank = -1, security_rank = -1;
    for (const auto& run : report.runs) {
        for (const auto& result : run.result.lensResults) {
            const bool security = result.lensId == "security";
            auto& check = security ? out.securityReview : out.codeReview;
            int& max_rank = security ? security_rank : code_rank;
            if (result.status == contracts::LensStatus::failed) {
                check.status = "fail";
                check.findings.push_back("lens " + result.lensId + " failed to run");
            }
            for (const auto& f : result.findings) {
                if (!f.blocking || !changed.contains(f.file)) {
                    continue;
                }
                check.status = "fail";
                check.findings.push_back(f.ruleId + " in " + f.file + ":" +
                                         std::to_string(f.startLine) + " - " + f.summary);
                max_rank = std::max(max_rank, rank(f.severity));
                out.criticalSecurityIssue |= security && f.severity == Severity::critical;
            }
        }
    }
    static const char* const kNames[] = {"low", "low", "medium", "high", "critical"};
    out.securityReview.severity = security_rank < 0 ? "none" : kNames[security_rank];
    // code_review has no "critical": its top is "high".
    out.codeReview.severity = code_rank < 0 ? "none" : kNames[std::min(code_rank, 3)];
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start)
                        .count();
    out.codeReview.executionTimeMs = ms;
    out.securityReview.executionTimeMs = 0;  // one shared scan, counted once
    return out;
}

int print(const exec::PhaseOutput& output, int code) {
    std::fputs(exec::pretty_json(exec::to_json(output)).c_str(), stdout);
    return code;
}

}  // namespace

int run_phase_validate(const std::vector<std::string>& args,
                       const orchestrator::RunControl& control) {
    const auto parsed = util::parse_args("qa-skill phase-validate", kOptions, args);
    if (parsed.help) {
        std::fputs(util::usage_text("qa-skill phase-validate [--input FILE|-] [--profile ID] "
                                    "[--trust] [--audit FILE]",
                                    kOptions)
                       .c_str(),
                   stdout);
        std::fputs(
            "\nPrints PhaseValidationAgentOutput JSON. Exit 0 pass, 1 fail, 2 invalid "
            "input, configuration or an execution refused (EXECUTION_DENIED, "
            "EXECUTION_POLICY_VIOLATION).\n"
            "\nThe input: working_directory and changed_files are required; language,\n"
            "format_command, lint_command, build_command, test_command, max_retries (0-10),\n"
            "skip_build and skip_tests are optional. For example:\n"
            "  echo '{\"working_directory\": \".\", \"changed_files\": [\"app.py\"],\n"
            "         \"test_command\": \"python3 -m pytest -q\"}' | qa-skill phase-validate\n",
            stdout);
        return util::kExitPass;
    }
    if (!parsed.positional.empty()) {
        throw util::UsageError("phase-validate takes no arguments (use --input FILE)");
    }
    const std::string source = parsed.value("input").value_or("-");
    std::string text;
    if (source == "-") {
        // One JSON document: far below this; more is not that input (and unbounded memory).
        text = util::read_stdin(kMaxStdinInput, "a PhaseValidationAgentInput document");
    } else {
        text = util::read_file(source);
    }
    exec::PhaseEnv env;
    env.settings = [](const std::filesystem::path& root) {
        const auto config = config::load_config(root, plan::read_builtin_registry().lens_ids());
        return exec::PhaseSettings{config::execution_config_hash(config),
                                   config.defaultPermissionProfile, config.permissionProfiles,
                                   config.allowExecutionLensClasses};
    };
    env.trust = exec::TrustEnv::from_process();
    if (parsed.flag("trust")) {
        env.trust.trustOverride = "1";
    }
    env.runner = exec::RunnerEnv::from_process();
    if (const auto profile = parsed.value("profile")) {
        env.profileOverride = contracts::enum_from_string<contracts::PermissionProfileId>(*profile);
        if (!env.profileOverride) {
            throw util::UsageError("--profile: unknown permission profile '" + *profile + "'");
        }
    }
    env.reviews = rule_lens_reviews;
    const lenses::api::ProcessRunner commands(control.children);
    env.commands = &commands;
    env.cancel = control.cancel;
    exec::PhaseInput input;
    try {
        input = exec::parse_phase_input(text);
    } catch (const exec::PhaseInputError& e) {
        // Once, on stderr, with where the input came from; stdout keeps seed 004's example 4.
        std::fprintf(stderr,
                     "qa-skill: phase-validate: %s: %s (an example input: qa-skill "
                     "phase-validate --help)\n",
                     source == "-" ? "standard input" : source.c_str(), e.what());
        return print(exec::invalid_input_output(e.what()), util::kExitUsage);
    }
    try {
        const auto run = exec::run_phase_validation(input, env);
        if (control.cancel.cancelled()) {
            throw util::Interrupted();  // a signal killed the checks: their outcome says nothing
        }
        for (const auto& note : run.notes) {
            std::fprintf(stderr, "qa-skill: phase-validate: %s\n", note.c_str());
        }
        if (const auto audit = parsed.value("audit")) {
            util::write_file_atomic(*audit, exec::audit_json(run.audit) + "\n");
        }
        return print(run.output, run.output.status == "pass" ? util::kExitPass : util::kExitFail);
    } catch (const exec::ExecError& e) {
        const std::string message = std::string(contracts::to_string(e.code())) + ": " + e.what();
        std::fprintf(stderr, "qa-skill: phase-validate: %s\n", message.c_str());
        return print(exec::invalid_input_output(message), util::kExitUsage);
    } catch (const settings::ConfigError& e) {
        const std::string message = std::string("config error: ") + e.what();
        std::fprintf(stderr, "qa-skill: phase-validate: %s\n", message.c_str());
        return print(exec::invalid_input_output(message), util::kExitUsage);
    } catch (const util::IoError& e) {
        std::fprintf(stderr, "qa-skill: phase-validate: %s\n", e.what());
        return print(exec::invalid_input_output(e.what()), util::kExitUsage);
    }
}

}  // namespace qa::cli

// `qa-skill`: the command-line interface over the orchestrator core.
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "orchestrator/main_guard.hpp"
#include "util/build_info.hpp"
#include "util/exit_code.hpp"

namespace {

std::vector<qa::cli::Command> commands(const qa::orchestrator::RunControl& control) {
    return {
        {"run", "check a range (CI), the staged changes or every file; exit 1 on FAIL",
         [&](const auto& args) { return qa::cli::run_run(args, control); }},
        {"plan", "print the lens plans for the staged changes, a range or every file",
         qa::cli::run_plan},
        {"drift-check", "replay stored runs and compare their artifacts byte for byte",
         [&](const auto& args) { return qa::cli::run_drift_check(args, control); }},
        {"config", "show the effective configuration or check a .qa-skill.toml",
         qa::cli::run_config},
        {"rules", "list the rules a run can report, or show one with its fix and an example",
         qa::cli::run_rules},
        {"fix",
         "fix trailing whitespace, final newlines and CRLF endings in the staged files "
         "(working tree only)",
         qa::cli::run_fix},
        {"audit", "judge every commit of a history for credentials (REV, A..B or --all)",
         [&](const auto& args) { return qa::cli::run_audit(args, control); }},
        {"baseline", "create or check the committed baseline of accepted findings",
         [&](const auto& args) { return qa::cli::run_baseline(args, control); }},
        {"schema", "validate JSON documents against qa-skill's schemas or any draft-07 schema",
         qa::cli::run_schema},
        {"skill", "validate SKILL.md files, a skill's inputs or outputs, or a chain of skills",
         qa::cli::run_skill},
        {"consistency-init", "draft the consistency rubric from the tree at a revision (--rev)",
         qa::cli::run_consistency_init},
        {"consistency-approve", "freeze a draft rubric version into the committed rubric folder",
         qa::cli::run_consistency_approve},
        {"cache", "stats, prune, verify or push the model answer cache and the team stores",
         qa::cli::run_cache},
        {"trust", "allow this repository's configuration to execute commands (or --check)",
         qa::cli::run_trust},
        {"phase-validate", "formatter, linter, build, tests and reviews of a phase (seed 004 JSON)",
         [&](const auto& args) { return qa::cli::run_phase_validate(args, control); }},
        {"install",
         "install the pre-commit, commit-msg and pre-push hooks (existing hooks are kept and "
         "chained)",
         qa::cli::run_install},
        {"uninstall", "remove the hooks and restore the ones that were there before",
         qa::cli::run_uninstall},
    };
}

void print_usage(std::FILE* out, const std::vector<qa::cli::Command>& table) {
    std::fprintf(out, "usage: qa-skill <command> [options]\n\ncommands:\n");
    for (const auto& c : table) {
        std::fprintf(out, "  %-20s %s\n", c.name, c.summary);
    }
    std::fprintf(out,
                 "\nRun 'qa-skill <command> --help' for a command's options; 'qa-skill "
                 "--version' prints the version and the git revision built from.\n");
}

int dispatch(int argc, char** argv, const qa::orchestrator::RunControl& control) {
    const auto table = commands(control);
    if (argc < 2) {
        print_usage(stderr, table);
        return qa::util::kExitUsage;
    }
    const std::string_view name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        print_usage(stdout, table);
        return qa::util::kExitPass;
    }
    if (name == "--version") {
        std::printf("%s\n", qa::util::version_line("qa-skill").c_str());
        return qa::util::kExitPass;
    }
    for (const auto& c : table) {
        if (name == c.name) {
            return c.run(std::vector<std::string>(argv + 2, argv + argc));
        }
    }
    std::fprintf(stderr, "qa-skill: unknown command '%s'\n\n", argv[1]);
    print_usage(stderr, table);
    return qa::util::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
    // Nothing escapes main: an error, an unexpected exception or a signal is an exit code.
    return qa::orchestrator::guarded_main("qa-skill", [&](qa::orchestrator::Failsafe& failsafe) {
        return dispatch(argc, argv, failsafe.control());
    });
}

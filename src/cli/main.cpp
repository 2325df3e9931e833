// `qa-skill`: the command-line interface over the orchestrator core.
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "config/config.hpp"
#include "json/error.hpp"
#include "orchestrator/failsafe.hpp"
#include "util/args.hpp"
#include "util/exit_code.hpp"
#include "util/file.hpp"

namespace {

constexpr qa::cli::Command kCommands[] = {
    {"run", "check a range (CI), the staged changes or every file; exit 1 on FAIL",
     qa::cli::run_run},
    {"plan", "print the lens plans for the staged changes, a range or every file",
     qa::cli::run_plan},
    {"config", "show the effective configuration or check a .qa-skill.toml", qa::cli::run_config},
    {"baseline", "create or check the committed baseline of accepted findings",
     qa::cli::run_baseline},
    {"schema", "validate JSON documents against qa-skill's schemas or any draft-07 schema",
     qa::cli::run_schema},
    {"skill", "validate SKILL.md files, a skill's inputs or outputs, or a chain of skills",
     qa::cli::run_skill},
    {"trust", "allow this repository's configuration to execute commands (or --check)",
     qa::cli::run_trust},
    {"phase-validate", "formatter, linter, build, tests and reviews of a phase (seed 004 JSON)",
     qa::cli::run_phase_validate},
    {"install", "install the pre-commit and pre-push hooks (existing hooks are kept and chained)",
     qa::cli::run_install},
    {"uninstall", "remove the hooks and restore the ones that were there before",
     qa::cli::run_uninstall},
};

void print_usage(std::FILE* out) {
    std::fprintf(out, "usage: qa-skill <command> [options]\n\ncommands:\n");
    for (const auto& c : kCommands) {
        std::fprintf(out, "  %-15s %s\n", c.name, c.summary);
    }
    std::fprintf(out, "\nRun 'qa-skill <command> --help' for a command's options.\n");
}

int dispatch(int argc, char** argv) {
    if (argc < 2) {
        print_usage(stderr);
        return qa::util::kExitUsage;
    }
    const std::string_view name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        print_usage(stdout);
        return qa::util::kExitPass;
    }
    if (name == "--version") {
        std::printf("qa-skill %s\n", QA_SKILL_VERSION);
        return qa::util::kExitPass;
    }
    for (const auto& c : kCommands) {
        if (name == c.name) {
            return c.run(std::vector<std::string>(argv + 2, argv + argc));
        }
    }
    std::fprintf(stderr, "qa-skill: unknown command '%s'\n\n", argv[1]);
    print_usage(stderr);
    return qa::util::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
    // Nothing escapes main: an unexpected error or a signal is exit 3, never an abort.
    qa::orchestrator::install_failsafe_handlers();
    try {
        return dispatch(argc, argv);
    } catch (const qa::util::UsageError& e) {
        std::fprintf(stderr, "qa-skill: %s\n", e.what());
        return qa::util::kExitUsage;
    } catch (const qa::config::ConfigError& e) {
        std::fprintf(stderr, "qa-skill: config error: %s\n", e.what());
        return qa::util::kExitUsage;
    } catch (const qa::util::IoError& e) {
        std::fprintf(stderr, "qa-skill: %s\n", e.what());
        return qa::util::kExitUsage;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "qa-skill: internal error: %s\n", e.what());
        return qa::util::kExitInternal;
    } catch (...) {
        std::fprintf(stderr, "qa-skill: internal error\n");
        return qa::util::kExitInternal;
    }
}

#include "lenses/phase_plan.hpp"

#include <stdexcept>

namespace qa::lenses {

const char* to_string(PhaseCheck check) {
    switch (check) {
        case PhaseCheck::formatter:
            return "formatter";
        case PhaseCheck::linter:
            return "linter";
        case PhaseCheck::build:
            return "build";
        case PhaseCheck::tests:
            return "tests";
    }
    return "";
}

std::optional<PhaseCheck> phase_check_of(const std::optional<std::string>& sub) {
    if (sub == std::optional<std::string>("formatter"))
        return PhaseCheck::formatter;
    if (sub == std::optional<std::string>("linter"))
        return PhaseCheck::linter;
    if (sub == std::optional<std::string>("build"))
        return PhaseCheck::build;
    if (sub == std::optional<std::string>("tests"))
        return PhaseCheck::tests;
    return std::nullopt;
}

PlannedCheck plan_phase_check(PhaseCheck check, const PhaseOptions& options,
                              const exec::HasRootFile& has,
                              const std::vector<std::string>& changed) {
    PlannedCheck p;
    const std::optional<exec::Language> language =
        options.language ? exec::parse_language(*options.language) : exec::detect_language(has);
    p.language = language ? std::string(exec::to_string(*language)) +
                                (options.language ? "" : " (detected from the tree's root files)")
                          : "not detected";
    const exec::LanguageDefaults defaults =
        language ? exec::language_defaults(*language, has, changed) : exec::LanguageDefaults{};
    const auto pick = [&](const std::optional<std::string>& custom,
                          const exec::CheckCommands& fallback) {
        if (custom) {
            p.commands.commands.push_back(exec::split_command(*custom));
        } else {
            p.commands = fallback;
        }
    };
    const char* key = "";
    switch (check) {
        case PhaseCheck::formatter:
            pick(options.formatCommand, defaults.formatter);
            key = "format_command";
            break;
        case PhaseCheck::linter:
            pick(options.lintCommand, defaults.linter);
            key = "lint_command";
            break;
        case PhaseCheck::build:
            if (options.skipBuild) {
                p.skipped = "skip_build = true";
                return p;
            }
            pick(options.buildCommand, defaults.build);
            key = "build_command";
            if (p.commands.commands.empty() && language) {
                p.skipped = p.language + " has no build step";  // seed 004: skipped
                return p;
            }
            break;
        case PhaseCheck::tests:
            if (options.skipTests) {
                p.skipped = "skip_tests = true";
                return p;
            }
            pick(options.testCommand, defaults.tests);
            key = "test_command";
            break;
    }
    if (p.commands.commands.empty()) {
        p.missing = std::string("no default command for this check (language ") + p.language +
                    "); set lenses.phase.options." + key;
    }
    return p;
}

std::vector<contracts::ExecutionCommandSpec> command_specs(const PlannedCheck& planned,
                                                           const std::string& purpose) {
    std::vector<contracts::ExecutionCommandSpec> specs;
    for (const auto& argv : planned.commands.commands) {
        specs.push_back({static_cast<std::int64_t>(specs.size()) + 1, argv,
                         contracts::CwdMode::ephemeral_worktree, purpose});
    }
    return specs;
}

std::vector<contracts::ExecutionCommandSpec> phase_commands(const contracts::LensPlan& plan,
                                                            const input::LensInput& settings,
                                                            const exec::HasRootFile& has) {
    const auto check = phase_check_of(plan.subLensId);
    if (!check) {
        return {};
    }
    PlannedCheck planned;
    try {
        planned =
            plan_phase_check(*check, parse_phase_options(settings.options), has, plan.changedFiles);
    } catch (const std::invalid_argument&) {
        return {};  // the options do not parse: the lens fails with their error when it runs
    }
    if (!planned.skipped.empty() || !planned.missing.empty()) {
        return {};
    }
    return command_specs(planned, to_string(*check));
}

}  // namespace qa::lenses

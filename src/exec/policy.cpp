#include "exec/policy.hpp"

#include <algorithm>

#include "exec/exec_error.hpp"

namespace qa::exec {

using contracts::ErrorCode;

void require_execution_allowed(contracts::LensClass lens_class,
                               std::span<const contracts::LensClass> allow_execution_lens_classes,
                               const contracts::PermissionProfile& profile) {
    const std::string cls(contracts::to_string(lens_class));
    const bool class_allowed =
        std::find(allow_execution_lens_classes.begin(), allow_execution_lens_classes.end(),
                  lens_class) != allow_execution_lens_classes.end();
    if (!class_allowed) {
        throw ExecError(ErrorCode::EXECUTION_DENIED, "lens class '" + cls +
                                                         "' may not execute commands: it is not in "
                                                         "allow_execution_lens_classes");
    }
    if (profile.readOnly) {
        throw ExecError(ErrorCode::EXECUTION_DENIED,
                        "permission profile '" +
                            std::string(contracts::to_string(profile.profileId)) +
                            "' is read-only: no command runs under it");
    }
}

bool has_prefix(std::span<const std::string> argv, std::span<const std::string> prefix) {
    return !prefix.empty() && prefix.size() <= argv.size() &&
           std::equal(prefix.begin(), prefix.end(), argv.begin());
}

std::vector<contracts::ExecutionCommandSpec> checked_commands(
    std::vector<contracts::ExecutionCommandSpec> specs,
    const contracts::PermissionProfile& profile) {
    const std::string pid(contracts::to_string(profile.profileId));
    if (static_cast<std::int64_t>(specs.size()) > profile.maxCommandsPerPlan) {
        throw ExecError(ErrorCode::EXECUTION_POLICY_VIOLATION,
                        "the plan has " + std::to_string(specs.size()) + " commands; profile '" +
                            pid + "' allows " + std::to_string(profile.maxCommandsPerPlan) +
                            " (max_commands_per_plan)");
    }
    std::stable_sort(specs.begin(), specs.end(),
                     [](const auto& a, const auto& b) { return a.ordinal < b.ordinal; });
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const auto& spec = specs[i];
        if (i > 0 && specs[i - 1].ordinal == spec.ordinal) {
            throw ExecError(ErrorCode::EXECUTION_POLICY_VIOLATION,
                            "two commands share ordinal " + std::to_string(spec.ordinal));
        }
        if (spec.command.empty() || spec.command.front().empty()) {
            throw ExecError(ErrorCode::EXECUTION_POLICY_VIOLATION,
                            "command " + std::to_string(spec.ordinal) + " has no program");
        }
        const bool allowed = std::any_of(
            profile.allowedCommandPrefixes.begin(), profile.allowedCommandPrefixes.end(),
            [&](const auto& prefix) { return has_prefix(spec.command, prefix); });
        if (!allowed) {
            throw ExecError(
                ErrorCode::EXECUTION_POLICY_VIOLATION,
                "command " + std::to_string(spec.ordinal) + " (" + display_command(spec.command) +
                    ") is not under any allowed_command_prefixes of profile '" + pid + "'");
        }
    }
    return specs;
}

std::string display_command(std::span<const std::string> argv) {
    std::string out;
    for (const auto& a : argv) {
        if (!out.empty()) {
            out += ' ';
        }
        const bool plain =
            !a.empty() && a.find_first_of(" \t\n'\"\\$`|&;<>()*?") == std::string::npos;
        if (plain) {
            out += a;
            continue;
        }
        out += '\'';
        for (char c : a) {
            if (c == '\'') {
                out += "'\\''";
            } else {
                out += c;
            }
        }
        out += '\'';
    }
    return out;
}

}  // namespace qa::exec

#include "lenses/phase_lens.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "contracts/enums.hpp"
#include "exec/exec_error.hpp"
#include "exec/language.hpp"
#include "exec/policy.hpp"
#include "exec/test_summary.hpp"
#include "exec/tree_executor.hpp"
#include "lenses/api/findings.hpp"
#include "lenses/output_locations.hpp"
#include "lenses/phase_options.hpp"
#include "lenses/phase_plan.hpp"
#include "rules/scrub.hpp"
#include "settings/config_file.hpp"

namespace qa::lenses {
namespace {

using contracts::ErrorCode;

constexpr std::size_t kMaxLocations = 20;
constexpr std::size_t kStoredOutputBytes = 16384;  ///< of a failing command, in its finding
constexpr std::size_t kTailLines = 20;             ///< printed under the finding

/// What a failing command printed, as it may be stored and shown: its stdout then its stderr,
/// the last kStoredOutputBytes of them (cut at a line), secrets masked, control characters
/// other than newlines replaced.
std::string stored_output(const rules::RuleSet& credentials, const exec::CapturedRun& run) {
    std::string text = run.out.kept;
    if (!text.empty() && text.back() != '\n') {
        text += '\n';
    }
    text += run.err.kept;
    if (text.size() > kStoredOutputBytes) {
        text.erase(0, text.size() - kStoredOutputBytes);
        const auto nl = text.find('\n');
        text.erase(0, nl == std::string::npos ? 0 : nl + 1);
    }
    std::string out = rules::without_secrets(credentials, "", text);
    std::replace_if(
        out.begin(), out.end(),
        [](char c) { return c != '\n' && (static_cast<unsigned char>(c) < 0x20 || c == '\x7f'); },
        ' ');
    return out;
}

/// Its last kTailLines non-empty lines.
json::Array tail_lines(const std::string& output) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < output.size()) {
        const auto nl = output.find('\n', start);
        const std::string line =
            output.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        if (line.find_first_not_of(" \t") != std::string::npos) {
            lines.push_back(line);
        }
        start = nl == std::string::npos ? output.size() : nl + 1;
    }
    json::Array out;
    for (std::size_t i = lines.size() > kTailLines ? lines.size() - kTailLines : 0;
         i < lines.size(); ++i) {
        out.emplace_back(lines[i]);
    }
    return out;
}

std::string display(const exec::CheckCommands& commands) {
    std::string out;
    for (const auto& argv : commands.commands) {
        out += (out.empty() ? "" : " && ") + exec::display_command(argv);
    }
    return out;
}

contracts::LensResult with_zero_usage(contracts::LensResult r) {
    r.usage.inputTokens = 0;
    r.usage.outputTokens = 0;
    r.usage.totalTokens = 0;
    r.usage.costUsd = 0.0;
    r.usage.unavailableReason = std::nullopt;
    return r;
}

contracts::LensResult failed(const contracts::LensPlan& plan, const std::string& why,
                             std::vector<ErrorCode> codes,
                             std::optional<contracts::ExecutionAudit> audit = std::nullopt) {
    auto r = with_zero_usage(lenses::api::failed_result(plan, why, std::move(codes)));
    r.executionAudit = std::move(audit);
    return r;
}

/// The blocking findings of a failed check: one at each file of the tree its output names (or
/// that it changed), else one at the configuration that asked for the check.
std::vector<contracts::Finding> findings_of(PhaseCheck check, const contracts::LensPlan& plan,
                                            const exec::PlanExecution& ex,
                                            const exec::TreeExecutor& tree,
                                            const std::string& command, const std::string& problem,
                                            const rules::RuleSet& credentials) {
    const std::string rule = "phase-" + *plan.subLensId;
    std::string output;
    std::optional<int> exit_code;
    for (const auto& o : ex.outcomes) {
        output += o.run.out.kept + "\n" + o.run.err.kept + "\n";
        exit_code = o.run.exitCode;
    }
    const json::Value exit_value =
        exit_code ? json::Value(static_cast<std::int64_t>(*exit_code)) : json::Value(nullptr);
    const std::string failing_output =
        ex.outcomes.empty() ? std::string() : stored_output(credentials, ex.outcomes.back().run);
    std::vector<OutputLocation> at;
    for (const auto& path : ex.changedFiles) {
        at.push_back({path, 1});
    }
    const auto in_tree = [&tree](const std::string& path) { return tree.has_file(path); };
    for (auto& l : output_locations(output, ex.checkoutDir.string(), in_tree, kMaxLocations)) {
        if (std::none_of(at.begin(), at.end(),
                         [&](const OutputLocation& a) { return a.file == l.file; })) {
            at.push_back(std::move(l));
        }
    }
    if (at.empty()) {
        at.push_back({std::string(settings::kConfigFileName), 1});
    }
    std::vector<contracts::Finding> out;
    for (const auto& l : at) {
        const bool changed = std::find(ex.changedFiles.begin(), ex.changedFiles.end(), l.file) !=
                             ex.changedFiles.end();
        const std::string summary =
            changed ? "changed by the " + *plan.subLensId + " `" + command +
                          "` (check mode: it ran on a checkout, your file is untouched)"
                    : problem;
        json::Object evidence{
            {"check", *plan.subLensId}, {"command", command}, {"exitCode", exit_value}};
        if (!ex.outcomes.empty()) {
            evidence.emplace_back("output", failing_output);
            evidence.emplace_back("outputTail", tail_lines(failing_output));
        }
        if (check == PhaseCheck::tests) {
            const auto failing = exec::failing_test_count(output);
            evidence.emplace_back(
                "failingCount",
                failing ? json::Value(static_cast<std::int64_t>(*failing)) : json::Value(nullptr));
        }
        out.push_back(lenses::api::make_finding(plan, rule, contracts::Severity::high, true, l.file,
                                                l.line, summary, json::Value(std::move(evidence)),
                                                rule + "\n" + l.file + "\n" + command));
    }
    return out;
}

}  // namespace

contracts::LensResult PhaseLens::run(const contracts::LensPlan& plan,
                                     const lenses::api::LensContext& context) const {
    const auto check = phase_check_of(plan.subLensId);
    if (!check) {
        return failed(plan,
                      "the phase lens has no sub-lens \"" + plan.subLensId.value_or("") + "\"", {});
    }
    PhaseOptions options;
    try {
        options = parse_phase_options(context.settings.options);
    } catch (const PhaseOptionsError& e) {
        return failed(plan, e.what(), {});
    }
    const exec::TreeExecutor* tree = context.services.execution;
    if (tree == nullptr) {
        return failed(plan,
                      "this run offers no command execution (only `qa-skill run` and the hooks "
                      "run execution lenses)",
                      {ErrorCode::EXECUTION_DENIED});
    }
    // The checkout is shared: the sub-lenses take turns on it in plan order, each from its
    // start, so a check that returns early still hands the checkout on.
    const auto turn = tree->take_turn(plan, context.cancel);
    if (!turn) {
        return failed(plan, "cancelled while the earlier checks ran on the shared checkout", {});
    }
    // Seed 002: every command of every check is checked against the profile before the first
    // one runs, so a violation anywhere means nothing ran.
    const exec::HasRootFile has = [tree](std::string_view name) { return tree->has_file(name); };
    for (const PhaseCheck other :
         {PhaseCheck::formatter, PhaseCheck::linter, PhaseCheck::build, PhaseCheck::tests}) {
        const PlannedCheck p = plan_phase_check(other, options, has, plan.changedFiles);
        if (!p.skipped.empty() || !p.missing.empty()) {
            continue;
        }
        try {
            (void)tree->preflight(plan, context.settings.permissionProfile,
                                  command_specs(p, to_string(other)));
        } catch (const exec::ExecError& e) {
            return failed(plan,
                          other == *check ? std::string(e.what())
                                          : std::string(e.what()) + " (the " + to_string(other) +
                                                " check's command; no check ran)",
                          {e.code()});
        }
    }
    const PlannedCheck planned = plan_phase_check(*check, options, has, plan.changedFiles);
    std::vector<std::string> summary = {"language: " + planned.language};
    if (!planned.skipped.empty()) {
        summary.push_back(*plan.subLensId + " skipped: " + planned.skipped);
        return with_zero_usage(lenses::api::completed_result(plan, {}, std::move(summary)));
    }
    if (!planned.missing.empty()) {
        return failed(plan, planned.missing, {});
    }
    // The commands the plan recorded are the ones that run (the plan step read the same tree).
    const std::vector<contracts::ExecutionCommandSpec> specs =
        plan.executionCommands.empty() ? command_specs(planned, to_string(*check))
                                       : plan.executionCommands;
    const std::string command = display(planned.commands);
    summary.push_back("command: " + command);
    const bool check_mode = *check == PhaseCheck::formatter || *check == PhaseCheck::linter;

    exec::PlanExecution ex;
    std::int64_t retries = 0;
    bool passed = false;
    for (std::int64_t attempt = 0;; ++attempt) {
        try {
            ex = tree->execute(plan, context.settings.permissionProfile, specs, check_mode,
                               context.cancel);
        } catch (const exec::ExecError& e) {
            return failed(plan, e.what(), {e.code()});
        }
        if (ex.cancelled) {
            return failed(plan, "cancelled while `" + command + "` ran; its sandbox was killed", {},
                          ex.audit);
        }
        const bool listed = planned.commands.outputIsFailure &&
                            std::any_of(ex.outcomes.begin(), ex.outcomes.end(), [](const auto& o) {
                                return o.run.out.total > 0 || o.run.err.total > 0;
                            });
        passed = !ex.failure && !listed && ex.changedFiles.empty();
        if (passed || ex.failure == ErrorCode::EXECUTION_TIMEOUT || attempt >= options.maxRetries ||
            context.should_stop()) {
            break;
        }
        ++retries;  // flaky tests: seed 004's max_retries
    }
    if (retries > 0) {
        summary.push_back(std::to_string(retries) + " retr" + (retries == 1 ? "y" : "ies") +
                          (passed ? " before it passed" : ", all failed"));
    }
    for (const auto& o : ex.outcomes) {
        if (o.run.out.truncated() || o.run.err.truncated()) {
            summary.push_back("output of command " + std::to_string(o.spec.ordinal) +
                              " kept up to the profile's cap: " +
                              std::to_string(o.run.out.kept.size() + o.run.err.kept.size()) +
                              " of " + std::to_string(o.run.out.total + o.run.err.total) +
                              " bytes (all of it is hashed in the execution audit)");
        }
    }
    if (passed) {
        auto r = with_zero_usage(lenses::api::completed_result(plan, {}, std::move(summary)));
        r.executionAudit = ex.audit;
        return r;
    }
    if (ex.failure == ErrorCode::EXECUTION_TIMEOUT) {
        // Seed 002: strict fails on a required execution failure; best_effort lets a
        // non-required lens degrade, with the code (a required one still fails the run).
        summary.push_back("EXECUTION_TIMEOUT: " + ex.failureMessage);
        if (context.run.skill.runMode == contracts::RunMode::strict) {
            auto r = failed(plan, summary.back(), {ErrorCode::EXECUTION_TIMEOUT}, ex.audit);
            r.evidenceSummary = std::move(summary);
            return r;
        }
        auto r = with_zero_usage(lenses::api::completed_result(plan, {}, std::move(summary)));
        r.status = contracts::LensStatus::degraded;
        r.degraded = true;
        r.errorCodes.push_back(ErrorCode::EXECUTION_TIMEOUT);
        r.executionAudit = ex.audit;
        return r;
    }
    std::string problem = *plan.subLensId + " failed: " +
                          (ex.failure ? ex.failureMessage : "`" + command + "` reported issues");
    if (*check == PhaseCheck::tests) {
        std::string output;
        for (const auto& o : ex.outcomes) {
            output += o.run.out.kept + "\n" + o.run.err.kept + "\n";
        }
        const auto failing = exec::failing_test_count(output);
        problem = failing ? std::to_string(*failing) + " failing test(s): " + problem
                          : problem +
                                " (the failing count could not be read from the test "
                                "runner's summary)";
    }
    summary.push_back(problem);
    auto r = with_zero_usage(lenses::api::completed_result(
        plan, findings_of(*check, plan, ex, *tree, command, problem, *credentials_),
        std::move(summary)));
    if (ex.failure) {
        r.errorCodes.push_back(*ex.failure);
    }
    r.executionAudit = ex.audit;
    return r;
}

}  // namespace qa::lenses

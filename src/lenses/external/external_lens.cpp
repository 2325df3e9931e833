#include "lenses/external/external_lens.hpp"

#include <map>
#include <optional>

#include "exec/policy.hpp"
#include "lenses/api/findings.hpp"
#include "lenses/execution_commands.hpp"
#include "lenses/external/answer.hpp"
#include "lenses/external/request.hpp"
#include "rules/suppression.hpp"
#include "util/sha256.hpp"

namespace qa::lenses::external {
namespace {

using contracts::ErrorCode;

/// What ran, for the result's executionAudit: one command, its exit and output hashes (the
/// output itself is not kept: it may quote the change).
contracts::ExecutionAudit audit_of(const input::LensInput& lens, const util::ProcessResult& ran) {
    contracts::ExecutionAudit audit;
    audit.permissionProfileId = lens.permissionProfile;
    contracts::ExecutionCommandResult command;
    command.ordinal = lenses::kExternalCommandOrdinal;  // as its plan's executionCommands say
    if (ran.exit_code) {
        command.exitCode = *ran.exit_code;
    }
    command.timedOut = ran.timed_out;
    command.stdoutSha256 = util::sha256_hex(ran.stdout_data);
    command.stderrSha256 = util::sha256_hex(ran.stderr_data);
    audit.commands.push_back(std::move(command));
    return audit;
}

/// Line `n` (1-based) of `text`, without its newline; empty past the end.
std::string_view line_of(std::string_view text, std::int64_t n) {
    std::size_t start = 0;
    for (std::int64_t i = 1; i < n; ++i) {
        const std::size_t nl = text.find('\n', start);
        if (nl == std::string_view::npos) {
            return {};
        }
        start = nl + 1;
    }
    const std::size_t end = text.find('\n', start);
    return text.substr(start, end == std::string_view::npos ? text.size() - start : end - start);
}

/// Drops the findings an inline `qa-skill: allow <lensId>/<rule> -- <reason>` directive
/// suppresses, as for every other lens; returns how many.
std::size_t drop_suppressed(std::vector<contracts::Finding>& findings,
                            const lenses::api::ChangeSource& changes) {
    std::map<std::string, std::optional<std::string>> contents;
    const auto before = findings.size();
    std::erase_if(findings, [&](const contracts::Finding& f) {
        auto [it, added] = contents.try_emplace(f.file);
        if (added) {
            it->second = changes.full_content(f.file);
        }
        if (!it->second) {
            return false;
        }
        // Directives are matched on the rule's own id (`<lens>/` is stripped from both sides).
        const std::string_view rule = std::string_view(f.ruleId).substr(f.lensId.size() + 1);
        return rules::suppressed(line_of(*it->second, f.startLine),
                                 line_of(*it->second, f.startLine - 1), rule);
    });
    return before - findings.size();
}

}  // namespace

contracts::LensResult ExternalLens::run(const contracts::LensPlan& plan,
                                        const lenses::api::LensContext& context) const {
    const input::LensInput& lens = context.settings;
    const std::string name =
        "external lens '" + plan.lensId + "' (" + exec::display_command(lens.command) + ")";
    if (context.services.sandbox == nullptr || context.services.commands == nullptr) {
        return lenses::api::failed_result(plan, name + " cannot run: this run offers no execution",
                                          {ErrorCode::EXECUTION_DENIED});
    }
    util::ProcessSpec spec;
    spec.argv = lens.command;
    spec.timeout = lens.timeout;
    spec.stdin_data = request_json(plan, context);
    auto confined = context.services.sandbox->confine(lens, std::move(spec));
    if (const auto* denied = std::get_if<std::string>(&confined)) {
        return lenses::api::failed_result(plan, name + " did not run: " + *denied,
                                          {ErrorCode::EXECUTION_DENIED});
    }
    const util::ProcessResult ran = context.services.commands->run(
        std::get<util::ProcessSpec>(std::move(confined)), context.cancel);

    const auto failed = [&](const std::string& why, ErrorCode code) {
        auto result = lenses::api::failed_result(plan, name + " " + why, {code});
        result.executionAudit = audit_of(lens, ran);
        return result;
    };
    if (ran.timed_out || ran.cancelled) {
        return failed("was stopped at its time limit of " + std::to_string(lens.timeout.count()) +
                          " ms (or by the run's cancellation)",
                      ErrorCode::EXECUTION_TIMEOUT);
    }
    if (!ran.exit_code) {
        return failed("was killed by signal " + std::to_string(ran.signal),
                      ErrorCode::EXECUTION_EXIT_NONZERO);
    }
    if (*ran.exit_code != 0) {
        // Its stderr is not quoted: it may hold what it read (the change, a secret).
        return failed("exited with status " + std::to_string(*ran.exit_code) + " (" +
                          std::to_string(ran.stderr_total) + " bytes on stderr)",
                      ErrorCode::EXECUTION_EXIT_NONZERO);
    }
    if (ran.stdout_total > ran.stdout_data.size()) {
        return failed("wrote " + std::to_string(ran.stdout_total) +
                          " bytes on stdout, more than its profile's max_stdout_bytes",
                      ErrorCode::ARTIFACT_SCHEMA_INVALID);
    }
    auto answer = read_answer(ran.stdout_data, plan, *credentials_);
    if (const auto* invalid = std::get_if<std::string>(&answer)) {
        return failed("gave an unusable answer: " + *invalid, ErrorCode::ARTIFACT_SCHEMA_INVALID);
    }
    auto result = std::get<contracts::LensResult>(std::move(answer));
    if (const auto dropped = drop_suppressed(result.findings, context.changes); dropped > 0) {
        result.evidenceSummary.push_back(std::to_string(dropped) +
                                         " finding(s) suppressed by inline directives");
    }
    result.executionAudit = audit_of(lens, ran);
    result.adapterResponseHash = util::sha256_hex(ran.stdout_data);
    return result;
}

}  // namespace qa::lenses::external

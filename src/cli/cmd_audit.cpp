// `qa-skill audit`: a history audit, as `gitleaks detect` does one: every commit reachable from
// a revision (or a range, or every ref) judged for credentials, its lines and its message.
#include <unistd.h>

#include <cstdio>
#include <iterator>
#include <string>

#include "cli/commands.hpp"
#include "orchestrator/run.hpp"
#include "report/output_options.hpp"
#include "report/progress.hpp"
#include "report/report.hpp"
#include "util/args.hpp"
#include "util/exit_code.hpp"

namespace qa::cli {
namespace {

const util::OptionSpec kAuditOwnOptions[] = {
    {"all", "every commit reachable from any ref or HEAD", ""},
    {"format", "output format", "text|json|sarif"},
    {"jobs", "worker threads (default: max_concurrency of the config)", "N"},
    {"no-artifacts", "do not write .qa-skill/runs/<executionKey>/", ""},
};

std::vector<util::OptionSpec> audit_options() {
    std::vector<util::OptionSpec> out(std::begin(kAuditOwnOptions), std::end(kAuditOwnOptions));
    out.insert(out.end(), report::kOutputOptions.begin(), report::kOutputOptions.end());
    return out;
}

}  // namespace

int run_audit(const std::vector<std::string>& args, const orchestrator::RunControl& control) {
    const auto options = audit_options();
    const auto parsed = util::parse_args("qa-skill audit", options, args);
    const std::string usage = "qa-skill audit [REV | A..B | --all]";
    if (parsed.help) {
        std::fputs(util::usage_text(usage, options).c_str(), stdout);
        return util::kExitPass;
    }
    if (parsed.positional.size() > 1 || (parsed.flag("all") && !parsed.positional.empty())) {
        throw util::UsageError("audit takes one revision, one range A..B, or --all");
    }
    const std::string format = parsed.value("format").value_or("text");
    if (format != "text" && format != "json" && format != "sarif") {
        throw util::UsageError("unsupported --format \"" + format + "\"");
    }
    prepare::RunRequest request;
    request.gitEnv = git::GitEnv::from_process();
    request.kind = prepare::ChangeKind::history;
    request.revision = parsed.flag("all")          ? "--all"
                       : parsed.positional.empty() ? "HEAD"
                                                   : parsed.positional[0];
    request.jobsOverride = parsed.positive_count("jobs");
    request.writeArtifacts = !parsed.flag("no-artifacts");
    const auto style = report::style_from(parsed, STDOUT_FILENO, "");
    orchestrator::RunControl logged = control;
    logged.log = report::log_from(parsed);
    const auto report = [&] {
        const report::Progress progress(
            "history", style.verbosity != report::Verbosity::quiet && report::Progress::wanted());
        return orchestrator::run(request, logged);
    }();
    report::print_report(report, format, style, stdout);
    return report.passed() ? util::kExitPass : util::kExitFail;
}

}  // namespace qa::cli

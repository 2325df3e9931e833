#include <unistd.h>

#include <cstdlib>

#include "contracts/enums.hpp"
#include "report/report.hpp"

namespace qa::report {
namespace {

struct Palette {
    const char* red = "";
    const char* green = "";
    const char* yellow = "";
    const char* bold = "";
    const char* dim = "";
    const char* reset = "";
};

Palette palette(bool colour) {
    if (!colour) {
        return {};
    }
    return {"\033[31m", "\033[32m", "\033[33m", "\033[1m", "\033[2m", "\033[0m"};
}

std::string join_codes(const std::vector<contracts::ErrorCode>& codes) {
    std::string out;
    for (const auto c : codes) {
        out += (out.empty() ? "" : ", ") + std::string(contracts::to_string(c));
    }
    return out;
}

std::string rule_label(const contracts::Finding& f) {
    return f.lensId + "/" + f.ruleId;
}

}  // namespace

bool use_colour(int fd) {
    const char* no_colour = std::getenv("NO_COLOR");
    return ::isatty(fd) == 1 && (no_colour == nullptr || *no_colour == '\0');
}

std::string terminal(const orchestrator::RunReport& report, const TerminalStyle& style) {
    const Palette p = palette(style.colour);
    std::string out;
    if (report.runs.empty()) {
        return "qa-skill: PASS (nothing to check)\n";
    }
    for (const auto& run : report.runs) {
        const auto& v = run.result.finalVerdict;
        const std::string where = run.artifactDir ? run.artifactDir->string() : "(not written)";
        const std::size_t files = run.plan.changedFiles;
        if (v.status == contracts::VerdictStatus::PASS) {
            out += std::string("qa-skill: ") + p.green + "PASS" + p.reset + " " + run.label + " (" +
                   std::to_string(files) + " file" + (files == 1 ? "" : "s") + ", " +
                   std::to_string(run.result.lensPlans.size()) + " lens plan" +
                   (run.result.lensPlans.size() == 1 ? "" : "s") +
                   (v.degraded ? ", degraded: " + join_codes(v.errorCodes) : std::string()) + ")\n";
            continue;
        }
        out += std::string("qa-skill: ") + p.red + p.bold + "FAIL" + p.reset + " " + run.label;
        out += style.action.empty() ? "\n" : " - " + style.action + " blocked\n";
        for (const auto& f : v.blockingFindings) {
            out += "  " + std::string(p.bold) + f.file + ":" + std::to_string(f.startLine) +
                   p.reset + "  " + rule_label(f) + "  " + p.yellow +
                   std::string(contracts::to_string(f.severity)) + p.reset + "  " + f.summary +
                   "\n";
        }
        for (const auto& reason : v.rationale) {
            out += "  " + std::string(p.dim) + reason + p.reset + "\n";
        }
        if (!v.errorCodes.empty()) {
            out += "  error codes: " + join_codes(v.errorCodes) + "\n";
        }
        out += "  artifacts: " + where + "\n";
    }
    const bool failed = !report.passed();
    if (failed && !style.action.empty()) {
        out += "qa-skill: fix the findings above, or see `qa-skill-hook --dry-run` for details.\n";
    }
    return out;
}

std::string plan_table(const orchestrator::RunReport& report) {
    std::string out;
    for (const auto& run : report.runs) {
        out += run.label + ": " + std::to_string(run.plan.changedFiles) + " changed file(s), " +
               std::to_string(run.plan.changedLines) + " changed line(s), bucket " +
               std::string(plan::to_string(run.plan.bucket)) + "\n";
        for (const auto& code : run.baseRefCodes) {
            out += "  base ref: " + code + "\n";
        }
        for (const auto code : run.plan.codes) {
            out += "  planner: " + std::string(contracts::to_string(code)) + "\n";
        }
        if (run.result.lensPlans.empty()) {
            out += "  no lens applies\n";
        }
        for (const auto& plan : run.result.lensPlans) {
            const std::string id =
                plan.subLensId ? plan.lensId + "/" + *plan.subLensId : plan.lensId;
            std::string line = "  #" + std::to_string(plan.planOrdinal) + "  " + id;
            line.resize(std::max<std::size_t>(line.size() + 1, 32), ' ');
            line += plan.required ? "required  " : "optional  ";
            line += std::string(contracts::to_string(plan.permissionProfileId)) + "  ";
            line += std::to_string(plan.changedFiles.size()) + " file(s)";
            if (!plan.omittedFiles.empty()) {
                line += ", " + std::to_string(plan.omittedFiles.size()) +
                        " omitted (CONTEXT_BOUND_EXCEEDED)";
            }
            out += line + "\n";
        }
    }
    return out;
}

}  // namespace qa::report

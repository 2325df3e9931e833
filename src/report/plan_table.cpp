// The plan as a table: `qa-skill plan`, `--dry-run` and `--verbose`.
#include <algorithm>

#include "contracts/enums.hpp"
#include "report/quote_path.hpp"
#include "report/report.hpp"

namespace qa::report {

std::string plan_table(const orchestrator::RunReport& report) {
    std::string out;
    for (const auto& run : report.runs) {
        out += printable(run.label) + ": " + std::to_string(run.plan.changedFiles) +
               " changed file(s), " + std::to_string(run.plan.changedLines) +
               " changed line(s), bucket " + std::string(plan::to_string(run.plan.bucket)) + "\n";
        if (run.plan.excludedFiles > 0) {
            out += "  excluded by exclude patterns: " + std::to_string(run.plan.excludedFiles) +
                   " file(s)\n";
        }
        for (const auto& [lens, count] : run.plan.excludedByLens) {
            out += "  excluded by lenses." + printable(lens) +
                   ".exclude: " + std::to_string(count) + " file(s)\n";
        }
        for (const auto& code : run.baseRefCodes) {
            out += "  base ref: " + printable(code) + "\n";
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
            std::string line = "  #" + std::to_string(plan.planOrdinal) + "  " + printable(id);
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

#include "orchestrator/run_log.hpp"

#include <set>
#include <string>

#include "contracts/enums.hpp"

namespace qa::orchestrator {
namespace {

std::string ms(std::chrono::steady_clock::duration d) {
    return std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(d).count()) + " ms";
}

std::string lens_name(const std::string& lens, const std::optional<std::string>& sub) {
    return sub ? lens + "/" + *sub : lens;
}

std::string tree_name(const prepare::TreeUnderTest& tree) {
    return tree.index() ? std::string("the index") : "commit " + *tree.commit;
}

}  // namespace

void log_prepared(const log::Log& log, const prepare::Prepared& prepared,
                  std::chrono::steady_clock::duration took) {
    log.info("prepare", [&] {
        return "configuration " + prepared.facts.source + " (configHash " + prepared.facts.hash +
               "), " + std::to_string(prepared.targets.size()) + " target(s), " +
               std::to_string(prepared.jobs) + " worker(s), " + ms(took);
    });
    for (const auto& target : prepared.targets) {
        log.info("prepare", [&] {
            const auto& changes = target.target.changes;
            std::string line = target.target.label + ": tree under test " + tree_name(target.tree) +
                               ", diff " + changes.base + ".." + changes.head + ", " +
                               std::to_string(changes.files.size()) + " changed file(s)";
            if (target.baseline) {
                line += ", baseline " + target.baseline->source;
            }
            return line;
        });
    }
}

void log_planned(const log::Log& log, const prepare::PreparedTarget& target, const RunOutcome& out,
                 std::chrono::steady_clock::duration took) {
    log.info("plan", [&] {
        return out.label + ": " + std::to_string(out.result.lensPlans.size()) + " plan(s), " +
               std::to_string(out.plan.changedFiles) + " file(s), " +
               std::to_string(out.plan.excludedFiles) + " excluded, executionKey " +
               out.result.executionKey + ", " + ms(took);
    });
    std::set<std::string, std::less<>> planned;
    for (const auto& plan : out.result.lensPlans) {
        planned.insert(plan.lensId);
        log.info("plan", [&] {
            std::string line = "#" + std::to_string(plan.planOrdinal) + " " +
                               lens_name(plan.lensId, plan.subLensId) +
                               (plan.required ? " required, " : " optional, ") +
                               std::to_string(plan.changedFiles.size()) + " file(s) it checks";
            if (!plan.omittedFiles.empty()) {
                line += ", " + std::to_string(plan.omittedFiles.size()) +
                        " left out by the context bound";
            }
            if (plan.providerBindingId != "none" && !plan.providerBindingId.empty()) {
                line += ", provider " + plan.providerBindingId;
            }
            for (const auto& command : plan.executionCommands) {
                line += ", " + command.purpose + " command";
            }
            return line;
        });
    }
    for (const auto& entry : target.input.lenses) {
        const std::string& id = entry.first;
        const input::LensInput& lens = entry.second;
        if (planned.count(id) == 0) {
            log.info("plan", [&] {
                return id + " not planned: " +
                       (!lens.enabled ? std::string("disabled in the configuration")
                                      : std::string("none of the changed files is one it checks, "
                                                    "or --lens / QA_SKILL_SKIP left it out"));
            });
        }
    }
}

void log_judged(const log::Log& log, const RunOutcome& out,
                std::chrono::steady_clock::duration dispatch,
                std::chrono::steady_clock::duration decide) {
    for (const auto& r : out.result.lensResults) {
        log.info("lens", [&] {
            std::size_t blocking = 0;
            for (const auto& f : r.findings) {
                blocking += f.blocking ? 1 : 0;
            }
            std::string line =
                "#" + std::to_string(r.planOrdinal) + " " + lens_name(r.lensId, r.subLensId) + " " +
                std::string(contracts::to_string(r.status)) + (r.degraded ? " (degraded)" : "") +
                ", " + std::to_string(r.findings.size()) + " finding(s), " +
                std::to_string(blocking) + " blocking";
            for (const auto code : r.errorCodes) {
                line += ", " + std::string(contracts::to_string(code));
            }
            return line;
        });
    }
    log.info("verdict", [&] {
        const auto& v = out.result.finalVerdict;
        return out.label + ": " + std::string(contracts::to_string(v.status)) + ", " +
               std::to_string(v.blockingFindings.size()) + " blocking finding(s); lenses " +
               ms(dispatch) + ", decide " + ms(decide);
    });
}

}  // namespace qa::orchestrator

#include "lenses/gate_lens.hpp"

#include <algorithm>
#include <cctype>

#include "input/run_input.hpp"
#include "lenses/api/findings.hpp"
#include "rules/suppression.hpp"

namespace qa::lenses {
namespace {

constexpr const char* kRuleId = "gate-weakened";

contracts::Finding weakened(const contracts::LensPlan& plan, const std::string& file,
                            std::int64_t line, const std::string& summary, json::Value evidence,
                            const std::string& evidence_key) {
    return lenses::api::make_finding(plan, kRuleId, contracts::Severity::low, false, file, line,
                                     summary, std::move(evidence),
                                     std::string(kRuleId) + "\n" + evidence_key);
}

}  // namespace

contracts::LensResult GateLens::run(const contracts::LensPlan& plan,
                                    const lenses::api::LensContext& context) const {
    std::vector<contracts::Finding> findings;
    std::size_t suppressions = 0;
    for (const auto& path : plan.changedFiles) {
        if (context.should_stop()) {
            throw std::runtime_error("stopped: time limit or cancellation");
        }
        for (const auto& change : context.run.gateChanges) {
            if (change.file == path) {
                findings.push_back(weakened(plan, change.shownAs.value_or(path), change.line,
                                            change.summary, json::Object{{"key", change.key}},
                                            change.key + "\n" + change.summary));
            }
        }
        const lenses::api::ChangedFileView* view = context.changes.file(path);
        // A whole-file audit (--all-files) adds no line: the directives already in the tree are
        // not this change's doing.
        if (view == nullptr || view->binary || view->addedLines.every_line()) {
            continue;
        }
        for (const auto& added : view->addedLines.read()) {
            if (added.text.find("qa-skill") == std::string_view::npos) {
                continue;
            }
            // Only ids a rule can have: `<rule-id>` in a comment explaining the syntax is none.
            std::string list;
            for (const auto& id : rules::allowed_ids(added.text)) {
                const bool plausible = std::all_of(id.begin(), id.end(), [](char c) {
                    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' ||
                           c == '_' || c == '.' || c == '/';
                });
                if (plausible) {
                    list += (list.empty() ? "" : ", ") + id;
                }
            }
            if (list.empty()) {
                continue;
            }
            ++suppressions;
            findings.push_back(weakened(plan, path, added.lineNo,
                                        "Inline suppression added: " + list,
                                        json::Object{{"suppressedRuleIds", list}}, list));
        }
    }
    return lenses::api::completed_result(
        plan, std::move(findings),
        {std::to_string(plan.changedFiles.size()) + " file(s) checked, " +
         std::to_string(suppressions) + " suppression(s) added"});
}

}  // namespace qa::lenses

#include "verdict/rule_overrides.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace qa::verdict {

void apply_rule_overrides(const input::RunInput& input,
                          std::vector<contracts::LensResult>& results) {
    for (auto& result : results) {
        const input::LensInput* lens = input.lens(result.lensId);
        const contracts::Severity* block_at =
            lens != nullptr && lens->blockAt ? &*lens->blockAt : nullptr;
        std::map<std::string, std::size_t> dropped;
        std::erase_if(result.findings, [&](const contracts::Finding& f) {
            const auto o = input.rules.find(f.ruleId);
            if (o != input.rules.end() && !o->second.enabled) {
                ++dropped[f.ruleId];
                return true;
            }
            return false;
        });
        for (auto& f : result.findings) {
            const auto o = input.rules.find(f.ruleId);
            if (o != input.rules.end() && o->second.severity) {
                f.severity = *o->second.severity;
            }
            // A directive written wrong or suppressing nothing is never a reason to block.
            const bool about_directives =
                f.ruleId == "invalid-suppression" || f.ruleId == "unused-suppression";
            if (block_at != nullptr && !about_directives) {
                f.blocking = f.severity <= *block_at;  // critical is the enum's first value
            }
        }
        for (const auto& [rule, count] : dropped) {
            result.evidenceSummary.push_back(std::to_string(count) + " finding(s) of " + rule +
                                             " dropped: the rule is disabled by rules." + rule +
                                             ".enabled");
        }
    }
}

}  // namespace qa::verdict

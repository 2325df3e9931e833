#include "config/weakening.hpp"

#include <algorithm>
#include <set>

namespace qa::config {
namespace {

/// The patterns of `after` that `before` does not have, joined for a message.
std::string added_patterns(const std::vector<std::string>& before,
                           const std::vector<std::string>& after) {
    const std::set<std::string> old(before.begin(), before.end());
    std::string out;
    for (const auto& p : after) {
        if (old.count(p) == 0) {
            out += (out.empty() ? "" : ", ") + p;
        }
    }
    return out;
}

}  // namespace

std::vector<Weakening> weakenings(const Config& before, const Config& after) {
    std::vector<Weakening> out;
    if (before.runMode == contracts::RunMode::strict &&
        after.runMode != contracts::RunMode::strict) {
        out.push_back({"run_mode", "run_mode is no longer strict: a degraded lens may pass"});
    }
    if (const auto added = added_patterns(before.exclude, after.exclude); !added.empty()) {
        out.push_back({"exclude", "files excluded from every lens: " + added});
    }
    for (const auto& [id, old] : before.lenses) {
        const auto it = after.lenses.find(id);
        if (it == after.lenses.end()) {
            continue;  // an external lens removed: not a built-in check given up
        }
        const LensSettings& now = it->second;
        const std::string key = "lenses." + id;
        if (old.enabled && !now.enabled) {
            out.push_back({key + ".enabled", "the " + id + " lens is disabled"});
        } else if (old.enabled && old.required && !now.required) {
            out.push_back({key + ".required", "the " + id + " lens is no longer required"});
        }
        if (!now.enabled) {
            continue;
        }
        if (const auto added = added_patterns(old.exclude, now.exclude); !added.empty()) {
            out.push_back({key + ".exclude", "files excluded from the " + id + " lens: " + added});
        }
        // Severity is declared critical first: a smaller value is a higher threshold.
        if (now.blockAt && (!old.blockAt || *now.blockAt < *old.blockAt)) {
            out.push_back({key + ".block_at", "the " + id + " lens blocks only at " +
                                                  std::string(contracts::to_string(*now.blockAt)) +
                                                  " and above"});
        } else if (old.blockAt && !now.blockAt) {
            // From "everything at or above X blocks" back to each rule's own say: a rule that
            // does not block by itself no longer blocks at X.
            out.push_back({key + ".block_at", "the " + id + " lens no longer blocks at " +
                                                  std::string(contracts::to_string(*old.blockAt)) +
                                                  " and above"});
        }
    }
    // An override taken away gives the rule back its own setting, which this file does not
    // see: a rule switched on may be off by default, a severity may be lower.
    for (const auto& [id, old] : before.rules) {
        const auto it = after.rules.find(id);
        const RuleOverride now = it == after.rules.end() ? RuleOverride{} : it->second;
        const std::string key = "rules." + id;
        if (old.enabled == std::optional<bool>(true) && !now.enabled) {
            out.push_back({key + ".enabled", "the rule " + id + " is no longer switched on"});
        }
        if (old.severity && !now.severity) {
            out.push_back({key + ".severity", "the rule " + id + " no longer has severity " +
                                                  std::string(contracts::to_string(*old.severity)) +
                                                  "; it has its own again"});
        }
    }
    for (const auto& [id, now] : after.rules) {
        const auto it = before.rules.find(id);
        const RuleOverride old = it == before.rules.end() ? RuleOverride{} : it->second;
        const std::string key = "rules." + id;
        if (now.enabled == std::optional<bool>(false) &&
            old.enabled != std::optional<bool>(false)) {
            out.push_back({key + ".enabled", "the rule " + id + " is disabled"});
        } else if (now.severity && now.severity != old.severity) {
            // The rule's own severity is data this file does not see: any override is shown.
            out.push_back(
                {key + ".severity", "the rule " + id + " is given severity " +
                                        std::string(contracts::to_string(*now.severity))});
        }
    }
    return out;
}

}  // namespace qa::config

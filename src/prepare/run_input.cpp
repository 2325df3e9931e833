#include "prepare/run_input.hpp"

#include "prepare/frozen_rubric.hpp"

namespace qa::prepare {

input::RunInput make_run_input(const config::Config& config, const plan::Registry& registry,
                               contracts::SkillInput skill) {
    input::RunInput input;
    input.skill = std::move(skill);
    input.configSource = config.source;
    input.layers = config.layers;
    for (const auto& [id, o] : config.rules) {
        input::RuleSetting& rule = input.rules[id];
        rule.enabled = o.enabled.value_or(true);
        rule.severity = o.severity;
    }
    input.maxContextBytes = config.maxContextBytes;
    input.maxChangedFiles = config.maxChangedFiles;
    input.maxChangedLines = config.maxChangedLines;
    input.exclude = config.exclude;
    input.rubric = frozen_rubric(config);
    for (const auto& entry : registry.lenses) {
        input::LensInput lens;
        lens.lensId = entry.lensId;
        lens.kind = entry.kind;
        lens.lensClass = entry.lensClass;
        lens.lensVersion = entry.lensVersion;
        for (const auto& sub : entry.subLenses) {
            if (sub.subLensId) {
                lens.subLensIds.insert(*sub.subLensId);
                if (sub.model) {
                    lens.modelSubLensIds.insert(*sub.subLensId);
                }
            }
        }
        if (const auto it = config.lenses.find(entry.lensId); it != config.lenses.end()) {
            const config::LensSettings& s = it->second;
            lens.enabled = s.enabled;
            lens.required = s.required;
            lens.mode = s.mode;
            lens.diffContext = s.diffContext;
            lens.timeout = std::chrono::milliseconds(s.timeoutMs);
            lens.permissionProfile = s.permissionProfile;
            for (const auto& p : config.providers) {
                if (s.provider && p.bindingId == *s.provider) {
                    lens.provider = p;
                }
            }
            lens.maxInputTokens = s.maxInputTokens;
            lens.maxOutputTokens = s.maxOutputTokens;
            lens.maxCostUsd = s.maxCostUsd;
            lens.overflowPolicy = s.overflowPolicy;
            lens.options = s.options;
            lens.blockAt = s.blockAt;
            if (s.external) {
                lens.command = s.external->command;
            }
            for (const auto& [sub, settings] : s.subLenses) {
                lens.subLensRequired.emplace(sub, settings.required);
            }
            lens.exclude = s.exclude;
            if (s.cacheTtlMinutes) {
                lens.cacheTtl = std::chrono::minutes(*s.cacheTtlMinutes);
            }
        }
        input.lenses.emplace(entry.lensId, std::move(lens));
    }
    return input;
}

}  // namespace qa::prepare

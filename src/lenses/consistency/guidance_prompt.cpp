#include "lenses/consistency/guidance_prompt.hpp"

#include "util/sha256.hpp"

namespace qa::lenses::consistency {

model::Instructions guidance_instructions(const rubric::Rubric& rubric,
                                          const model::SecretLines& secrets) {
    std::string text = rubric.promptTemplate;
    text += "\n# Rubric version " + std::to_string(rubric.rubricVersion) + "\n\n";
    for (const auto& rule : rubric.rules) {
        if (rule.check) {
            continue;  // checked by qa-skill itself, not the model's to report
        }
        text += "- " + rule.ruleId + ": " + rule.summary + ". " + rule.guidance +
                " (evidence: " + rule.evidence.text + ")\n";
    }
    text += "\n# Exemplars\n";
    for (const auto& e : rubric.exemplars) {
        std::vector<std::uint32_t> numbers;
        std::vector<std::string_view> lines;
        std::string_view rest = e.text;
        while (!rest.empty()) {
            const auto nl = rest.find('\n');
            lines.push_back(rest.substr(0, nl));
            numbers.push_back(static_cast<std::uint32_t>(lines.size()));
            rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
        }
        const auto masked = secrets.find(e.path, e.language, e.text, numbers);
        text += "\n## " + e.path + "\n\n```\n";
        for (std::size_t i = 0; i < lines.size(); ++i) {
            text += masked.contains(numbers[i]) ? std::string(model::kMaskedLine)
                                                : std::string(lines[i]);
            text += '\n';
        }
        text += "```\n";
    }
    return model::Instructions{text, util::sha256_hex(text)};
}

std::optional<model::Instructions> guidance_for(const contracts::LensPlan& plan,
                                                const lenses::api::LensContext& context,
                                                const model::SecretLines& secrets) {
    (void)plan;
    if (context.run.rubric == nullptr) {
        return std::nullopt;
    }
    return guidance_instructions(*context.run.rubric, secrets);
}

}  // namespace qa::lenses::consistency

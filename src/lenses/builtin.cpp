#include "lenses/builtin.hpp"

#include <memory>

#include "lenses/layering_lens.hpp"
#include "lenses/rule_lens.hpp"
#include "plan/registry.hpp"

namespace qa::lenses {
namespace {

/// The built-in lenses, compiled from their embedded rule files once per process.
struct Builtins {
    std::unique_ptr<RuleLens> security;
    std::unique_ptr<RuleLens> style;
    std::unique_ptr<LayeringLens> architecture;

    Builtins() {
        const auto& registry = plan::builtin_registry();
        // The security and style rules compiled together: one set pass and one read of each
        // file serve both lenses. The credential rules among them also mask what they find in
        // the snippets every rule lens shows.
        static constexpr std::string_view kRuleLenses[] = {"security", "style"};
        const auto rules = std::make_shared<const rules::RuleSet>(
            rules::RuleSet::from_embedded_lenses(kRuleLenses));
        // security: credential rules apply to every file (no languages); unsafe-code rules are
        // per language. The sub-lens decides which of the two families runs.
        security = std::make_unique<RuleLens>(
            "security", registry.find("security")->lensVersion, contracts::LensClass::security,
            rules,
            [](const std::optional<std::string>& sub, const rules::Rule& rule) {
                if (rule.lens != "security") {
                    return false;
                }
                if (sub == std::optional<std::string>("secrets")) {
                    return rule.languages.empty();
                }
                if (sub == std::optional<std::string>("unsafe-code")) {
                    return !rule.languages.empty();
                }
                return true;
            },
            false, rules);
        style = std::make_unique<RuleLens>(
            "style", registry.find("style")->lensVersion, contracts::LensClass::style, rules,
            [](const std::optional<std::string>&, const rules::Rule& rule) {
                return rule.lens == "style";
            },
            true, rules);
        architecture = std::make_unique<LayeringLens>(registry.find("architecture")->lensVersion);
    }
};

}  // namespace

const dispatch::Lens* builtin_lens(std::string_view lens_id) {
    // Immutable after construction; C++ guarantees a thread-safe one-time initialisation.
    static const Builtins builtins;
    if (lens_id == "security") {
        return builtins.security.get();
    }
    if (lens_id == "style") {
        return builtins.style.get();
    }
    if (lens_id == "architecture") {
        return builtins.architecture.get();
    }
    return nullptr;
}

}  // namespace qa::lenses

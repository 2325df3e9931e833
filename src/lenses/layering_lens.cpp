#include "lenses/layering_lens.hpp"

#include <algorithm>

#include "lenses/api/findings.hpp"
#include "lenses/imports.hpp"
#include "rules/suppression.hpp"
#include "settings/layer_rule.hpp"
#include "util/glob.hpp"

namespace qa::lenses {
namespace {

constexpr const char* kRuleId = "layer-violation";

bool any_match(const std::vector<std::string>& globs, std::string_view path) {
    return std::any_of(globs.begin(), globs.end(),
                       [&](const std::string& g) { return util::glob_match(g, path); });
}

}  // namespace

contracts::LensResult LayeringLens::run(const contracts::LensPlan& plan,
                                        const lenses::api::LensContext& context) const {
    std::vector<contracts::Finding> findings;
    const auto& layers = context.run.layers;
    std::size_t imports_checked = 0;
    for (const auto& path : plan.changedFiles) {
        if (layers.empty()) {
            break;
        }
        if (context.should_stop()) {
            throw std::runtime_error("stopped: time limit or cancellation");
        }
        const lenses::api::ChangedFileView* view = context.changes.file(path);
        if (view == nullptr || view->deleted || view->binary) {
            continue;
        }
        std::vector<const settings::LayerRule*> applicable;
        for (const auto& layer : layers) {
            if (any_match(layer.from, path)) {
                applicable.push_back(&layer);
            }
        }
        if (applicable.empty()) {
            continue;
        }
        std::string_view previous;
        for (const auto& added : view->addedLines.read()) {
            const auto targets = import_targets(view->language, path, added.text);
            if (!targets.empty()) {
                ++imports_checked;
            }
            for (const settings::LayerRule* layer : applicable) {
                const auto hit = std::find_if(targets.begin(), targets.end(), [&](const auto& t) {
                    return any_match(layer->deny, t);
                });
                if (hit == targets.end() || rules::suppressed(added.text, previous, kRuleId)) {
                    continue;
                }
                const std::string name = layer->name.empty() ? "layer rule" : layer->name;
                findings.push_back(lenses::api::make_finding(
                    plan, kRuleId, contracts::Severity::high, true, path, added.lineNo,
                    name + ": " + path + " may not import " + *hit,
                    json::Object{{"layer", name},
                                 {"import", *hit},
                                 {"fix",
                                  "depend on an allowed layer instead, or change the "
                                  "layer rule in .qa-skill.toml"}},
                    name + '\0' + *hit));
            }
            previous = added.text;
        }
    }
    return lenses::api::completed_result(
        plan, std::move(findings),
        {std::to_string(layers.size()) + " layer rule(s), " + std::to_string(imports_checked) +
         " import line(s) checked"});
}

}  // namespace qa::lenses

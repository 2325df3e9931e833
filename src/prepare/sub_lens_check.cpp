#include "prepare/sub_lens_check.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "util/suggest.hpp"
#include "util/toml_reader.hpp"

namespace qa::prepare {

void check_sub_lens_settings(const config::Config& config, const plan::Registry& registry) {
    for (const auto& [lens_id, settings] : config.lenses) {
        if (settings.subLenses.empty()) {
            continue;
        }
        const plan::LensEntry* entry = registry.find(lens_id);
        std::vector<std::string> known;
        for (const auto& sub :
             entry != nullptr ? entry->subLenses : std::vector<plan::SubLensEntry>{}) {
            if (sub.subLensId) {
                known.push_back(*sub.subLensId);
            }
        }
        for (const auto& [sub_id, sub] : settings.subLenses) {
            if (std::find(known.begin(), known.end(), sub_id) != known.end()) {
                continue;
            }
            const std::string problem = known.empty()
                                            ? "the lens '" + lens_id + "' has no sub-lenses"
                                            : "the lens '" + lens_id + "' has no sub-lens '" +
                                                  sub_id + "'" + util::did_you_mean(sub_id, known) +
                                                  "; expected " + util::one_of(known);
            throw settings::ConfigError(config.source, sub.line, sub.column,
                                        "lenses." + lens_id + "." + sub_id, problem);
        }
    }
}

}  // namespace qa::prepare

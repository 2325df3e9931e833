#include "prepare/frozen_rubric.hpp"

#include "config/rubric_file.hpp"
#include "rubric/store.hpp"

namespace qa::prepare {

std::shared_ptr<const rubric::Rubric> frozen_rubric(const config::Config& config) {
    if (!config.rubric) {
        return nullptr;
    }
    const auto lens = config.lenses.find("consistency");
    const std::int64_t version =
        lens != config.lenses.end() ? lens->second.rubricVersion.value_or(0) : 0;
    try {
        return std::make_shared<const rubric::Rubric>(
            rubric::load_frozen(config.rubric->text, config.rubric->path, version));
    } catch (const rubric::RubricError& e) {
        throw config::rubric_error(config, e.what());
    }
}

std::set<std::string> rubric_rule_ids(const rubric::Rubric* rubric) {
    std::set<std::string> ids;
    if (rubric != nullptr) {
        for (const auto& r : rubric->rules) {
            ids.insert(r.ruleId);
        }
    }
    return ids;
}

}  // namespace qa::prepare

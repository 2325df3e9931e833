#include "config/execution_hash.hpp"

#include "json/canonical.hpp"
#include "util/sha256.hpp"

namespace qa::config {

std::string execution_config_hash(const Config& config) {
    const json::Value all = normalized(config);
    json::Object subset;
    for (const char* key : {"allow_execution_lens_classes", "default_permission_profile",
                            "permission_profiles", "providers"}) {
        if (const json::Value* v = all.find(key)) {
            subset.emplace_back(key, *v);
        }
    }
    json::Object lenses;
    for (const auto& [id, lens] : config.lenses) {
        lenses.emplace_back(
            id, json::Object{{"permission_profile", contracts::to_string(lens.permissionProfile)},
                             {"options", lens.options}});
        if (lens.external) {  // the program an external lens runs is what trust is about
            json::Array command(lens.external->command.begin(), lens.external->command.end());
            lenses.back().second.as_object().emplace_back("command", std::move(command));
        }
    }
    subset.emplace_back("lenses", std::move(lenses));
    return util::sha256_hex(json::canonical(json::Value(std::move(subset))));
}

}  // namespace qa::config

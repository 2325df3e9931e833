#include "prepare/run_environment.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>

#include "lenses/model/team_cache.hpp"

namespace qa::prepare {

providers::KeyLookup read_variables(const std::vector<std::string>& names) {
    auto values = std::make_shared<std::map<std::string, std::string, std::less<>>>();
    for (const auto& name : names) {
        const char* value = name.empty() ? nullptr : std::getenv(name.c_str());
        if (value != nullptr && *value != '\0') {
            values->emplace(name, value);
        }
    }
    return [values](const std::string& name) -> std::optional<std::string> {
        const auto it = values->find(name);
        return it == values->end() ? std::nullopt : std::optional(it->second);
    };
}

providers::KeyLookup read_keys(const std::vector<settings::ProviderSettings>& providers) {
    std::vector<std::string> names;
    names.reserve(providers.size());
    for (const auto& p : providers) {
        names.push_back(p.apiKeyEnv);
    }
    return read_variables(names);
}

cache::TieredOptions read_team_cache(const settings::CacheSettings& team) {
    std::vector<std::string> names{team.hmacKeyEnv};
    names.reserve(1 + team.remotes.size());
    for (const auto& remote : team.remotes) {
        names.push_back(remote.credentialEnv);
    }
    const providers::KeyLookup variables = read_variables(names);
    cache::TieredOptions options = lenses::model::team_cache_options(team, variables);
    if (const auto off = lenses::model::team_cache_off(team, variables)) {
        std::fprintf(stderr, "qa-skill: warning: %s\n", off->c_str());
    }
    return options;
}

}  // namespace qa::prepare

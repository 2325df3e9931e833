#include "lenses/model/team_cache.hpp"

#include "cache/remote/spec.hpp"
#include "lenses/model/answer_cache.hpp"
#include "settings/config_error.hpp"

namespace qa::lenses::model {

std::optional<std::string> team_cache_off(const settings::CacheSettings& team,
                                          const providers::KeyLookup& variables) {
    if (team.hmacKeyEnv.empty() || team.remotes.empty() || variables(team.hmacKeyEnv)) {
        return std::nullopt;
    }
    return "[cache] hmac_key_env names " + team.hmacKeyEnv +
           ", which is not set; the team cache is off for this run";
}

cache::TieredOptions team_cache_options(const settings::CacheSettings& team,
                                        const providers::KeyLookup& variables) {
    cache::TieredOptions options;
    options.remote.timeoutMs = team.timeoutMs;
    for (const auto& remote : team.remotes) {
        if (const std::string problem = cache::remote::url_problem(remote.url); !problem.empty()) {
            throw settings::ConfigError(remote.source, remote.line, remote.column, "cache.remote",
                                        problem);
        }
        options.remotes.push_back(
            {remote.url, remote.readOnly, remote.credentialEnv, remote.clusterNodes,
             remote.credentialEnv.empty() ? std::nullopt : variables(remote.credentialEnv)});
    }
    if (team_cache_off(team, variables)) {
        options.remotes.clear();
    } else if (!team.hmacKeyEnv.empty() && !options.remotes.empty()) {
        options.hmacKey = variables(team.hmacKeyEnv);
    }
    return options;
}

void accept_sound_answers(cache::TieredOptions& options, const json::SchemaValidator& findings) {
    options.accept = [&findings](std::string_view value) {
        return answer_is_sound(value, findings);
    };
}

}  // namespace qa::lenses::model

#include "lenses/model/team_cache.hpp"

#include <cstdio>
#include <cstdlib>

#include "cache/remote/spec.hpp"
#include "lenses/model/answer_cache.hpp"
#include "settings/config_error.hpp"

namespace qa::lenses::model {

cache::TieredOptions team_cache_options(const settings::CacheSettings& team,
                                        const json::SchemaValidator& findings) {
    cache::TieredOptions options;
    options.remote.timeoutMs = team.timeoutMs;
    options.accept = [&findings](std::string_view value) {
        return answer_is_sound(value, findings);
    };
    for (const auto& remote : team.remotes) {
        if (const std::string problem = cache::remote::url_problem(remote.url); !problem.empty()) {
            throw settings::ConfigError(remote.source, remote.line, remote.column, "cache.remote",
                                        problem);
        }
        options.remotes.push_back(
            {remote.url, remote.readOnly, remote.credentialEnv, remote.clusterNodes});
    }
    if (!team.hmacKeyEnv.empty() && !options.remotes.empty()) {
        const char* key = std::getenv(team.hmacKeyEnv.c_str());
        if (key == nullptr || *key == '\0') {
            // Unsigned records must not be trusted, nor written where signed ones are expected.
            std::fprintf(stderr,
                         "qa-skill: warning: [cache] hmac_key_env names %s, which is not set; "
                         "the team cache is off for this run\n",
                         team.hmacKeyEnv.c_str());
            options.remotes.clear();
        } else {
            options.hmacKey = std::string(key);
        }
    }
    return options;
}

}  // namespace qa::lenses::model

#include <algorithm>
#include <tuple>

#include "config/config.hpp"
#include "json/canonical.hpp"
#include "util/sha256.hpp"

namespace qa::config {
namespace {

template <class T>
json::Value optional_json(const std::optional<T>& v) {
    return v ? json::Value(*v) : json::Value();
}

json::Value strings_json(const std::vector<std::string>& list) {
    json::Array out(list.begin(), list.end());
    return out;
}

json::Object lens_json(const LensSettings& l) {
    json::Object out{{"enabled", l.enabled},
                     {"required", l.required},
                     {"mode", to_string(l.mode)},
                     {"diff_context", l.diffContext},
                     {"timeout_ms", l.timeoutMs},
                     {"provider", optional_json(l.provider)},
                     {"permission_profile", to_string(l.permissionProfile)},
                     {"max_input_tokens", l.maxInputTokens},
                     {"max_output_tokens", l.maxOutputTokens},
                     {"max_cost_usd", optional_json(l.maxCostUsd)},
                     {"overflow_policy", to_string(l.overflowPolicy)},
                     {"options", l.options}};
    // Absent when unused, so that older configurations keep their hash.
    if (!l.exclude.empty()) {
        out.emplace_back("exclude", strings_json(l.exclude));
    }
    if (l.blockAt) {
        out.emplace_back("block_at", to_string(*l.blockAt));
    }
    if (l.external) {
        out.emplace_back("external", json::Object{{"class", to_string(l.external->lensClass)},
                                                  {"command", strings_json(l.external->command)},
                                                  {"version", l.external->version},
                                                  {"paths", strings_json(l.external->paths)}});
    }
    if (l.cacheTtlMinutes) {
        out.emplace_back("cache_ttl_minutes", *l.cacheTtlMinutes);
    }
    if (l.rubricVersion) {
        out.emplace_back("rubric_version", *l.rubricVersion);
        out.emplace_back("rubric_dir", l.rubricDir);
    }
    for (const auto& [id, sub] : l.subLenses) {
        out.emplace_back(id, json::Object{{"required", sub.required}});
    }
    return out;
}

json::Object provider_json(const settings::ProviderSettings& p) {
    return json::Object{{"adapter", to_string(p.adapter)},
                        {"model", p.model},
                        {"base_url", p.baseUrl},
                        {"api_key_env", p.apiKeyEnv},
                        {"timeout_ms", p.timeoutMs},
                        {"max_tokens", p.maxTokens},
                        {"seed", optional_json(p.seed)},
                        {"api", to_string(p.api)},
                        {"sampling", p.sampling},
                        {"input_usd_per_mtok", optional_json(p.inputUsdPerMtok)},
                        {"output_usd_per_mtok", optional_json(p.outputUsdPerMtok)}};
}

json::Object profile_json(const settings::ProfileSettings& p) {
    json::Array prefixes;
    for (const auto& argv : p.allowedCommandPrefixes) {
        prefixes.push_back(strings_json(argv));
    }
    json::Object o{{"allowed_command_prefixes", std::move(prefixes)},
                   {"max_commands_per_plan", p.maxCommandsPerPlan},
                   {"command_timeout_ms", p.commandTimeoutMs},
                   {"max_stdout_bytes", p.maxStdoutBytes},
                   {"max_stderr_bytes", p.maxStderrBytes},
                   {"env_allowlist", strings_json(p.envAllowlist)}};
    // The sandbox's keys only when set: a configuration that does not use them keeps its
    // configHash, so its executionKeys and its trust stay what they were.
    if (!p.readOnlyPaths.empty()) {
        o.emplace_back("read_only_paths", strings_json(p.readOnlyPaths));
    }
    const settings::ProfileSettings defaults;
    for (const auto& [key, value, fallback] :
         {std::tuple{"max_processes", p.maxProcesses, defaults.maxProcesses},
          std::tuple{"max_memory_mb", p.maxMemoryMb, defaults.maxMemoryMb},
          std::tuple{"max_file_size_mb", p.maxFileSizeMb, defaults.maxFileSizeMb},
          std::tuple{"tmp_size_mb", p.tmpSizeMb, defaults.tmpSizeMb}}) {
        if (value != fallback) {
            o.emplace_back(key, value);
        }
    }
    return o;
}

}  // namespace

json::Value normalized(const Config& c) {
    json::Object lenses;
    for (const auto& [id, l] : c.lenses) {
        lenses.emplace_back(id, lens_json(l));
    }
    json::Object providers;
    for (const auto& p : c.providers) {
        providers.emplace_back(p.bindingId, provider_json(p));
    }
    json::Object profiles;
    for (const auto& p : c.permissionProfiles) {
        profiles.emplace_back(to_string(p.profileId), profile_json(p));
    }
    json::Array layers;
    for (const auto& l : c.layers) {
        layers.push_back(json::Object{
            {"name", l.name}, {"from", strings_json(l.from)}, {"deny", strings_json(l.deny)}});
    }
    // Execution classes are a set: their order in the file must not change the hash.
    std::vector<std::string> classes;
    for (const auto cls : c.allowExecutionLensClasses) {
        classes.emplace_back(to_string(cls));  // contracts::to_string by ADL
    }
    std::sort(classes.begin(), classes.end());
    classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
    json::Object out{
        {"run_mode", to_string(c.runMode)},
        {"base_ref", optional_json(c.baseRef)},
        {"repo_id", optional_json(c.repoId)},
        {"max_concurrency", c.maxConcurrency},
        {"artifact_root", c.artifactRoot},
        {"baseline", c.baseline},
        {"allow_execution_lens_classes", strings_json(classes)},
        {"default_permission_profile", to_string(c.defaultPermissionProfile)},
        {"budget", json::Object{{"run_max_tokens", c.runMaxTokens},
                                {"run_max_cost_usd", optional_json(c.runMaxCostUsd)},
                                {"max_changed_files", c.maxChangedFiles},
                                {"max_changed_lines", c.maxChangedLines},
                                {"max_context_bytes", c.maxContextBytes}}},
        {"lenses", std::move(lenses)},
        {"providers", std::move(providers)},
        {"permission_profiles", std::move(profiles)},
        {"architecture", json::Object{{"layers", std::move(layers)}}},
    };
    if (c.artifactRetention !=
        settings::defaults::kArtifactRetention) {  // likewise absent by default
        out.emplace_back("artifact_retention", c.artifactRetention);
    }
    if (!c.exclude.empty()) {  // absent when unused: older configurations keep their hash
        out.emplace_back("exclude", strings_json(c.exclude));
    }
    if (!c.rulesFiles.empty()) {
        json::Array files;
        for (const auto& f : c.rulesFiles) {
            files.push_back(json::Object{{"path", f.path}, {"sha256", f.sha256}});
        }
        out.emplace_back("rules_files", std::move(files));
    }
    if (c.rubric) {
        out.emplace_back("rubric",
                         json::Object{{"path", c.rubric->path}, {"sha256", c.rubric->sha256}});
    }
    if (!c.rules.empty()) {
        json::Object rules;
        for (const auto& [id, o] : c.rules) {
            json::Object entry;
            if (o.enabled) {
                entry.emplace_back("enabled", *o.enabled);
            }
            if (o.severity) {
                entry.emplace_back("severity", to_string(*o.severity));
            }
            rules.emplace_back(id, std::move(entry));
        }
        out.emplace_back("rules", std::move(rules));
    }
    return out;
}

json::Value cache_json(const settings::CacheSettings& cache) {
    const auto name_or_null = [](const std::string& name) {
        return name.empty() ? json::Value() : json::Value(name);
    };
    json::Array remotes;
    for (const auto& r : cache.remotes) {
        remotes.push_back(json::Object{{"url", r.url},
                                       {"read_only", r.readOnly},
                                       {"credential_env", name_or_null(r.credentialEnv)},
                                       {"cluster_nodes", strings_json(r.clusterNodes)},
                                       {"source", r.source}});
    }
    return json::Object{{"remote", std::move(remotes)},
                        {"timeout_ms", cache.timeoutMs},
                        {"hmac_key_env", name_or_null(cache.hmacKeyEnv)}};
}

std::string config_hash(const Config& config) {
    return util::sha256_hex(json::canonical(normalized(config)));
}

}  // namespace qa::config

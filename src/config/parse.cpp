#include <algorithm>

#include "config/architecture_reader.hpp"
#include "config/cache_reader.hpp"
#include "config/config.hpp"
#include "config/lens_reader.hpp"
#include "config/profile_reader.hpp"
#include "config/provider_reader.hpp"
#include "config/repo_file.hpp"
#include "config/settings_reader.hpp"

namespace qa::config {
namespace {

/// `baseline`: a repository-relative path, read from the tree under test.
void read_baseline(util::TomlReader& r, Config& config) {
    if (const auto baseline = r.string("baseline")) {
        if (const auto problem = repo_path_problem(*baseline)) {
            r.fail_at(r.get("baseline")->source(), "baseline", *problem);
        }
        config.baseline = *baseline;
    }
}

/// `rules_files`: repository-relative paths of rules files, read from the tree under test.
void read_rules_files(util::TomlReader& r, Config& config) {
    for (const auto& path : r.strings("rules_files")) {
        settings::RulesFile f;
        f.path = path.value;
        f.line = path.node->source().begin.line;
        f.column = path.node->source().begin.column;
        if (const auto problem = repo_path_problem(f.path)) {
            r.fail_at(path.node->source(), "rules_files", *problem);
        }
        config.rulesFiles.push_back(std::move(f));
    }
}

void read_budget(util::TomlReader& b, Config& config) {
    assign(b.integer("run_max_tokens", 0, INT64_C(1) << 40), config.runMaxTokens);
    read_cost(b, "run_max_cost_usd", config.runMaxCostUsd);
    assign(b.integer("max_changed_files", 1, 10000000), config.maxChangedFiles);
    assign(b.integer("max_changed_lines", 1, INT64_C(1) << 40), config.maxChangedLines);
    assign(b.integer("max_context_bytes", 1024, INT64_C(1) << 34), config.maxContextBytes);
    b.reject_unknown();
}

/// `[rules.<id>]`: a built-in rule switched off or given another severity. Whether the id
/// names a rule is checked later, against the rules the run loads (prepare::check_config).
void read_rule_overrides(util::TomlReader& r, Config& config) {
    const toml::table* rules = r.table("rules");
    if (rules == nullptr) {
        return;
    }
    for (const auto& [key, node] : *rules) {
        const std::string full = "rules." + std::string(key.str());
        if (!node.is_table()) {
            r.fail_at(node.source(), full, "expected a table, got " + util::toml_type_name(node));
        }
        util::TomlReader t = r.nested(*node.as_table(), full);
        RuleOverride o;
        o.line = key.source().begin.line;
        o.column = key.source().begin.column;
        o.enabled = t.boolean("enabled");
        o.severity = read_enum<contracts::Severity>(t, "severity");
        t.reject_unknown();
        config.rules[std::string(key.str())] = o;
    }
}

/// A lens may only name a provider binding that exists.
void check_provider_references(const toml::table& root, const Config& config) {
    for (const auto& [id, lens] : config.lenses) {
        // Not captured by the lambda: clang before 16 rejects capturing structured bindings.
        const std::optional<std::string>& provider = lens.provider;
        if (provider && std::none_of(config.providers.begin(), config.providers.end(),
                                     [&](const settings::ProviderSettings& p) {
                                         return p.bindingId == *provider;
                                     })) {
            const toml::node* node = root.at_path("lenses." + id + ".provider").node();
            const auto where = node ? node->source() : root.source();
            throw settings::ConfigError(
                config.source, where.begin.line, where.begin.column, "lenses." + id + ".provider",
                "no [providers." + *lens.provider + "] table defines this binding");
        }
    }
}

}  // namespace

Config parse_config(std::string_view text, const std::string& source,
                    std::span<const std::string> known_lens_ids) {
    const toml::table root = util::parse_toml(text, source, &util::raise_as<settings::ConfigError>);
    Config config;
    config.source = source;
    util::TomlReader r = config_reader(root, "", config.source);
    assign(read_enum<contracts::RunMode>(r, "run_mode"), config.runMode);
    assign(r.string("base_ref"), config.baseRef);
    assign(r.string("repo_id"), config.repoId);
    assign(r.integer("max_concurrency", 1, 256), config.maxConcurrency);
    assign(r.string("artifact_root"), config.artifactRoot);
    assign(r.integer("artifact_retention", 1, 100000), config.artifactRetention);
    read_baseline(r, config);
    config.allowExecutionLensClasses =
        read_enums<contracts::LensClass>(r, "allow_execution_lens_classes");
    assign(read_enum<contracts::PermissionProfileId>(r, "default_permission_profile"),
           config.defaultPermissionProfile);
    config.exclude = util::values_of(r.strings("exclude"));
    read_rules_files(r, config);
    if (const toml::table* budget = r.table("budget")) {
        util::TomlReader b = r.nested(*budget, "budget");
        read_budget(b, config);
    }
    // Every known lens has settings, configured or not, so the hash covers the defaults too.
    // A user's file overlays the embedded default: a lens it does not mention keeps the
    // default's settings (model lenses stay off until configured).
    if (source != kEmbeddedSource) {
        config.lenses =
            parse_config(default_config_text(), std::string(kEmbeddedSource), known_lens_ids)
                .lenses;
    }
    for (const auto& id : known_lens_ids) {
        config.lenses.try_emplace(id, LensSettings{});
    }
    read_lenses(r, config, known_lens_ids);
    read_rule_overrides(r, config);
    read_providers(r, config);
    read_permission_profiles(r, config);
    if (const toml::table* cache = r.table("cache")) {
        util::TomlReader c = r.nested(*cache, "cache");
        config.cache = read_cache(c);
    }
    if (const toml::table* architecture = r.table("architecture")) {
        util::TomlReader a = r.nested(*architecture, "architecture");
        read_architecture(a, config);
    }
    r.reject_unknown();
    check_provider_references(root, config);
    return config;
}

}  // namespace qa::config

#include "config/config.hpp"

#include <toml++/toml.h>
#include <algorithm>
#include <cctype>
#include <set>
#include <type_traits>

#include "config/rules_files.hpp"
#include "json/canonical.hpp"
#include "util/embedded_files.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::config {
namespace {

constexpr std::string_view kEmbeddedSource = "<embedded default>";

/// The spellings of every value of an enum, in declaration order, for lookups and messages.
template <class E>
std::vector<std::string> names_of(std::span<const E> values) {
    std::vector<std::string> out;
    for (const E value : values) {
        out.emplace_back(to_string(value));  // contracts:: or config:: by ADL
    }
    return out;
}

template <class E>
std::span<const E> values_of() {
    if constexpr (std::is_same_v<E, LensMode>) {
        return kLensModes;
    } else if constexpr (std::is_same_v<E, OpenAiApi>) {
        return kOpenAiApis;
    } else {
        return contracts::enum_values<E>();
    }
}

std::string type_name(const toml::node& node) {
    switch (node.type()) {
        case toml::node_type::string:
            return "a string";
        case toml::node_type::integer:
            return "an integer";
        case toml::node_type::floating_point:
            return "a float";
        case toml::node_type::boolean:
            return "a boolean";
        case toml::node_type::array:
            return "an array";
        case toml::node_type::table:
            return "a table";
        default:
            return "a date or time";
    }
}

std::size_t index_in(const std::vector<std::string>& names, const std::string& name) {
    return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
}

std::string one_of(const std::vector<std::string>& allowed) {
    std::string out;
    for (const auto& a : allowed) {
        out += (out.empty() ? "\"" : ", \"") + a + "\"";
    }
    return "one of " + out;
}

/// Reads one TOML table, remembering which keys were used so that unknown ones are reported
/// with their position. Every accessor either returns a valid value or throws ConfigError.
class TableReader {
  public:
    TableReader(const toml::table& table, std::string prefix, const std::string& file)
        : table_(table), prefix_(std::move(prefix)), file_(file) {}

    [[noreturn]] void fail_at(const toml::source_region& where, const std::string& key,
                              const std::string& problem) const {
        throw ConfigError(file_, where.begin.line, where.begin.column, key, problem);
    }

    std::string full_key(std::string_view key) const {
        return prefix_.empty() ? std::string(key) : prefix_ + "." + std::string(key);
    }

    const toml::node* get(std::string_view key) {
        used_.insert(std::string(key));
        return table_.get(key);
    }

    [[noreturn]] void wrong_type(const toml::node& node, std::string_view key,
                                 const std::string& expected) const {
        fail_at(node.source(), full_key(key), "expected " + expected + ", got " + type_name(node));
    }

    void string(std::string_view key, std::string& out,
                const std::vector<std::string>& allowed = {}) {
        const toml::node* node = get(key);
        if (node == nullptr) {
            return;
        }
        if (!node->is_string()) {
            wrong_type(*node, key, "a string");
        }
        std::string value = node->as_string()->get();
        if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
            fail_at(node->source(), full_key(key),
                    "\"" + value + "\" is not valid; expected " + one_of(allowed));
        }
        out = std::move(value);
    }

    /// The value of enum E spelled at `key`; `out` is unchanged when the key is absent.
    template <class E>
    void enumeration(std::string_view key, E& out) {
        const std::vector<std::string> names = names_of(values_of<E>());
        std::string text;
        string(key, text, names);
        if (get(key) != nullptr) {
            out = values_of<E>()[index_in(names, text)];
        }
    }

    template <class E>
    void optional_enumeration(std::string_view key, std::optional<E>& out) {
        if (table_.contains(key)) {
            E value{};
            enumeration(key, value);
            out = value;
        }
    }

    /// The array of enum E values at `key`, in the file's order.
    template <class E>
    void enumeration_list(std::string_view key, std::vector<E>& out) {
        const std::vector<std::string> names = names_of(values_of<E>());
        std::vector<std::string> texts;
        string_list(key, texts, names);
        if (get(key) != nullptr) {
            out.clear();
            for (const auto& text : texts) {
                out.push_back(values_of<E>()[index_in(names, text)]);
            }
        }
    }

    void optional_string(std::string_view key, std::optional<std::string>& out) {
        if (table_.contains(key)) {
            std::string value;
            string(key, value);
            if (value.empty()) {
                fail_at(table_.get(key)->source(), full_key(key), "must not be empty");
            }
            out = std::move(value);
        }
    }

    void boolean(std::string_view key, bool& out) {
        const toml::node* node = get(key);
        if (node == nullptr) {
            return;
        }
        if (!node->is_boolean()) {
            wrong_type(*node, key, "a boolean");
        }
        out = node->as_boolean()->get();
    }

    void integer(std::string_view key, std::int64_t& out, std::int64_t min, std::int64_t max) {
        const toml::node* node = get(key);
        if (node == nullptr) {
            return;
        }
        if (!node->is_integer()) {
            wrong_type(*node, key, "an integer");
        }
        const std::int64_t value = node->as_integer()->get();
        if (value < min || value > max) {
            fail_at(node->source(), full_key(key),
                    std::to_string(value) + " is out of range; expected " + std::to_string(min) +
                        " to " + std::to_string(max));
        }
        out = value;
    }

    void optional_integer(std::string_view key, std::optional<std::int64_t>& out, std::int64_t min,
                          std::int64_t max) {
        if (table_.contains(key)) {
            std::int64_t value = 0;
            integer(key, value, min, max);
            out = value;
        }
    }

    void cost(std::string_view key, std::optional<double>& out) {
        const toml::node* node = get(key);
        if (node == nullptr) {
            return;
        }
        double value = 0;
        if (node->is_integer()) {
            value = static_cast<double>(node->as_integer()->get());
        } else if (node->is_floating_point()) {
            value = node->as_floating_point()->get();
        } else {
            wrong_type(*node, key, "a number of US dollars");
        }
        if (!(value >= 0) || value > 1e9) {
            fail_at(node->source(), full_key(key), "must be between 0 and 1e9 US dollars");
        }
        out = value;
    }

    void string_list(std::string_view key, std::vector<std::string>& out,
                     const std::vector<std::string>& allowed = {}) {
        const toml::node* node = get(key);
        if (node == nullptr) {
            return;
        }
        out = strings_of(*node, full_key(key), allowed);
    }

    std::vector<std::string> strings_of(const toml::node& node, const std::string& key,
                                        const std::vector<std::string>& allowed = {}) const {
        if (!node.is_array()) {
            fail_at(node.source(), key, "expected an array of strings, got " + type_name(node));
        }
        std::vector<std::string> out;
        for (const toml::node& item : *node.as_array()) {
            if (!item.is_string()) {
                fail_at(item.source(), key, "expected strings only, got " + type_name(item));
            }
            const std::string& value = item.as_string()->get();
            if (!allowed.empty() &&
                std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
                fail_at(item.source(), key,
                        "\"" + value + "\" is not valid; expected " + one_of(allowed));
            }
            out.push_back(value);
        }
        return out;
    }

    /// The sub-table `key`, or nullptr when absent; anything else there is an error.
    const toml::table* table(std::string_view key) {
        const toml::node* node = get(key);
        if (node == nullptr) {
            return nullptr;
        }
        if (!node->is_table()) {
            wrong_type(*node, key, "a table");
        }
        return node->as_table();
    }

    /// Reports the first key that no accessor asked for.
    void reject_unknown() const {
        for (const auto& [key, node] : table_) {
            if (used_.count(std::string(key.str())) == 0) {
                fail_at(key.source(), full_key(key.str()), "unknown key");
            }
        }
    }

    const toml::table& raw() const { return table_; }
    const std::string& file() const { return file_; }

  private:
    const toml::table& table_;
    std::string prefix_;
    const std::string& file_;
    std::set<std::string> used_;
};

json::Value to_json(const toml::node& node) {
    if (node.is_table()) {
        json::Object out;
        for (const auto& [k, v] : *node.as_table()) {
            out.emplace_back(std::string(k.str()), to_json(v));
        }
        return out;
    }
    if (node.is_array()) {
        json::Array out;
        for (const auto& v : *node.as_array()) {
            out.push_back(to_json(v));
        }
        return out;
    }
    if (node.is_string()) {
        return node.as_string()->get();
    }
    if (node.is_integer()) {
        return node.as_integer()->get();
    }
    if (node.is_floating_point()) {
        return node.as_floating_point()->get();
    }
    if (node.is_boolean()) {
        return node.as_boolean()->get();
    }
    return json::Value();  // dates: rejected before we get here
}

void check_plain_data(const toml::node& node, const std::string& key, const TableReader& where) {
    if (node.is_date() || node.is_time() || node.is_date_time()) {
        where.fail_at(node.source(), key, "dates and times are not supported here");
    }
    if (node.is_table()) {
        for (const auto& [k, v] : *node.as_table()) {
            check_plain_data(v, key + "." + std::string(k.str()), where);
        }
    } else if (node.is_array()) {
        for (const auto& v : *node.as_array()) {
            check_plain_data(v, key, where);
        }
    }
}

/// One option a built-in lens reads from `[lenses.<id>.options]` (an integer range).
struct KnownOption {
    std::string_view lens;
    std::string_view key;
    std::int64_t min;
    std::int64_t max;
};

/// The options of the built-in rule lenses. Their options tables admit these keys only, so a
/// typo or a value that would silently change a verdict (`max_file_bytes = -5`) is an error.
/// Model, execution and external lenses take options of their own and check them themselves.
constexpr KnownOption kRuleLensOptions[] = {
    {"style", "max_file_bytes", 1, INT64_C(1) << 40},
};
constexpr std::string_view kRuleLenses[] = {"security", "style", "architecture"};

void check_rule_lens_options(TableReader& options, std::string_view lens_id) {
    if (std::find(std::begin(kRuleLenses), std::end(kRuleLenses), lens_id) ==
        std::end(kRuleLenses)) {
        return;
    }
    for (const auto& option : kRuleLensOptions) {
        if (option.lens == lens_id) {
            std::int64_t value = 0;
            options.integer(option.key, value, option.min, option.max);
        }
    }
    options.reject_unknown();
}

LensSettings read_lens(TableReader& r, LensSettings lens, std::string_view lens_id) {
    r.boolean("enabled", lens.enabled);
    r.boolean("required", lens.required);
    r.enumeration("mode", lens.mode);
    r.integer("diff_context", lens.diffContext, 0, 10000);
    r.integer("timeout_ms", lens.timeoutMs, 1, 3600000);
    r.optional_string("provider", lens.provider);
    r.enumeration("permission_profile", lens.permissionProfile);
    r.integer("max_input_tokens", lens.maxInputTokens, 0, 10000000);
    r.integer("max_output_tokens", lens.maxOutputTokens, 0, 10000000);
    r.cost("max_cost_usd", lens.maxCostUsd);
    r.enumeration("overflow_policy", lens.overflowPolicy);
    if (const toml::table* options = r.table("options")) {
        check_plain_data(*options, r.full_key("options"), r);
        TableReader known(*options, r.full_key("options"), r.file());
        check_rule_lens_options(known, lens_id);
        lens.options = to_json(*options);
    }
    r.string_list("exclude", lens.exclude);
    r.optional_enumeration("block_at", lens.blockAt);
    r.optional_integer("cache_ttl_minutes", lens.cacheTtlMinutes, 0, 366 * 24 * 60);
    r.reject_unknown();
    return lens;
}

/// Whether `id` can name an external lens: it becomes part of a program name
/// (`qa-skill-lens-<id>`), of rule ids and of artifact file names.
bool valid_external_id(std::string_view id) {
    if (id.empty() || id.size() > 64 || !(std::islower(static_cast<unsigned char>(id[0])) != 0)) {
        return false;
    }
    return std::all_of(id.begin(), id.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return std::islower(u) != 0 || std::isdigit(u) != 0 || c == '-';
    });
}

/// The external part of `[lenses.<id>]`: kind, class, command, version, paths.
ExternalLensSettings read_external(TableReader& r, const std::string& id) {
    std::string kind;
    r.string("kind", kind, {"external"});
    ExternalLensSettings external;
    if (!r.raw().contains("class")) {
        r.fail_at(r.raw().source(), r.full_key("class"),
                  "required key is missing; expected " +
                      one_of(names_of(values_of<contracts::LensClass>())));
    }
    r.enumeration("class", external.lensClass);
    r.string_list("command", external.command);
    if (const toml::node* command = r.get("command"); command != nullptr) {
        if (external.command.empty() || external.command.front().empty()) {
            r.fail_at(command->source(), r.full_key("command"),
                      "must name the program first (an argv array, never a shell string)");
        }
    } else {
        external.command = {"qa-skill-lens-" + id};
    }
    r.string("version", external.version);
    if (external.version.empty()) {
        r.fail_at(r.get("version")->source(), r.full_key("version"), "must not be empty");
    }
    r.string_list("paths", external.paths);
    return external;
}

ProviderSettings read_provider(TableReader& r, std::string binding_id) {
    ProviderSettings p;
    p.bindingId = std::move(binding_id);
    const auto require = [&](std::string_view key) {
        if (!r.raw().contains(key)) {
            const auto& where = r.raw().source();
            r.fail_at(where, r.full_key(key), "required key is missing");
        }
    };
    for (const auto key : {"adapter", "model", "api_key_env"}) {
        require(key);
    }
    r.enumeration("adapter", p.adapter);
    r.string("model", p.model);
    r.string("base_url", p.baseUrl);
    r.string("api_key_env", p.apiKeyEnv);
    r.integer("timeout_ms", p.timeoutMs, 1, 3600000);
    r.integer("max_tokens", p.maxTokens, 1, 10000000);
    r.optional_integer("seed", p.seed, INT64_MIN, INT64_MAX);
    if (const toml::node* api = r.get("api");
        api != nullptr && p.adapter != contracts::AdapterId::openai_codex) {
        r.fail_at(api->source(), r.full_key("api"), "only an openai-codex binding has an api");
    }
    r.enumeration("api", p.api);
    r.boolean("sampling", p.sampling);
    r.cost("input_usd_per_mtok", p.inputUsdPerMtok);
    r.cost("output_usd_per_mtok", p.outputUsdPerMtok);
    if (p.inputUsdPerMtok.has_value() != p.outputUsdPerMtok.has_value()) {
        const std::string_view given =
            p.inputUsdPerMtok ? "input_usd_per_mtok" : "output_usd_per_mtok";
        r.fail_at(r.get(given)->source(), r.full_key(given),
                  "a price table needs both input_usd_per_mtok and output_usd_per_mtok");
    }
    // As the providers' SDKs spell them: OpenAI's base includes the version path.
    if (p.baseUrl.empty()) {
        p.baseUrl = std::string(p.adapter == contracts::AdapterId::openai_codex
                                    ? defaults::kOpenAiBaseUrl
                                    : defaults::kAnthropicBaseUrl);
    }
    while (p.baseUrl.size() > 1 && p.baseUrl.back() == '/') {
        p.baseUrl.pop_back();
    }
    if (p.model.empty()) {
        r.fail_at(r.raw().get("model")->source(), r.full_key("model"), "must not be empty");
    }
    r.reject_unknown();
    return p;
}

/// A variable name that may hold a secret (API keys, tokens, passwords).
bool looks_like_credential(std::string_view name) {
    std::string upper(name);
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    for (const char* marker : {"KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL"}) {
        if (upper.find(marker) != std::string::npos) {
            return true;
        }
    }
    return false;
}

ProfileSettings read_profile(TableReader& r, contracts::PermissionProfileId profile_id) {
    ProfileSettings p;
    p.profileId = profile_id;
    if (const toml::node* node = r.get("allowed_command_prefixes")) {
        if (!node->is_array()) {
            r.wrong_type(*node, "allowed_command_prefixes", "an array of argv arrays");
        }
        for (const toml::node& prefix : *node->as_array()) {
            auto argv = r.strings_of(prefix, r.full_key("allowed_command_prefixes"));
            if (argv.empty()) {
                r.fail_at(prefix.source(), r.full_key("allowed_command_prefixes"),
                          "a command prefix must name at least the program");
            }
            p.allowedCommandPrefixes.push_back(std::move(argv));
        }
    }
    r.integer("max_commands_per_plan", p.maxCommandsPerPlan, 0, 1000);
    r.integer("command_timeout_ms", p.commandTimeoutMs, 1, 3600000);
    r.integer("max_stdout_bytes", p.maxStdoutBytes, 0, INT64_C(1) << 32);
    r.integer("max_stderr_bytes", p.maxStderrBytes, 0, INT64_C(1) << 32);
    r.string_list("env_allowlist", p.envAllowlist);
    for (const auto& name : p.envAllowlist) {
        if (looks_like_credential(name)) {
            r.fail_at(
                r.get("env_allowlist")->source(), r.full_key("env_allowlist"),
                "'" + name + "' looks like a credential; it never reaches a sandboxed command");
        }
    }
    std::sort(p.envAllowlist.begin(), p.envAllowlist.end());
    p.envAllowlist.erase(std::unique(p.envAllowlist.begin(), p.envAllowlist.end()),
                         p.envAllowlist.end());
    r.reject_unknown();
    return p;
}

void read_architecture(TableReader& r, Config& config) {
    if (const toml::node* node = r.get("layers")) {
        if (!node->is_array_of_tables()) {
            r.wrong_type(*node, "layers", "an array of tables ([[architecture.layers]])");
        }
        for (const toml::node& item : *node->as_array()) {
            TableReader layer(*item.as_table(), r.full_key("layers"), config.source);
            LayerRule rule;
            layer.string("name", rule.name);
            layer.string_list("from", rule.from);
            layer.string_list("deny", rule.deny);
            if (rule.from.empty() || rule.deny.empty()) {
                layer.fail_at(item.source(), r.full_key("layers"),
                              "a layer rule needs non-empty \"from\" and \"deny\" globs");
            }
            layer.reject_unknown();
            config.layers.push_back(std::move(rule));
        }
    }
    r.reject_unknown();
}

/// Why `path` is not a plain repository-relative file path ("a/b.json"), or nullopt when it is.
/// The baseline is read from git trees, which know no absolute paths, "." or "..".
std::optional<std::string> repo_path_problem(std::string_view path) {
    if (path.empty()) {
        return "must not be empty";
    }
    if (path.front() == '/' || path.back() == '/') {
        return "\"" + std::string(path) +
               "\" is not a repository-relative file path (no leading or trailing '/')";
    }
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        const std::string_view part = path.substr(start, end - start);
        if (part.empty() || part == "." || part == ".." || part == ".git") {
            return "\"" + std::string(path) +
                   "\" is not a repository-relative file path (no empty, \".\", \"..\" or "
                   "\".git\" parts)";
        }
        start = end + 1;
    }
    return std::nullopt;
}

template <class T>
json::Value optional_json(const std::optional<T>& v) {
    return v ? json::Value(*v) : json::Value();
}

/// The configuration's spelling of an enum value, as a string the JSON writer takes.
template <class E>
std::string text(E value) {
    return std::string(to_string(value));
}

json::Value strings_json(const std::vector<std::string>& list) {
    json::Array out(list.begin(), list.end());
    return out;
}

}  // namespace

Config parse_config(std::string_view text, const std::string& source,
                    std::span<const std::string> known_lens_ids) {
    toml::table root;
    try {
        root = toml::parse(text, source);
    } catch (const toml::parse_error& e) {
        throw ConfigError(source, e.source().begin.line, e.source().begin.column, "",
                          std::string(e.description()));
    }
    Config config;
    config.source = source;
    TableReader r(root, "", config.source);
    r.enumeration("run_mode", config.runMode);
    r.optional_string("base_ref", config.baseRef);
    r.optional_string("repo_id", config.repoId);
    r.integer("max_concurrency", config.maxConcurrency, 1, 256);
    r.string("artifact_root", config.artifactRoot);
    if (config.artifactRoot.empty()) {
        r.fail_at(root.get("artifact_root")->source(), "artifact_root", "must not be empty");
    }
    r.integer("artifact_retention", config.artifactRetention, 1, 100000);
    r.string("baseline", config.baseline);
    if (const auto problem = repo_path_problem(config.baseline)) {
        r.fail_at(root.get("baseline")->source(), "baseline", *problem);
    }
    r.enumeration_list("allow_execution_lens_classes", config.allowExecutionLensClasses);
    r.enumeration("default_permission_profile", config.defaultPermissionProfile);
    r.string_list("exclude", config.exclude);
    if (const toml::node* files = r.raw().get("rules_files")) {
        std::vector<std::string> paths;
        r.string_list("rules_files", paths);
        for (const auto& item : *files->as_array()) {
            RulesFile f;
            f.path = item.as_string()->get();
            f.line = item.source().begin.line;
            f.column = item.source().begin.column;
            if (const auto problem = repo_path_problem(f.path)) {
                r.fail_at(item.source(), "rules_files", *problem);
            }
            config.rulesFiles.push_back(std::move(f));
        }
    }

    if (const toml::table* budget = r.table("budget")) {
        TableReader b(*budget, "budget", config.source);
        b.integer("run_max_tokens", config.runMaxTokens, 0, INT64_C(1) << 40);
        b.cost("run_max_cost_usd", config.runMaxCostUsd);
        b.integer("max_changed_files", config.maxChangedFiles, 1, 10000000);
        b.integer("max_changed_lines", config.maxChangedLines, 1, INT64_C(1) << 40);
        b.integer("max_context_bytes", config.maxContextBytes, 1024, INT64_C(1) << 34);
        b.reject_unknown();
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
    if (const toml::table* lenses = r.table("lenses")) {
        for (const auto& [key, node] : *lenses) {
            const std::string id(key.str());
            const std::string full = "lenses." + id;
            if (!node.is_table()) {
                r.fail_at(node.source(), full, "expected a table, got " + type_name(node));
            }
            TableReader lens(*node.as_table(), full, config.source);
            const bool known =
                std::find(known_lens_ids.begin(), known_lens_ids.end(), id) != known_lens_ids.end();
            if (!known && !node.as_table()->contains("kind")) {
                r.fail_at(key.source(), full,
                          "unknown lens; known lenses are " +
                              one_of(std::vector<std::string>(known_lens_ids.begin(),
                                                              known_lens_ids.end())) +
                              " (a lens of your own needs kind = \"external\")");
            }
            if (!known) {
                if (!valid_external_id(id)) {
                    r.fail_at(key.source(), full,
                              "an external lens id is lowercase letters, digits and '-', "
                              "starting with a letter (at most 64 characters)");
                }
                LensSettings settings;
                settings.external = read_external(lens, id);
                config.lenses[id] = read_lens(lens, std::move(settings), id);
            } else {
                config.lenses[id] = read_lens(lens, config.lenses[id], id);
                if (id == "gate" && (!config.lenses[id].enabled || !config.lenses[id].required)) {
                    const auto* key = node.as_table()->get("enabled");
                    key = key != nullptr ? key : node.as_table()->get("required");
                    r.fail_at(key != nullptr ? key->source() : node.source(), full,
                              "the gate lens shows what a change does to the gate itself "
                              "(never blocking); it cannot be turned off");
                }
            }
            config.lenses[id].line = key.source().begin.line;
            config.lenses[id].column = key.source().begin.column;
        }
    }
    if (const toml::table* rules = r.table("rules")) {
        for (const auto& [key, node] : *rules) {
            const std::string full = "rules." + std::string(key.str());
            if (!node.is_table()) {
                r.fail_at(node.source(), full, "expected a table, got " + type_name(node));
            }
            TableReader t(*node.as_table(), full, config.source);
            RuleOverride o;
            o.line = key.source().begin.line;
            o.column = key.source().begin.column;
            if (t.raw().contains("enabled")) {
                bool enabled = true;
                t.boolean("enabled", enabled);
                o.enabled = enabled;
            }
            t.optional_enumeration("severity", o.severity);
            t.reject_unknown();
            config.rules[std::string(key.str())] = std::move(o);
        }
    }
    if (const toml::table* providers = r.table("providers")) {
        for (const auto& [key, node] : *providers) {
            const std::string full = "providers." + std::string(key.str());
            if (!node.is_table()) {
                r.fail_at(node.source(), full, "expected a table, got " + type_name(node));
            }
            TableReader provider(*node.as_table(), full, config.source);
            config.providers.push_back(read_provider(provider, std::string(key.str())));
            config.providers.back().line = key.source().begin.line;
            config.providers.back().column = key.source().begin.column;
        }
    }
    if (const toml::table* profiles = r.table("permission_profiles")) {
        for (const auto& [key, node] : *profiles) {
            const std::string id(key.str());
            const std::string full = "permission_profiles." + id;
            const auto profile_id = contracts::enum_from_string<contracts::PermissionProfileId>(id);
            if (!profile_id) {
                r.fail_at(key.source(), full,
                          "unknown profile id; expected " +
                              one_of(names_of(values_of<contracts::PermissionProfileId>())));
            }
            if (!node.is_table()) {
                r.fail_at(node.source(), full, "expected a table, got " + type_name(node));
            }
            TableReader profile(*node.as_table(), full, config.source);
            config.permissionProfiles.push_back(read_profile(profile, *profile_id));
        }
    }
    if (const toml::table* architecture = r.table("architecture")) {
        TableReader a(*architecture, "architecture", config.source);
        read_architecture(a, config);
    }
    r.reject_unknown();

    // Cross-references: a lens may only name a provider binding that exists.
    for (const auto& [id, lens] : config.lenses) {
        // Not captured by the lambda: clang before 16 rejects capturing structured bindings.
        const std::optional<std::string>& provider = lens.provider;
        if (provider &&
            std::none_of(config.providers.begin(), config.providers.end(),
                         [&](const ProviderSettings& p) { return p.bindingId == *provider; })) {
            const toml::node* node = root.at_path("lenses." + id + ".provider").node();
            const auto where = node ? node->source() : root.source();
            throw ConfigError(config.source, where.begin.line, where.begin.column,
                              "lenses." + id + ".provider",
                              "no [providers." + *lens.provider + "] table defines this binding");
        }
    }
    return config;
}

std::string_view default_config_text() {
    const auto text = util::find_embedded("config/default.qa-skill.toml");
    return text ? *text : std::string_view();
}

Config load_config(const std::filesystem::path& repo_root,
                   std::span<const std::string> known_lens_ids) {
    const auto path = repo_root / kConfigFileName;
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) {
        return parse_config(default_config_text(), std::string(kEmbeddedSource), known_lens_ids);
    }
    std::string text;
    try {
        text = util::read_file(path);
    } catch (const util::IoError& e) {
        throw ConfigError(path.string(), 0, 0, "", e.what());
    }
    Config config = parse_config(text, path.string(), known_lens_ids);
    load_rules_files(config, repo_root);
    return config;
}

json::Value normalized(const Config& c) {
    json::Object lenses;
    for (const auto& [id, l] : c.lenses) {
        lenses.emplace_back(id, json::Object{{"enabled", l.enabled},
                                             {"required", l.required},
                                             {"mode", text(l.mode)},
                                             {"diff_context", l.diffContext},
                                             {"timeout_ms", l.timeoutMs},
                                             {"provider", optional_json(l.provider)},
                                             {"permission_profile", text(l.permissionProfile)},
                                             {"max_input_tokens", l.maxInputTokens},
                                             {"max_output_tokens", l.maxOutputTokens},
                                             {"max_cost_usd", optional_json(l.maxCostUsd)},
                                             {"overflow_policy", text(l.overflowPolicy)},
                                             {"options", l.options}});
        // Absent when unused, so that older configurations keep their hash.
        if (!l.exclude.empty()) {
            lenses.back().second.as_object().emplace_back("exclude", strings_json(l.exclude));
        }
        if (l.blockAt) {
            lenses.back().second.as_object().emplace_back("block_at", text(*l.blockAt));
        }
        if (l.external) {
            lenses.back().second.as_object().emplace_back(
                "external", json::Object{{"class", text(l.external->lensClass)},
                                         {"command", strings_json(l.external->command)},
                                         {"version", l.external->version},
                                         {"paths", strings_json(l.external->paths)}});
        }
        if (l.cacheTtlMinutes) {
            lenses.back().second.as_object().emplace_back("cache_ttl_minutes", *l.cacheTtlMinutes);
        }
    }
    json::Object providers;
    for (const auto& p : c.providers) {
        providers.emplace_back(
            p.bindingId, json::Object{{"adapter", text(p.adapter)},
                                      {"model", p.model},
                                      {"base_url", p.baseUrl},
                                      {"api_key_env", p.apiKeyEnv},
                                      {"timeout_ms", p.timeoutMs},
                                      {"max_tokens", p.maxTokens},
                                      {"seed", optional_json(p.seed)},
                                      {"api", text(p.api)},
                                      {"sampling", p.sampling},
                                      {"input_usd_per_mtok", optional_json(p.inputUsdPerMtok)},
                                      {"output_usd_per_mtok", optional_json(p.outputUsdPerMtok)}});
    }
    json::Object profiles;
    for (const auto& p : c.permissionProfiles) {
        json::Array prefixes;
        for (const auto& argv : p.allowedCommandPrefixes) {
            prefixes.push_back(strings_json(argv));
        }
        profiles.emplace_back(text(p.profileId),
                              json::Object{{"allowed_command_prefixes", std::move(prefixes)},
                                           {"max_commands_per_plan", p.maxCommandsPerPlan},
                                           {"command_timeout_ms", p.commandTimeoutMs},
                                           {"max_stdout_bytes", p.maxStdoutBytes},
                                           {"max_stderr_bytes", p.maxStderrBytes},
                                           {"env_allowlist", strings_json(p.envAllowlist)}});
    }
    json::Array layers;
    for (const auto& l : c.layers) {
        layers.push_back(json::Object{
            {"name", l.name}, {"from", strings_json(l.from)}, {"deny", strings_json(l.deny)}});
    }
    // Execution classes are a set: their order in the file must not change the hash.
    std::vector<std::string> classes;
    for (const auto cls : c.allowExecutionLensClasses) {
        classes.push_back(text(cls));
    }
    std::sort(classes.begin(), classes.end());
    classes.erase(std::unique(classes.begin(), classes.end()), classes.end());
    json::Object out{
        {"run_mode", text(c.runMode)},
        {"base_ref", optional_json(c.baseRef)},
        {"repo_id", optional_json(c.repoId)},
        {"max_concurrency", c.maxConcurrency},
        {"artifact_root", c.artifactRoot},
        {"baseline", c.baseline},
        {"allow_execution_lens_classes", strings_json(classes)},
        {"default_permission_profile", text(c.defaultPermissionProfile)},
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
    if (c.artifactRetention != defaults::kArtifactRetention) {  // likewise absent by default
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
    if (!c.rules.empty()) {
        json::Object rules;
        for (const auto& [id, o] : c.rules) {
            json::Object entry;
            if (o.enabled) {
                entry.emplace_back("enabled", *o.enabled);
            }
            if (o.severity) {
                entry.emplace_back("severity", text(*o.severity));
            }
            rules.emplace_back(id, std::move(entry));
        }
        out.emplace_back("rules", std::move(rules));
    }
    return out;
}

std::string config_hash(const Config& config) {
    return util::sha256_hex(json::canonical(normalized(config)));
}

}  // namespace qa::config

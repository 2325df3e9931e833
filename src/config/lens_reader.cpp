#include "config/lens_reader.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "config/lens_options.hpp"
#include "config/repo_file.hpp"
#include "config/settings_reader.hpp"
#include "util/suggest.hpp"

namespace qa::config {
namespace {

/// `rubric_version` and `rubric_dir` of `[lenses.consistency]`.
void read_rubric_keys(util::TomlReader& r, LensSettings& lens) {
    if (const toml::node* version = r.get("rubric_version"); version != nullptr) {
        lens.rubricLine = version->source().begin.line;
        lens.rubricColumn = version->source().begin.column;
    }
    assign(r.integer("rubric_version", 1, 1000000), lens.rubricVersion);
    if (const auto dir = r.string("rubric_dir")) {
        if (const auto problem = repo_path_problem(*dir)) {
            r.fail_at(r.get("rubric_dir")->source(), r.full_key("rubric_dir"), *problem);
        }
        lens.rubricDir = *dir;
    }
}

/// The tables of `[lenses.<id>]` other than `options`: `[lenses.<id>.<sub-lens>]`, each with
/// `required` only. Whether the sub-lens exists is the registry's to say (plan/sub_lens_check).
void read_sub_lenses(util::TomlReader& r, LensSettings& lens) {
    std::vector<std::string> names;
    for (const auto& [key, node] : r.raw()) {
        if (node.is_table() && key.str() != "options") {
            names.emplace_back(key.str());
        }
    }
    for (const auto& name : names) {
        const toml::table* table = r.table(name);
        util::TomlReader sub = r.nested(*table, r.full_key(name));
        SubLensSettings settings = lens.subLenses[name];
        assign(sub.boolean("required"), settings.required);
        sub.reject_unknown();
        settings.line = r.get(name)->source().begin.line;
        settings.column = r.get(name)->source().begin.column;
        lens.subLenses[name] = settings;
    }
}

LensSettings read_lens(util::TomlReader& r, LensSettings lens, std::string_view lens_id) {
    assign(r.boolean("enabled"), lens.enabled);
    assign(r.boolean("required"), lens.required);
    assign(read_enum<settings::LensMode>(r, "mode"), lens.mode);
    assign(r.integer("diff_context", 0, 10000), lens.diffContext);
    assign(r.integer("timeout_ms", 1, 3600000), lens.timeoutMs);
    assign(r.string("provider"), lens.provider);
    assign(read_enum<contracts::PermissionProfileId>(r, "permission_profile"),
           lens.permissionProfile);
    assign(r.integer("max_input_tokens", 0, 10000000), lens.maxInputTokens);
    assign(r.integer("max_output_tokens", 0, 10000000), lens.maxOutputTokens);
    read_cost(r, "max_cost_usd", lens.maxCostUsd);
    assign(read_enum<contracts::OverflowPolicy>(r, "overflow_policy"), lens.overflowPolicy);
    if (const toml::table* options = r.table("options")) {
        util::TomlReader known = r.nested(*options, r.full_key("options"));
        lens.options = read_lens_options(known, lens_id);
        for (const auto& [key, value] : *options) {
            lens.optionPositions[std::string(key.str())] =
                KeyPosition{key.source().begin.line, key.source().begin.column,
                            value.source().begin.line, value.source().begin.column};
        }
    }
    if (r.get("exclude") != nullptr) {  // get: a known key even when absent
        lens.exclude = util::values_of(r.strings("exclude"));
    }
    assign(read_enum<contracts::Severity>(r, "block_at"), lens.blockAt);
    assign(r.integer("cache_ttl_minutes", 0, 366 * 24 * 60), lens.cacheTtlMinutes);
    if (lens_id == "consistency") {
        read_rubric_keys(r, lens);
    }
    read_sub_lenses(r, lens);
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
ExternalLensSettings read_external(util::TomlReader& r, const std::string& id) {
    static const std::vector<std::string> kKinds = {"external"};
    (void)r.choice("kind", kKinds);
    ExternalLensSettings external;
    if (!r.contains("class")) {
        r.fail_at(
            r.raw().source(), r.full_key("class"),
            "required key is missing; expected " + util::one_of(names_of<contracts::LensClass>()));
    }
    assign(read_enum<contracts::LensClass>(r, "class"), external.lensClass);
    if (const toml::node* command = r.get("command"); command != nullptr) {
        external.command = util::values_of(r.strings_of(*command, r.full_key("command")));
        if (external.command.empty()) {
            r.fail_at(command->source(), r.full_key("command"),
                      "must name the program first (an argv array, never a shell string)");
        }
    } else {
        external.command = {"qa-skill-lens-" + id};
    }
    assign(r.string("version"), external.version);
    external.paths = util::values_of(r.strings("paths"));
    return external;
}

}  // namespace

void read_lenses(util::TomlReader& root, Config& config,
                 std::span<const std::string> known_lens_ids) {
    const toml::table* lenses = root.table("lenses");
    if (lenses == nullptr) {
        return;
    }
    for (const auto& [key, node] : *lenses) {
        const std::string id(key.str());
        const std::string full = "lenses." + id;
        if (!node.is_table()) {
            root.fail_at(node.source(), full,
                         "expected a table, got " + util::toml_type_name(node));
        }
        util::TomlReader lens = root.nested(*node.as_table(), full);
        const bool known =
            std::find(known_lens_ids.begin(), known_lens_ids.end(), id) != known_lens_ids.end();
        if (!known && !node.as_table()->contains("kind")) {
            const std::vector<std::string> ids(known_lens_ids.begin(), known_lens_ids.end());
            root.fail_at(key.source(), full,
                         "unknown lens" + util::did_you_mean(id, ids) + "; known lenses are " +
                             util::one_of(ids) + " (a lens of your own needs kind = \"external\")");
        }
        if (!known) {
            if (!valid_external_id(id)) {
                root.fail_at(key.source(), full,
                             "an external lens id is lowercase letters, digits and '-', "
                             "starting with a letter (at most 64 characters)");
            }
            LensSettings settings;
            settings.external = read_external(lens, id);
            config.lenses[id] = read_lens(lens, std::move(settings), id);
        } else {
            config.lenses[id] = read_lens(lens, config.lenses[id], id);
            if (id == "gate" && (!config.lenses[id].enabled || !config.lenses[id].required)) {
                const auto* switch_key = node.as_table()->get("enabled");
                switch_key = switch_key != nullptr ? switch_key : node.as_table()->get("required");
                root.fail_at(switch_key != nullptr ? switch_key->source() : node.source(), full,
                             "the gate lens shows what a change does to the gate itself "
                             "(never blocking); it cannot be turned off");
            }
        }
        config.lenses[id].line = key.source().begin.line;
        config.lenses[id].column = key.source().begin.column;
    }
}

}  // namespace qa::config

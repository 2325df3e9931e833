#include "config/profile_reader.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "config/settings_reader.hpp"
#include "util/suggest.hpp"

namespace qa::config {
namespace {

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

settings::ProfileSettings read_profile(util::TomlReader& r,
                                       contracts::PermissionProfileId profile_id) {
    settings::ProfileSettings p;
    p.profileId = profile_id;
    if (const toml::node* node = r.get("allowed_command_prefixes")) {
        if (!node->is_array()) {
            r.wrong_type(*node, "allowed_command_prefixes", "an array of argv arrays");
        }
        for (const toml::node& prefix : *node->as_array()) {
            auto argv =
                util::values_of(r.strings_of(prefix, r.full_key("allowed_command_prefixes")));
            if (argv.empty()) {
                r.fail_at(prefix.source(), r.full_key("allowed_command_prefixes"),
                          "a command prefix must name at least the program");
            }
            p.allowedCommandPrefixes.push_back(std::move(argv));
        }
    }
    assign(r.integer("max_commands_per_plan", 0, 1000), p.maxCommandsPerPlan);
    assign(r.integer("command_timeout_ms", 1, 3600000), p.commandTimeoutMs);
    assign(r.integer("max_stdout_bytes", 0, INT64_C(1) << 32), p.maxStdoutBytes);
    assign(r.integer("max_stderr_bytes", 0, INT64_C(1) << 32), p.maxStderrBytes);
    p.envAllowlist = util::values_of(r.strings("env_allowlist"));
    for (const auto& name : p.envAllowlist) {
        if (looks_like_credential(name)) {
            r.fail_at(
                r.get("env_allowlist")->source(), r.full_key("env_allowlist"),
                "'" + name + "' looks like a credential; it never reaches a sandboxed command");
        }
    }
    for (const auto& path : r.strings("read_only_paths")) {
        const std::string& v = path.value;
        const bool absolute = v.starts_with("/") || v.starts_with("~/");
        const bool whole = v == "/" || v == "~/" || v.find("/../") != std::string::npos ||
                           v.ends_with("/..") || v.find("/./") != std::string::npos;
        if (!absolute || whole) {
            r.fail_at(path.node->source(), r.full_key("read_only_paths"),
                      "'" + v +
                          "' must be an absolute path or one under ~/, without . or .. "
                          "components, and not / or ~/ itself");
        }
        p.readOnlyPaths.push_back(v);
    }
    assign(r.integer("max_processes", 8, 65536), p.maxProcesses);
    assign(r.integer("max_memory_mb", 16, INT64_C(1) << 20), p.maxMemoryMb);
    assign(r.integer("max_file_size_mb", 1, INT64_C(1) << 20), p.maxFileSizeMb);
    assign(r.integer("tmp_size_mb", 1, INT64_C(1) << 20), p.tmpSizeMb);
    std::sort(p.envAllowlist.begin(), p.envAllowlist.end());
    p.envAllowlist.erase(std::unique(p.envAllowlist.begin(), p.envAllowlist.end()),
                         p.envAllowlist.end());
    r.reject_unknown();
    return p;
}

}  // namespace

void read_permission_profiles(util::TomlReader& root, Config& config) {
    const toml::table* profiles = root.table("permission_profiles");
    if (profiles == nullptr) {
        return;
    }
    for (const auto& [key, node] : *profiles) {
        const std::string id(key.str());
        const std::string full = "permission_profiles." + id;
        const auto profile_id = contracts::enum_from_string<contracts::PermissionProfileId>(id);
        if (!profile_id) {
            const auto& ids = names_of<contracts::PermissionProfileId>();
            root.fail_at(key.source(), full,
                         "unknown profile id" + util::did_you_mean(id, ids) + "; expected " +
                             util::one_of(ids));
        }
        if (!node.is_table()) {
            root.fail_at(node.source(), full,
                         "expected a table, got " + util::toml_type_name(node));
        }
        util::TomlReader profile = root.nested(*node.as_table(), full);
        config.permissionProfiles.push_back(read_profile(profile, *profile_id));
    }
}

}  // namespace qa::config

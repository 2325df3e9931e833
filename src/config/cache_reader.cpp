#include "config/cache_reader.hpp"

#include <cstdlib>
#include <system_error>

#include "config/settings_reader.hpp"
#include "util/file.hpp"

namespace qa::config {
namespace {

/// Why `name` cannot name an environment variable, or empty.
std::string env_name_problem(const std::string& name) {
    if (name.empty()) {
        return "must not be empty";
    }
    for (const char c : name) {
        const bool ok =
            (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
        if (!ok) {
            return "must be the NAME of an environment variable ([A-Za-z0-9_]), never its value";
        }
    }
    return {};
}

std::string read_env_name(util::TomlReader& r, std::string_view key) {
    const auto name = r.string(key);
    if (!name) {
        return {};
    }
    if (const auto problem = env_name_problem(*name); !problem.empty()) {
        // The value is not echoed: it may be the secret itself.
        r.fail_at(r.get(key)->source(), r.full_key(key), problem);
    }
    return *name;
}

/// A URL with a password in its user information ("scheme://user:secret@host").
bool has_password(std::string_view url) {
    const auto sep = url.find("://");
    if (sep == std::string_view::npos) {
        return false;
    }
    const std::string_view rest = url.substr(sep + 3);
    const std::string_view authority = rest.substr(0, rest.find('/'));
    const auto at = authority.rfind('@');
    return at != std::string_view::npos && authority.substr(0, at).find(':') != std::string::npos;
}

settings::RemoteCacheSettings read_remote(util::TomlReader& r, const toml::node& node,
                                          const std::string& key, bool read_only,
                                          const std::string& credential_env) {
    settings::RemoteCacheSettings remote;
    remote.readOnly = read_only;
    remote.credentialEnv = credential_env;
    remote.source = r.file();
    remote.line = node.source().begin.line;
    remote.column = node.source().begin.column;
    if (const auto* text = node.as_string()) {
        remote.url = text->get();
    } else if (const auto* table = node.as_table()) {
        util::TomlReader t = r.nested(*table, key);
        if (!t.contains("url")) {
            t.fail_at(node.source(), t.full_key("url"), "required key is missing");
        }
        assign(t.string("url"), remote.url);
        assign(t.boolean("read_only"), remote.readOnly);
        if (t.contains("credential_env")) {
            remote.credentialEnv = read_env_name(t, "credential_env");
        }
        for (const auto& n : t.strings("cluster_nodes")) {
            if (n.value.find_first_of("/@ \t") != std::string::npos) {
                t.fail_at(n.node->source(), t.full_key("cluster_nodes"),
                          "expected \"host\" or \"host:port\", got \"" + n.value + "\"");
            }
            remote.clusterNodes.push_back(n.value);
        }
        if (!remote.clusterNodes.empty() && !remote.url.starts_with("redis://")) {
            t.fail_at(t.get("cluster_nodes")->source(), t.full_key("cluster_nodes"),
                      "only a redis:// remote has cluster nodes");
        }
        t.reject_unknown();
    } else {
        r.fail_at(
            node.source(), key,
            "expected a URL string or a table {url, read_only, credential_env, cluster_nodes}, "
            "got " +
                util::toml_type_name(node));
    }
    if (has_password(remote.url)) {
        r.fail_at(node.source(), key,
                  "a remote URL must not hold a password: name the variable that holds it with "
                  "credential_env");
    }
    if (remote.url.empty()) {
        r.fail_at(node.source(), key, "must not be empty");
    }
    return remote;
}

}  // namespace

settings::CacheSettings read_cache(util::TomlReader& r) {
    settings::CacheSettings cache;
    const bool read_only = r.boolean("read_only").value_or(false);
    const std::string credential_env = read_env_name(r, "credential_env");
    assign(r.integer("timeout_ms", 1, 60000), cache.timeoutMs);
    cache.hmacKeyEnv = read_env_name(r, "hmac_key_env");
    if (const toml::node* remotes = r.get("remote")) {
        const auto* array = remotes->as_array();
        if (array == nullptr) {
            r.fail_at(remotes->source(), r.full_key("remote"),
                      "expected an array of URLs, got " + util::toml_type_name(*remotes));
        }
        std::size_t i = 0;
        for (const toml::node& node : *array) {
            const std::string key = r.full_key("remote") + "[" + std::to_string(i++) + "]";
            cache.remotes.push_back(read_remote(r, node, key, read_only, credential_env));
        }
    }
    r.reject_unknown();
    return cache;
}

std::optional<std::filesystem::path> user_config_path() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && *xdg == '/') {
        return std::filesystem::path(xdg) / "qa-skill" / "config.toml";
    }
    if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/') {
        return std::filesystem::path(home) / ".config" / "qa-skill" / "config.toml";
    }
    return std::nullopt;
}

settings::CacheSettings with_user_cache(const settings::CacheSettings& repo) {
    const auto path = user_config_path();
    return path ? with_user_cache(repo, *path) : repo;
}

settings::CacheSettings with_user_cache(const settings::CacheSettings& repo,
                                        const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        return repo;
    }
    std::string text;
    try {
        text = util::read_file(path);
    } catch (const util::IoError& e) {
        throw settings::ConfigError(path.string(), 0, 0, "", e.what());
    }
    const toml::table root =
        util::parse_toml(text, path.string(), &util::raise_as<settings::ConfigError>);
    util::TomlReader r = config_reader(root, "", path.string());
    settings::CacheSettings user;
    bool has_table = false;
    if (const toml::table* table = r.table("cache")) {
        util::TomlReader c = r.nested(*table, "cache");
        user = read_cache(c);
        has_table = true;
    }
    // The user's file holds settings of this machine only; [cache] is the one it has today.
    r.reject_unknown();
    if (!has_table) {
        return repo;
    }
    settings::CacheSettings merged = repo;
    for (const auto& remote : user.remotes) {
        bool replaced = false;
        for (auto& mine : merged.remotes) {
            if (mine.url == remote.url) {
                mine = remote;
                replaced = true;
            }
        }
        if (!replaced) {
            merged.remotes.push_back(remote);
        }
    }
    if (root.at_path("cache.timeout_ms")) {
        merged.timeoutMs = user.timeoutMs;
    }
    if (!user.hmacKeyEnv.empty()) {
        merged.hmacKeyEnv = user.hmacKeyEnv;
    }
    return merged;
}

}  // namespace qa::config

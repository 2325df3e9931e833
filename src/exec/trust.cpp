#include "exec/trust.hpp"

#include <cstdlib>
#include <map>
#include <sstream>

#include "exec/exec_error.hpp"
#include "util/atomic_file.hpp"
#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::exec {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> env_value(const char* name) {
    const char* v = std::getenv(name);
    if (v == nullptr || *v == '\0') {
        return std::nullopt;
    }
    return std::string(v);
}

/// "<hash> <root>" lines keyed by root.
std::map<std::string, std::string> read_store(const fs::path& store) {
    std::map<std::string, std::string> entries;
    std::error_code ec;
    if (!fs::exists(store, ec)) {
        return entries;
    }
    std::istringstream in(util::read_file(store));
    std::string line;
    while (std::getline(in, line)) {
        const auto space = line.find(' ');
        if (space == 64 && line.size() > 65) {
            entries[line.substr(65)] = line.substr(0, 64);
        }
    }
    return entries;
}

std::string root_key(const fs::path& repo_root) {
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(repo_root, ec);
    std::string key = (ec ? repo_root : canonical).string();
    if (key.find('\n') != std::string::npos) {
        throw util::IoError("a repository path with a newline cannot be trusted: " + key);
    }
    return key;
}

}  // namespace

TrustEnv TrustEnv::from_process() {
    return TrustEnv{env_value("XDG_CONFIG_HOME"), env_value("HOME"), env_value("QA_SKILL_TRUST")};
}

fs::path trust_store_path(const TrustEnv& env) {
    if (env.xdgConfigHome && fs::path(*env.xdgConfigHome).is_absolute()) {
        return fs::path(*env.xdgConfigHome) / "qa-skill" / "trusted";
    }
    if (!env.home) {
        throw util::IoError(
            "neither XDG_CONFIG_HOME nor HOME is set: no place for the trust store");
    }
    return fs::path(*env.home) / ".config" / "qa-skill" / "trusted";
}

std::optional<std::string> trusted_hash(const fs::path& store, const fs::path& repo_root) {
    const auto entries = read_store(store);
    const auto it = entries.find(root_key(repo_root));
    if (it == entries.end()) {
        return std::nullopt;
    }
    return it->second;
}

void record_trust(const fs::path& store, const fs::path& repo_root, const std::string& hash) {
    auto entries = read_store(store);
    entries[root_key(repo_root)] = hash;
    std::string text;
    for (const auto& [root, h] : entries) {
        text += h + " " + root + "\n";
    }
    std::error_code ec;
    fs::create_directories(store.parent_path(), ec);
    if (ec) {
        throw util::IoError(store.parent_path().string() + ": " + ec.message());
    }
    util::write_file_atomic(store, text);
}

bool is_trusted(const TrustEnv& env, const fs::path& repo_root, const std::string& hash) {
    if (env.trustOverride && (*env.trustOverride == "1" || *env.trustOverride == hash)) {
        return true;
    }
    return trusted_hash(trust_store_path(env), repo_root) == hash;
}

void require_trust(const TrustEnv& env, const fs::path& repo_root, const std::string& hash) {
    if (is_trusted(env, repo_root, hash)) {
        return;
    }
    const bool known = trusted_hash(trust_store_path(env), repo_root).has_value();
    // No path in the message: it becomes a lens result's evidence, the same bytes in any clone.
    throw ExecError(contracts::ErrorCode::EXECUTION_DENIED,
                    std::string(known ? "the execution configuration of this repository changed "
                                        "since it was trusted"
                                      : "the configuration of this repository is not trusted") +
                        "; review .qa-skill.toml and run 'qa-skill trust' in it "
                        "(CI: set QA_SKILL_TRUST=1)");
}

}  // namespace qa::exec

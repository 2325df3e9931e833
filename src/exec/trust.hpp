#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace qa::exec {

/// The environment the trust decision reads, passed in so library code never reads the process
/// environment itself.
struct TrustEnv {
    std::optional<std::string> xdgConfigHome;  ///< XDG_CONFIG_HOME
    std::optional<std::string> home;           ///< HOME
    /// QA_SKILL_TRUST (or `--trust`): "1" trusts any configuration (CI); a 64-digit hash trusts
    /// exactly the configuration with that execution hash.
    std::optional<std::string> trustOverride;

    static TrustEnv from_process();
};

/// The user's trust store: `$XDG_CONFIG_HOME/qa-skill/trusted` or `~/.config/qa-skill/trusted`.
/// Never inside a repository, so a clone cannot trust itself.
std::filesystem::path trust_store_path(const TrustEnv& env);

/// The hash recorded for `repo_root` in the store, if any.
std::optional<std::string> trusted_hash(const std::filesystem::path& store,
                                        const std::filesystem::path& repo_root);

/// Records `hash` as trusted for `repo_root` (replacing what was there). Throws util::IoError.
void record_trust(const std::filesystem::path& store, const std::filesystem::path& repo_root,
                  const std::string& hash);

/// Whether the configuration of `repo_root` whose execution hash is `hash`
/// (config::execution_config_hash) is trusted, by the store or by the override.
bool is_trusted(const TrustEnv& env, const std::filesystem::path& repo_root,
                const std::string& hash);

/// Throws ExecError(EXECUTION_DENIED) naming the command that trusts the configuration when
/// it is not trusted.
void require_trust(const TrustEnv& env, const std::filesystem::path& repo_root,
                   const std::string& hash);

}  // namespace qa::exec

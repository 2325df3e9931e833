// Trust: consent recorded outside the repository, invalidated by an execution-relevant change.
#include <catch2/catch.hpp>

#include "config/config.hpp"
#include "config/execution_hash.hpp"
#include "exec/exec_error.hpp"
#include "exec/trust.hpp"
#include "plan/registry.hpp"
#include "support/git_fixture.hpp"

namespace {

qa::config::Config parse(const std::string& text) {
    const auto& ids = qa::plan::read_builtin_registry().lens_ids();
    return qa::config::parse_config(text, "t.toml", ids);
}

}  // namespace

TEST_CASE("the execution hash changes with what may run, not with other settings",
          "[exec][trust]") {
    const auto base = parse("allow_execution_lens_classes = [\"consistency\"]\n");
    const auto same = parse(
        "allow_execution_lens_classes = [\"consistency\"]\nmax_concurrency = 2\n"
        "[lenses.style]\nmode = \"file\"\n");
    const auto more_classes =
        parse("allow_execution_lens_classes = [\"consistency\", \"style\"]\n");
    const auto prefix = parse(
        "allow_execution_lens_classes = [\"consistency\"]\n"
        "[permission_profiles.exec_sandboxed]\n"
        "allowed_command_prefixes = [[\"make\"]]\n");
    const auto h = qa::config::execution_config_hash(base);
    CHECK(h.size() == 64);
    CHECK(qa::config::execution_config_hash(same) == h);
    CHECK(qa::config::execution_config_hash(more_classes) != h);
    CHECK(qa::config::execution_config_hash(prefix) != h);
}

TEST_CASE("trust is recorded per repository in the user's config directory", "[exec][trust]") {
    qa::test::TempDir home;
    qa::exec::TrustEnv env;
    env.home = home.path().string();
    const auto store = qa::exec::trust_store_path(env);
    CHECK(store == home.path() / ".config" / "qa-skill" / "trusted");
    env.xdgConfigHome = (home.path() / "xdg").string();
    CHECK(qa::exec::trust_store_path(env) == home.path() / "xdg" / "qa-skill" / "trusted");

    const auto repo_a = home.path() / "a";
    const auto repo_b = home.path() / "b";
    std::filesystem::create_directories(repo_a);
    std::filesystem::create_directories(repo_b);
    const std::string config = qa::config::execution_config_hash(
        parse("allow_execution_lens_classes = [\"consistency\"]\n"));
    CHECK_FALSE(qa::exec::is_trusted(env, repo_a, config));
    try {
        qa::exec::require_trust(env, repo_a, config);
        FAIL("trusted without consent");
    } catch (const qa::exec::ExecError& e) {
        CHECK(e.code() == qa::contracts::ErrorCode::EXECUTION_DENIED);
        CHECK(std::string(e.what()).find("qa-skill trust") != std::string::npos);
    }
    qa::exec::record_trust(qa::exec::trust_store_path(env), repo_a, config);
    CHECK(qa::exec::is_trusted(env, repo_a, config));
    CHECK_FALSE(qa::exec::is_trusted(env, repo_b, config));  // per repository
    const std::string changed = qa::config::execution_config_hash(
        parse("allow_execution_lens_classes = [\"consistency\", \"style\"]\n"));
    CHECK_FALSE(qa::exec::is_trusted(env, repo_a, changed));  // a change needs trusting again
    try {
        qa::exec::require_trust(env, repo_a, changed);
        FAIL("changed configuration still trusted");
    } catch (const qa::exec::ExecError& e) {
        CHECK(std::string(e.what()).find("changed since it was trusted") != std::string::npos);
    }
    // CI: the override trusts anything ("1") or exactly one configuration (its hash).
    env.trustOverride = "1";
    CHECK(qa::exec::is_trusted(env, repo_b, changed));
    env.trustOverride = config;
    CHECK(qa::exec::is_trusted(env, repo_b, config));
    CHECK_FALSE(qa::exec::is_trusted(env, repo_b, changed));
}

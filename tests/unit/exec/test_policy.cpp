// The permission evaluator and the command policy, checked before anything runs (seed 002).
#include <catch2/catch.hpp>

#include "config/config.hpp"
#include "exec/exec_error.hpp"
#include "exec/policy.hpp"
#include "exec/profile.hpp"
#include "plan/registry.hpp"

using qa::contracts::ErrorCode;
using qa::contracts::ExecutionCommandSpec;
using qa::contracts::LensClass;
using qa::contracts::PermissionProfile;
using qa::contracts::PermissionProfileId;
using qa::exec::ExecError;

namespace {

PermissionProfile sandboxed(std::vector<std::vector<std::string>> prefixes, std::int64_t max = 8) {
    PermissionProfile p;
    p.profileId = PermissionProfileId::exec_sandboxed_network_off;
    p.readOnly = false;
    p.allowedCommandPrefixes = std::move(prefixes);
    p.maxCommandsPerPlan = max;
    return p;
}

ExecutionCommandSpec spec(std::int64_t ordinal, std::vector<std::string> argv) {
    return {ordinal, std::move(argv), qa::contracts::CwdMode::ephemeral_worktree, "test"};
}

ErrorCode code_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const ExecError& e) {
        return e.code();
    }
    FAIL("no ExecError");
    return ErrorCode::DETERMINISM_DRIFT_DETECTED;
}

}  // namespace

TEST_CASE("execution needs an allowlisted lens class and a profile that is not read-only",
          "[exec][policy]") {
    const std::vector<LensClass> allowed = {LensClass::consistency};
    const auto p = sandboxed({{"python3"}});
    CHECK_NOTHROW(qa::exec::require_execution_allowed(LensClass::consistency, allowed, p));
    CHECK(code_of([&] { qa::exec::require_execution_allowed(LensClass::security, allowed, p); }) ==
          ErrorCode::EXECUTION_DENIED);
    PermissionProfile read_only;  // the default profile
    CHECK(code_of([&] {
              qa::exec::require_execution_allowed(LensClass::consistency, allowed, read_only);
          }) == ErrorCode::EXECUTION_DENIED);
    CHECK(code_of([&] { qa::exec::require_execution_allowed(LensClass::consistency, {}, p); }) ==
          ErrorCode::EXECUTION_DENIED);
}

TEST_CASE("seed test 10: a non-allowlisted command is rejected with EXECUTION_POLICY_VIOLATION",
          "[exec][policy][seed10]") {
    const auto p = sandboxed({{"python3", "-m", "unittest"}, {"cargo", "test"}});
    const std::vector<ExecutionCommandSpec> ok = {spec(2, {"cargo", "test", "--offline"}),
                                                  spec(1, {"python3", "-m", "unittest", "-v"})};
    const auto checked = qa::exec::checked_commands(ok, p);
    REQUIRE(checked.size() == 2);
    CHECK(checked[0].ordinal == 1);  // ordered by ordinal, not by how they were listed
    CHECK(checked[1].ordinal == 2);

    // A prefix is matched element by element: no globbing, no string prefix.
    for (const auto& bad : std::vector<std::vector<std::string>>{{"python3", "-c", "import os"},
                                                                 {"python3", "-m", "unittestx"},
                                                                 {"cargo"},
                                                                 {"sh", "-c", "cargo test"},
                                                                 {"/usr/bin/cargo", "test"}}) {
        INFO(qa::exec::display_command(bad));
        std::vector<ExecutionCommandSpec> plan = {spec(1, {"cargo", "test"}), spec(2, bad)};
        // The same plan is rejected the same way every time, with the same message.
        std::string first;
        for (int i = 0; i < 3; ++i) {
            try {
                qa::exec::checked_commands(plan, p);
                FAIL("accepted");
            } catch (const ExecError& e) {
                CHECK(e.code() == ErrorCode::EXECUTION_POLICY_VIOLATION);
                if (first.empty())
                    first = e.what();
                CHECK(first == e.what());
            }
        }
        CHECK(first.find("command 2") != std::string::npos);
    }
}

TEST_CASE("maxCommandsPerPlan, duplicate ordinals and empty commands violate the policy",
          "[exec][policy]") {
    const auto p = sandboxed({{"true"}}, 2);
    CHECK(code_of([&] {
              qa::exec::checked_commands({spec(1, {"true"}), spec(2, {"true"}), spec(3, {"true"})},
                                         p);
          }) == ErrorCode::EXECUTION_POLICY_VIOLATION);
    CHECK_NOTHROW(qa::exec::checked_commands({spec(1, {"true"}), spec(2, {"true"})}, p));
    CHECK(code_of([&] {
              qa::exec::checked_commands({spec(1, {"true"}), spec(1, {"true"})}, p);
          }) == ErrorCode::EXECUTION_POLICY_VIOLATION);
    CHECK(code_of([&] { qa::exec::checked_commands({spec(1, {})}, p); }) ==
          ErrorCode::EXECUTION_POLICY_VIOLATION);
}

TEST_CASE("profiles: read_only never runs, network only for exec_sandboxed, config applies",
          "[exec][policy]") {
    const auto& ids = qa::plan::read_builtin_registry().lens_ids();
    const auto config = qa::config::parse_config(
        "[permission_profiles.read_only]\nallowed_command_prefixes = [[\"true\"]]\n"
        "max_commands_per_plan = 5\n"
        "[permission_profiles.exec_sandboxed_network_off]\n"
        "allowed_command_prefixes = [[\"make\", \"test\"]]\ncommand_timeout_ms = 1500\n"
        "max_stdout_bytes = 10\nenv_allowlist = [\"RUSTUP_HOME\"]\n",
        "t.toml", ids);
    const auto ro =
        qa::exec::resolve_profile(config.permissionProfiles, PermissionProfileId::read_only);
    CHECK(ro.profile.readOnly);
    CHECK(ro.profile.maxCommandsPerPlan == 0);
    const auto off = qa::exec::resolve_profile(config.permissionProfiles,
                                               PermissionProfileId::exec_sandboxed_network_off);
    CHECK_FALSE(off.profile.readOnly);
    CHECK_FALSE(off.profile.allowNetwork);
    CHECK(off.profile.commandTimeoutMs == 1500);
    CHECK(off.profile.maxStdoutBytes == 10);
    CHECK(off.profile.allowedCommandPrefixes ==
          std::vector<std::vector<std::string>>{{"make", "test"}});
    CHECK(off.envAllowlist == std::vector<std::string>{"RUSTUP_HOME"});
    CHECK(qa::exec::resolve_profile(config.permissionProfiles, PermissionProfileId::exec_sandboxed)
              .profile.allowNetwork);
}

TEST_CASE("a profile may not let a credential-like variable into the sandbox", "[exec][policy]") {
    const auto& ids = qa::plan::read_builtin_registry().lens_ids();
    for (const char* name : {"OPENAI_API_KEY", "GITHUB_TOKEN", "DB_PASSWORD", "aws_secret"}) {
        INFO(name);
        CHECK_THROWS_AS(
            qa::config::parse_config(
                std::string("[permission_profiles.exec_sandboxed]\nenv_allowlist = [\"") + name +
                    "\"]\n",
                "t.toml", ids),
            qa::settings::ConfigError);
    }
}

#pragma once

// `qa-skill phase-validate` on the small projects of tests/fixtures/projects: a repository holding
// one, its input document, and its output checked against the seed's schema and guarantees.

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "json/parse.hpp"
#include "json/schema_validator.hpp"
#include "support/hook_fixture.hpp"

namespace qa::test::phase {

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

inline const char* const kConfig =
    "allow_execution_lens_classes = [\"consistency\"]\n"
    "default_permission_profile = \"exec_sandboxed_network_off\"\n"
    "[permission_profiles.exec_sandboxed_network_off]\n"
    "allowed_command_prefixes = [[\"python3\"], [\"npm\", \"test\"], [\"node\"], [\"cargo\"],\n"
    "                            [\"cmake\"], [\"ctest\"], [\"clang-format\"]]\n"
    "command_timeout_ms = 300000\n"
    "env_allowlist = [\"RUSTUP_HOME\", \"CARGO_HOME\"]\n";

/// A git repository holding a copy of tests/fixtures/projects/<fixture> and kConfig, committed.
inline fs::path project(const HookSandbox& sb, const std::string& fixture,
                        const std::string& config = kConfig) {
    auto repo = sb.init(fixture);
    fs::copy(fs::path(QA_SOURCE_DIR) / "tests/fixtures/projects" / fixture, repo,
             fs::copy_options::recursive);
    qa::test::write_file(repo / ".qa-skill.toml", config);
    sb.git_ok(repo, "add -A");
    sb.commit(repo, "project");
    return repo;
}

/// The phase lens's configuration for the Python unittest fixture: a formatter and a linter
/// command of its own, the other checks by the language's defaults (detected from the tree's
/// root files) unless `options` (more `[lenses.phase.options]` lines) says otherwise, python3
/// the one allowed prefix.
inline std::string phase_lens_config(const std::string& options = "") {
    return "allow_execution_lens_classes = [\"consistency\"]\n"
           "[lenses.phase]\nenabled = true\n"
           "permission_profile = \"exec_sandboxed_network_off\"\n"
           "timeout_ms = 600000\n"
           "[lenses.phase.options]\n"
           "format_command = \"python3 -m tabnanny .\"\n"
           "lint_command = \"python3 -m py_compile calc.py test_calc.py\"\n"
           "max_retries = 0\n" +
           options +
           "[permission_profiles.exec_sandboxed_network_off]\n"
           "allowed_command_prefixes = [[\"python3\"]]\n";
}

/// The Python unittest fixture, committed, with the phase lens enabled (phase_lens_config).
inline fs::path phase_lens_project(const HookSandbox& sb, const std::string& options = "") {
    return project(sb, "python-unittest", phase_lens_config(options));
}

/// The directories of a rustup-installed toolchain that exist, by variable (RUSTUP_HOME,
/// CARGO_HOME): the variable's value, else its default under HOME.
inline std::vector<std::pair<std::string, std::string>> toolchain_dirs() {
    const char* home = std::getenv("HOME");
    std::vector<std::pair<std::string, std::string>> out;
    for (const std::string name : {"RUSTUP_HOME", "CARGO_HOME"}) {
        const char* v = std::getenv(name.c_str());
        const std::string dir =
            v != nullptr      ? v
            : home != nullptr ? std::string(home) + (name == "RUSTUP_HOME" ? "/.rustup" : "/.cargo")
                              : "";
        if (!dir.empty() && fs::is_directory(dir)) {
            out.emplace_back(name, dir);
        }
    }
    return out;
}

/// The environment a rustup-installed cargo needs inside the sandbox (HOME is private there).
inline std::string tool_env() {
    std::string env;
    for (const auto& [name, dir] : toolchain_dirs()) {
        env += name + "=" + shell_quote(dir) + " ";
    }
    return env;
}

/// kConfig with the rustup-installed toolchain's directories bound read-only into the sandbox
/// (a cargo under the real HOME is not there otherwise).
inline std::string config_with_toolchains() {
    std::string paths;
    for (const auto& [name, dir] : toolchain_dirs()) {
        paths += (paths.empty() ? "\"" : ", \"") + dir + "\"";
    }
    return std::string(kConfig) + "read_only_paths = [" + paths + "]\n";
}

inline ProcResult phase_validate(const HookSandbox& sb, const fs::path& repo,
                                 const std::string& input, const std::string& args = "",
                                 const std::string& env = "") {
    const auto file = sb.root() / "input.json";
    qa::test::write_file(file, input);
    return sb.in(repo, env + tool_env() + shell_quote(QA_SKILL_BIN) + " phase-validate --input " +
                           shell_quote(file.string()) + " " + args);
}

inline std::string input_json(const fs::path& repo, const std::string& changed,
                              const std::string& extra = "") {
    return "{\"working_directory\": \"" + repo.string() + "\", \"changed_files\": [" + changed +
           "]" + (extra.empty() ? "" : ", " + extra) + "}";
}

/// The output, checked against the embedded PhaseValidationAgentOutput schema and the seed's
/// guarantees (total_retries is the sum, critical_security_issue only when true).
inline qa::json::Value output_of(const ProcResult& r) {
    INFO(r.describe());
    static const auto schema = qa::json::SchemaValidator::embedded("phase-validation-output.v1");
    const auto errors = schema.validate(r.out);
    for (const auto& e : errors) {
        UNSCOPED_INFO(e.pointer << ": " << e.message);
    }
    REQUIRE(errors.empty());
    auto v = qa::json::parse(r.out);
    std::int64_t sum = 0;
    for (const auto& [name, check] : v.find("checks")->as_object()) {
        if (const auto* rc = check.find("retry_count"))
            sum += rc->as_integer();
    }
    CHECK(v.find("total_retries")->as_integer() == sum);
    if (const auto* critical = v.find("critical_security_issue")) {
        CHECK(critical->as_bool());
    }
    return v;
}

inline const qa::json::Value& check(const qa::json::Value& out, const char* name) {
    return *out.find("checks")->find(name);
}
inline std::string status(const qa::json::Value& out, const char* name) {
    return check(out, name).find("status")->as_string();
}
inline std::string joined(const qa::json::Value& list) {
    std::string s;
    for (const auto& item : list.as_array())
        s += item.as_string() + "\n";
    return s;
}

inline bool have(const char* tool) {
    return std::system(("command -v " + std::string(tool) + " >/dev/null 2>&1").c_str()) == 0;
}

inline void trust(const HookSandbox& sb, const fs::path& repo) {
    const auto r = sb.qa(repo, "trust");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
}

}  // namespace qa::test::phase

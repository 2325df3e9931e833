#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "config/config.hpp"
#include "plan/registry.hpp"

using qa::config::parse_config;
using qa::settings::ConfigError;

namespace {

const std::vector<std::string> kLenses = {"architecture", "consistency", "performance",
                                          "phase",        "security",    "style"};

/// The error a config text produces; fails the test when it parses.
ConfigError error_of(const std::string& text) {
    try {
        (void)parse_config(text, "cfg.toml", kLenses);
    } catch (const ConfigError& e) {
        return e;
    }
    FAIL("config was accepted:\n" << text);
    throw;  // unreachable
}

}  // namespace

TEST_CASE("the embedded default parses: rule lenses on, model lenses off, strict", "[config]") {
    const auto c = parse_config(qa::config::default_config_text(), "<embedded default>", kLenses);
    CHECK(c.runMode == qa::contracts::RunMode::strict);
    CHECK(c.lenses.at("security").enabled);
    CHECK(c.lenses.at("security").required);
    CHECK_FALSE(c.lenses.at("consistency").enabled);
    CHECK(c.providers.empty());
}

TEST_CASE("a full config maps every key", "[config]") {
    const auto c = parse_config(R"(
run_mode = "best_effort"
base_ref = "origin/develop"
max_concurrency = 8
allow_execution_lens_classes = ["style"]
[budget]
run_max_tokens = 1000
run_max_cost_usd = 1.5
[lenses.style]
required = false
mode = "diff_context"
diff_context = 5
options = { max_file_bytes = 1000 }
[lenses.consistency]
enabled = true
provider = "claude"
[providers.claude]
adapter = "anthropic-claude"
model = "claude-sonnet-4-5"
api_key_env = "ANTHROPIC_API_KEY"
[permission_profiles.exec_sandboxed]
allowed_command_prefixes = [["npm", "test"], ["make"]]
[[architecture.layers]]
name = "ui-not-db"
from = ["src/ui/**"]
deny = ["src/db/**"]
)",
                                "cfg.toml", kLenses);
    CHECK(c.runMode == qa::contracts::RunMode::best_effort);
    CHECK(*c.baseRef == "origin/develop");
    CHECK(c.maxConcurrency == 8);
    CHECK(c.runMaxTokens == 1000);
    CHECK(*c.runMaxCostUsd == 1.5);
    CHECK(c.lenses.at("style").diffContext == 5);
    CHECK_FALSE(c.lenses.at("style").required);
    CHECK(c.lenses.at("style").options.find("max_file_bytes")->as_integer() == 1000);
    CHECK(c.providers.at(0).baseUrl == "https://api.anthropic.com");
    CHECK(c.permissionProfiles.at(0).allowedCommandPrefixes.size() == 2);
    CHECK(c.layers.at(0).deny.at(0) == "src/db/**");
}

TEST_CASE("bad configs name file, line, column and key", "[config]") {
    struct Case {
        const char* text;
        std::uint32_t line;
        const char* key;
    };
    const Case cases[] = {
        {"run_mode = \"strict\"\ncolour = true\n", 2, "colour"},
        {"max_concurrency = \"4\"\n", 1, "max_concurrency"},
        {"[budget]\nrun_max_tokens = -5\n", 2, "budget.run_max_tokens"},
        {"default_permission_profile = \"root\"\n", 1, "default_permission_profile"},
        {"[permission_profiles.god_mode]\n", 1, "permission_profiles.god_mode"},
        {"[lenses.speling]\nenabled = true\n", 1, "lenses.speling"},
        {"[lenses.style]\nenabled = 1\n", 2, "lenses.style.enabled"},
        {"[lenses.style]\nprovider = \"nope\"\n", 2, "lenses.style.provider"},
        {"\n\nrun_mode = \n", 3, ""},
        // A rule lens's options are checked like every other key (issue 10, item 10).
        {"[lenses.style.options]\nmax_file_bytes = -5\n", 2, "lenses.style.options.max_file_bytes"},
        {"[lenses.style.options]\nmax_file_bytes = \"1M\"\n", 2,
         "lenses.style.options.max_file_bytes"},
        {"[lenses.style.options]\nmax_filebytes = 10\n", 2, "lenses.style.options.max_filebytes"},
        {"[lenses.security.options]\nmax_file_bytes = 10\n", 2,
         "lenses.security.options.max_file_bytes"},
        {"[lenses.performance]\nblock_at = \"severe\"\n", 2, "lenses.performance.block_at"},
        {"[lenses.performance]\ncache_ttl_minutes = -1\n", 2,
         "lenses.performance.cache_ttl_minutes"},
        {"[lenses.performance]\n\ncache_ttl_minutes = \"60\"\n", 3,
         "lenses.performance.cache_ttl_minutes"},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        const ConfigError e = error_of(c.text);
        CHECK(e.file() == "cfg.toml");
        CHECK(e.line() == c.line);
        CHECK(e.column() >= 1);
        CHECK(e.key() == c.key);
        CHECK(std::string(e.what()).rfind("cfg.toml:" + std::to_string(c.line) + ":", 0) == 0);
    }
}

TEST_CASE("configHash ignores formatting, comments and key order", "[config]") {
    const auto a = parse_config(
        "run_mode = \"strict\"\nmax_concurrency = 2\n[lenses.style]\n"
        "required = false\n",
        "a.toml", kLenses);
    const auto b = parse_config("# comment\n[lenses.style]\n  required=false\n", "b.toml", kLenses);
    const auto b2 = parse_config(
        "max_concurrency=2\n"
        "[lenses.style]\nrequired=false\n",
        "b.toml", kLenses);
    CHECK(qa::config::config_hash(a) != qa::config::config_hash(b));  // concurrency differs
    CHECK(qa::config::config_hash(a) == qa::config::config_hash(b2));
    CHECK(qa::config::config_hash(a).size() == 64);
}

namespace {

/// A configuration that sets every key, each enum to a value other than its default.
constexpr const char* kEveryKey = R"(run_mode = "best_effort"
base_ref = "origin/develop"
repo_id = "x/y"
max_concurrency = 8
allow_execution_lens_classes = ["style", "consistency", "style"]
default_permission_profile = "exec_sandboxed"
exclude = ["vendor/**"]
artifact_retention = 5
[budget]
run_max_tokens = 1000
run_max_cost_usd = 1.5
max_context_bytes = 4096
[lenses.style]
required = false
mode = "diff_context"
diff_context = 5
block_at = "medium"
overflow_policy = "skip"
permission_profile = "exec_sandboxed_network_off"
options = { max_file_bytes = 1000 }
exclude = ["a/**"]
[lenses.consistency]
enabled = true
provider = "claude"
mode = "all"
cache_ttl_minutes = 10
[lenses.performance]
provider = "local"
overflow_policy = "escalate"
mode = "file"
[lenses.my-check]
kind = "external"
class = "performance"
command = ["prog", "--x"]
paths = ["*.py"]
[providers.claude]
adapter = "anthropic-claude"
model = "claude-sonnet-4-5"
api_key_env = "ANTHROPIC_API_KEY"
[providers.local]
adapter = "openai-codex"
model = "llama"
api = "chat_completions"
base_url = "http://127.0.0.1:8080/v1/"
api_key_env = "X_KEY"
seed = 7
input_usd_per_mtok = 1
output_usd_per_mtok = 2.5
sampling = false
[permission_profiles.exec_sandboxed]
allowed_command_prefixes = [["npm", "test"], ["make"]]
env_allowlist = ["CI", "A"]
[permission_profiles.read_only]
max_commands_per_plan = 3
[rules.aws-access-key-id]
severity = "low"
[rules.trailing-whitespace]
enabled = false
[[architecture.layers]]
name = "ui-not-db"
from = ["src/ui/**"]
deny = ["src/db/**"]
)";

}  // namespace

TEST_CASE("settings are parsed once into the contracts' enums", "[config]") {
    using namespace qa::contracts;
    const auto c =
        parse_config(kEveryKey, "cfg.toml", qa::plan::read_builtin_registry().lens_ids());
    CHECK(c.runMode == RunMode::best_effort);
    CHECK(c.defaultPermissionProfile == PermissionProfileId::exec_sandboxed);
    CHECK(c.allowExecutionLensClasses ==
          std::vector<LensClass>{LensClass::style, LensClass::consistency, LensClass::style});
    const auto& style = c.lenses.at("style");
    CHECK(style.mode == qa::settings::LensMode::diff_context);
    CHECK(style.blockAt == Severity::medium);
    CHECK(style.overflowPolicy == OverflowPolicy::skip);
    CHECK(style.permissionProfile == PermissionProfileId::exec_sandboxed_network_off);
    CHECK(c.lenses.at("consistency").mode == qa::settings::LensMode::all);
    CHECK(c.lenses.at("performance").mode == qa::settings::LensMode::file);
    CHECK(c.lenses.at("performance").overflowPolicy == OverflowPolicy::escalate);
    CHECK(c.lenses.at("security").mode == qa::settings::LensMode::added);
    CHECK_FALSE(c.lenses.at("security").blockAt.has_value());
    CHECK(c.lenses.at("my-check").external->lensClass == LensClass::performance);
    REQUIRE(c.providers.size() == 2);
    CHECK(c.providers.at(0).adapter == AdapterId::anthropic_claude);
    CHECK(c.providers.at(0).api == qa::settings::OpenAiApi::responses);
    CHECK(c.providers.at(1).adapter == AdapterId::openai_codex);
    CHECK(c.providers.at(1).api == qa::settings::OpenAiApi::chat_completions);
    CHECK(c.providers.at(1).baseUrl == "http://127.0.0.1:8080/v1");
    REQUIRE(c.permissionProfiles.size() == 2);
    CHECK(c.permissionProfiles.at(0).profileId == PermissionProfileId::exec_sandboxed);
    CHECK(c.permissionProfiles.at(1).profileId == PermissionProfileId::read_only);
    CHECK(c.rules.at("aws-access-key-id").severity == Severity::low);
    CHECK_FALSE(c.rules.at("trailing-whitespace").severity.has_value());
}

TEST_CASE("configHash is the one computed before the settings were typed", "[config]") {
    // Hashes printed by `qa-skill config check` built from the string-typed configuration: the
    // typed settings must spell every enum as before, or every executionKey would change.
    const auto ids = qa::plan::read_builtin_registry().lens_ids();
    CHECK(qa::config::config_hash(parse_config(kEveryKey, "cfg.toml", ids)) ==
          "6c8cd7aa4115bde5c9261ce27695f381acf1f095c802fd6e47f94bf8c4842bb6");
    CHECK(qa::config::config_hash(
              parse_config(qa::config::default_config_text(), "<embedded default>", ids)) ==
          "b1cfdef5f80a441a8a2b59d8fcce994d0a6b8ab479c41f7063e378a17c5c9b0f");
}

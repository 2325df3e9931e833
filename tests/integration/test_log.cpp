// The troubleshooting log (--log-level, QA_SKILL_LOG): what each step decided and how long it
// took, each provider call and command line, cache hits; silent by default, never a key or a
// secret; bad values are exit 2.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"
#include "support/phase_fixture.hpp"
#include "support/provider_server.hpp"
#include "support/report_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::ProviderServer;
using qa::test::shell_quote;

namespace {

constexpr const char* kKeyEnv = "QA_TEST_PROVIDER_KEY";
constexpr const char* kKey = "sk-log-test-KEY-0f1e2d3c4b5a";

std::string model_config(const ProviderServer& server) {
    return "[lenses.performance]\nenabled = true\nprovider = \"local\"\n"
           "[providers.local]\nadapter = \"openai-codex\"\napi = \"chat_completions\"\n"
           "base_url = \"" +
           server.url("ok") + "/v1\"\nmodel = \"test-model\"\napi_key_env = \"" + kKeyEnv + "\"\n";
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE(
    "the log at debug says what was planned, each provider call and cache hit, the "
    "verdict, and never the key or a secret",
    "[log][integration]") {
    HookSandbox sb;
    ProviderServer server;
    server.set_answer(R"({"findings":[]})");
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", model_config(server));
    const std::string secret = qa::test::fake_aws_key(18);
    sb.add_file(repo, "src/app.py", "def total(xs):\n    return sum(xs)\n");
    sb.add_file(repo, "src/config.py", qa::test::config_py(secret));
    const std::string run = std::string(kKeyEnv) + "=" + kKey + " " + shell_quote(QA_SKILL_BIN) +
                            " run --staged --log-level debug";

    const ProcResult first = sb.in(repo, run);
    INFO(first.describe());
    CHECK(first.exit_code == 1);  // the key in config.py blocks
    const std::string& log = first.err;
    CHECK(has(log, "qa-skill info prepare: configuration index:.qa-skill.toml (configHash "));
    CHECK(has(log, "tree under test the index"));
    CHECK(has(log, "security/secrets required, 3 file(s) it checks"));
    CHECK(has(log, "performance optional, 2 file(s) it checks, provider local"));
    CHECK(has(log, "phase not planned: disabled in the configuration"));
    CHECK(has(log, "qa-skill debug cache: performance: not in the cache performance:"));
    CHECK(has(log, "qa-skill debug provider: local: POST http://127.0.0.1:"));
    CHECK(has(log, "/v1/chat/completions -> HTTP 200, attempt 1 of 3"));
    CHECK(has(log, "qa-skill info lens: #"));
    CHECK(has(log, "security/secrets completed, 1 finding(s), 1 blocking"));
    CHECK(has(log, "qa-skill info verdict: staged changes: FAIL, 1 blocking finding(s)"));
    // Never the key, the secret, or the request body.
    CHECK_FALSE(has(first.all(), kKey));
    CHECK_FALSE(has(log, secret));
    CHECK_FALSE(has(log, "def total"));

    const ProcResult second = sb.in(repo, run);
    INFO(second.describe());
    CHECK(has(second.err, "qa-skill debug cache: performance: answered from the cache"));
    CHECK_FALSE(has(second.err, "provider: local: POST"));
    CHECK(server.requests().size() == 1);

    // info leaves out the debug lines; silent by default.
    const ProcResult info =
        sb.in(repo, std::string(kKeyEnv) + "=" + kKey + " " + shell_quote(QA_SKILL_BIN) +
                        " run --staged --log-level info");
    INFO(info.describe());
    CHECK(has(info.err, "qa-skill info plan: "));
    CHECK_FALSE(has(info.err, "qa-skill debug"));
    const ProcResult quiet = sb.in(repo, std::string(kKeyEnv) + "=" + kKey + " " +
                                             shell_quote(QA_SKILL_BIN) + " run --staged");
    INFO(quiet.describe());
    CHECK(quiet.exit_code == 1);
    CHECK_FALSE(has(quiet.all(), "qa-skill info"));
    CHECK_FALSE(has(quiet.all(), "qa-skill debug"));
}

TEST_CASE(
    "QA_SKILL_LOG reaches a hook that git runs, QA_SKILL_LOG_FILE keeps it in a file, "
    "and a bad level or file is exit 2",
    "[log][integration][hooks]") {
    HookSandbox sb;
    const auto repo = sb.installed_repo();
    sb.add_file(repo, "app.py", "print('hi')\n");
    const ProcResult logged = sb.in(repo, "QA_SKILL_LOG=debug git commit -q -m one");
    INFO(logged.describe());
    CHECK(logged.exit_code == 0);
    CHECK(has(logged.err, "qa-skill info prepare: configuration "));
    CHECK(has(logged.err, "qa-skill info verdict: staged changes: PASS"));

    const fs::path file = sb.root() / "qa.log";
    sb.add_file(repo, "app2.py", "print('hi')\n");
    const ProcResult to_file =
        sb.in(repo, "QA_SKILL_LOG=info QA_SKILL_LOG_FILE=" + shell_quote(file.string()) +
                        " git commit -q -m two");
    INFO(to_file.describe());
    CHECK(to_file.exit_code == 0);
    CHECK_FALSE(has(to_file.err, "qa-skill info"));
    CHECK(has(qa::test::read_bytes(file), "qa-skill info verdict: staged changes: PASS"));

    sb.add_file(repo, "app3.py", "print('hi')\n");
    const ProcResult bad_env = sb.in(repo, "QA_SKILL_LOG=loud git commit -q -m three");
    INFO(bad_env.describe());
    CHECK(bad_env.exit_code != 0);  // the hook's exit 2 stops the commit
    CHECK(has(bad_env.err, "QA_SKILL_LOG must be debug, info, warn or off, not \"loud\""));

    const ProcResult bad_option = sb.qa(repo, "run --staged --log-level loud");
    INFO(bad_option.describe());
    CHECK(bad_option.exit_code == 2);
    CHECK(has(bad_option.err, "--log-level must be debug, info, warn or off"));

    const ProcResult bad_file =
        sb.qa(repo, "run --staged --log-level debug --log-file " +
                        shell_quote((sb.root() / "no-such-dir" / "qa.log").string()));
    INFO(bad_file.describe());
    CHECK(bad_file.exit_code == 2);
    CHECK(has(bad_file.err, "--log-file"));
    CHECK(has(bad_file.err, "no-such-dir"));
}

TEST_CASE("the log shows an execution lens's command lines as run in its sandbox",
          "[log][integration][exec]") {
    HookSandbox sb;
    const auto repo = qa::test::phase::phase_lens_project(sb);
    REQUIRE(sb.qa(repo, "trust").exit_code == 0);
    sb.add_file(repo, "calc.py",
                "def add(a, b):\n    return a + b\n\n\ndef mul(a, b):\n"
                "    return a * b\n\n\ndef neg(a):\n    return -a\n");
    const ProcResult r = sb.qa(repo, "run --staged --log-level debug");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(has(r.err, "qa-skill debug command: "));
    CHECK(has(r.err, "bwrap"));
    CHECK(has(r.err, "python3 -m tabnanny ."));
    CHECK(has(r.err, ": exit 0, "));
    CHECK(has(r.err, "phase/formatter required"));
}

// Model lenses through the real `qa-skill run --staged` against the provider test server on
// 127.0.0.1: findings block, a second run of the same staged change is answered from the cache
// (no second request, byte-identical hashed artifacts), provider outages follow strict and
// best_effort, an unusable binding is a configuration error (exit 2), and no planted secret
// reaches the provider.
#include <catch2/catch.hpp>

#include <map>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "support/provider_server.hpp"
#include "support/report_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::ProviderServer;

namespace {

constexpr const char* kKeyEnv = "QA_TEST_PROVIDER_KEY";
constexpr const char* kKey = "sk-integration-KEY-5a4b3c2d1e0f";

std::string config_text(const ProviderServer& server, const std::string& script, bool required,
                        const std::string& run_mode = "strict") {
    return "run_mode = \"" + run_mode +
           "\"\n"
           "[lenses.performance]\nenabled = true\nrequired = " +
           (required ? "true" : "false") +
           "\nprovider = \"local\"\n"
           "[providers.local]\nadapter = \"openai-codex\"\napi = \"chat_completions\"\n"
           "base_url = \"" +
           server.url(script) + "/v1\"\nmodel = \"test-model\"\napi_key_env = \"" + kKeyEnv +
           "\"\n";
}

ProcResult run_staged(const HookSandbox& sb, const fs::path& repo, bool with_key = true) {
    return sb.in(repo, std::string(with_key ? std::string(kKeyEnv) + "=" + kKey + " " : "") +
                           qa::test::shell_quote(QA_SKILL_BIN) + " run --staged");
}

/// The hashed artifacts of the one run folder under .qa-skill/runs.
std::map<std::string, std::string> hashed_artifacts(const fs::path& repo) {
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(dirs.size() == 1);
    std::map<std::string, std::string> out;
    for (const auto& name : qa::test::hashed_artifact_names()) {
        out[name] = qa::test::read_bytes(dirs[0] / name);
    }
    return out;
}

const char* kAnswer =
    R"({"findings":[{"file":"src/app.py","startLine":3,"endLine":3,"severity":"high",)"
    R"("ruleId":"perf.query-in-loop","summary":"A query per user","rationale":"db.query in a loop."}]})";

}  // namespace

TEST_CASE("a model lens finding blocks, and the same staged change is answered from the cache",
          "[model-lens][integration]") {
    HookSandbox sb;
    ProviderServer server;
    server.set_answer(kAnswer);
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", config_text(server, "ok", true));
    sb.add_file(repo, "src/app.py", "import db\nfor u in users:\n    db.query(u)\n");

    const ProcResult first = run_staged(sb, repo);
    INFO(first.describe());
    CHECK(first.exit_code == 1);
    CHECK(first.out.find("perf.query-in-loop") != std::string::npos);
    REQUIRE(server.requests().size() == 1);
    const auto artifacts = hashed_artifacts(repo);
    const auto dir = qa::test::run_dirs(repo / ".qa-skill").at(0);
    const auto provenance = qa::json::parse(qa::test::read_bytes(dir / "provenance.json"));
    const auto& call = provenance.find("calls")->as_array().at(0);
    CHECK_FALSE(call.find("cacheHit")->as_bool());
    CHECK(call.find("modelId")->as_string() == "test-model-2026");

    const ProcResult second = run_staged(sb, repo);
    INFO(second.describe());
    CHECK(second.exit_code == 1);
    CHECK(server.requests().size() == 1);  // no second provider call
    CHECK(hashed_artifacts(repo) == artifacts);
    const auto again = qa::json::parse(qa::test::read_bytes(dir / "provenance.json"));
    CHECK(again.find("calls")->as_array().at(0).find("cacheHit")->as_bool());

    // The key went in its header only; never into an artifact.
    for (const auto& [name, bytes] : artifacts) {
        CHECK(bytes.find(kKey) == std::string::npos);
    }
}

TEST_CASE("model lens outages: required fails strict, non-required passes best_effort",
          "[model-lens][integration]") {
    HookSandbox sb;
    ProviderServer server;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "src/app.py", "import db\nfor u in users:\n    db.query(u)\n");

    sb.add_file(repo, ".qa-skill.toml", config_text(server, "status-503", true));
    const ProcResult strict = run_staged(sb, repo);
    INFO(strict.describe());
    CHECK(strict.exit_code == 1);
    CHECK(strict.out.find("PROVIDER_UNAVAILABLE") != std::string::npos);
    CHECK(server.requests().size() == 3);

    sb.add_file(repo, ".qa-skill.toml", config_text(server, "status-401", false, "best_effort"));
    const ProcResult lenient = run_staged(sb, repo);
    INFO(lenient.describe());
    CHECK(lenient.exit_code == 0);
    CHECK(server.requests().size() == 4);  // 401 is not retried
}

TEST_CASE("an enabled model lens without a usable binding is a configuration error",
          "[model-lens][integration]") {
    HookSandbox sb;
    ProviderServer server;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "src/app.py", "x = 1\n");
    sb.add_file(repo, ".qa-skill.toml", config_text(server, "ok", true));
    const ProcResult no_key = run_staged(sb, repo, false);
    INFO(no_key.describe());
    CHECK(no_key.exit_code == 2);
    CHECK(no_key.err.find(kKeyEnv) != std::string::npos);
    // `config check` says so too, before any commit meets it.
    const ProcResult check = sb.in(repo, qa::test::shell_quote(QA_SKILL_BIN) + " config check");
    INFO(check.describe());
    CHECK(check.exit_code == 2);
    CHECK(check.err.find("providers.local.api_key_env") != std::string::npos);
    CHECK(check.err.find(".qa-skill.toml:6:") != std::string::npos);  // [providers.local]
    const ProcResult checked =
        sb.in(repo, std::string(kKeyEnv) + "=" + kKey + " " + qa::test::shell_quote(QA_SKILL_BIN) +
                        " config check");
    INFO(checked.describe());
    CHECK(checked.exit_code == 0);

    sb.add_file(repo, ".qa-skill.toml", "[lenses.performance]\nenabled = true\n");
    const ProcResult no_provider = run_staged(sb, repo);
    INFO(no_provider.describe());
    CHECK(no_provider.exit_code == 2);
    CHECK(no_provider.err.find("lenses.performance.provider") != std::string::npos);
    CHECK(no_provider.err.find(".qa-skill.toml:1:") != std::string::npos);  // file and line
    CHECK(server.requests().empty());
}

TEST_CASE(
    "the team case: a clone without the optional lens's key commits degraded, one with it "
    "gets the model review",
    "[model-lens][integration][hooks]") {
    HookSandbox sb;
    ProviderServer server;
    // A committed configuration with an optional model lens, pushed to a shared remote.
    const auto remote = sb.init("team.git", true);
    const auto seed = sb.repo_with_commit("seed");
    sb.add_file(seed, ".qa-skill.toml", config_text(server, "ok", false));
    sb.commit(seed, "config");
    sb.git_ok(seed, "remote add origin " + qa::test::shell_quote(remote.string()));
    sb.git_ok(seed, "push -q origin main");

    const auto clone_and_commit = [&](const std::string& name, bool with_key) {
        sb.git_ok(sb.root(), "clone -q " + qa::test::shell_quote(remote.string()) + " " + name);
        const fs::path clone = sb.root() / name;
        const ProcResult install = sb.qa(clone, "install");
        REQUIRE(install.exit_code == 0);
        sb.add_file(clone, "src/app.py", "def total(xs):\n    return sum(xs)\n");
        return sb.in(clone, std::string(with_key ? std::string(kKeyEnv) + "=" + kKey + " " : "") +
                                "git commit -q -m change");
    };

    const ProcResult without = clone_and_commit("alice", false);
    INFO(without.describe());
    CHECK(without.exit_code == 0);  // committed: the optional lens degraded, nothing blocked
    CHECK(without.all().find("PROVIDER_AUTH_ERROR") != std::string::npos);
    CHECK(server.requests().empty());  // no call without a key
    const ProcResult check =
        sb.in(sb.root() / "alice", qa::test::shell_quote(QA_SKILL_BIN) + " config check");
    INFO(check.describe());
    CHECK(check.exit_code == 0);
    CHECK(check.out.find("note: the optional lens 'performance'") != std::string::npos);
    CHECK(check.out.find(kKeyEnv) != std::string::npos);

    const ProcResult with = clone_and_commit("bob", true);
    INFO(with.describe());
    CHECK(with.exit_code == 0);
    CHECK(with.all().find("PROVIDER_AUTH_ERROR") == std::string::npos);
    CHECK(server.requests().size() == 1);  // the model review ran
}

TEST_CASE("a planted secret in a staged change never reaches the model provider",
          "[model-lens][integration]") {
    HookSandbox sb;
    ProviderServer server;
    const auto repo = sb.repo_with_commit("repo");
    const std::string secret = std::string("FAKEfakefrL1spNxny") + "VmihA+2O76UMFxFkM+R5Kj";
    const auto pem = qa::test::make_fake_key();
    sb.add_file(repo, ".qa-skill.toml", config_text(server, "ok", false));
    sb.add_file(repo, "src/app.py",
                "import boto3\naws_secret_access_key = \"" + secret + "\"\nKEY = \"\"\"\n" +
                    pem.pem + "\"\"\"\nfor u in users:\n    pass\n");
    const ProcResult r = run_staged(sb, repo);
    INFO(r.describe());
    REQUIRE(server.requests().size() == 1);
    const std::string sent = server.requests()[0].raw;
    CHECK(sent.find(secret) == std::string::npos);
    for (const auto& body_line : pem.body_lines) {
        CHECK(sent.find(body_line) == std::string::npos);  // a PEM block is masked whole
    }
    CHECK(sent.find("[masked: a credential was detected here]") != std::string::npos);
    CHECK(sent.find("for u in users:") != std::string::npos);
}

TEST_CASE("security/model-review is planned only when [lenses.security] names a provider",
          "[model-lens][integration]") {
    HookSandbox sb;
    ProviderServer server;
    server.set_answer(
        R"({"findings":[{"file":"src/app.py","startLine":2,"endLine":2,"severity":"high",)"
        R"("ruleId":"sec.sql-injection","summary":"SQL built from input","rationale":"f-string."}]})");
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "src/app.py", "import db\ndb.run(f\"select * from t where id={uid}\")\n");

    // The security lens alone: its rule sub-lenses run, no provider is called.
    const ProcResult rules_only = run_staged(sb, repo);
    INFO(rules_only.describe());
    CHECK(rules_only.exit_code == 0);
    CHECK(server.requests().empty());
    fs::remove_all(repo / ".qa-skill" / "runs");  // the next run's folder is then the only one

    sb.add_file(repo, ".qa-skill.toml",
                "[lenses.security]\nprovider = \"local\"\n"
                "[providers.local]\nadapter = \"anthropic-claude\"\nbase_url = \"" +
                    server.url("ok") + "\"\nmodel = \"test-model\"\napi_key_env = \"" + kKeyEnv +
                    "\"\n");
    const ProcResult reviewed = run_staged(sb, repo);
    INFO(reviewed.describe());
    CHECK(reviewed.exit_code == 1);  // the model's high finding blocks (block_at "high")
    CHECK(reviewed.out.find("sec.sql-injection") != std::string::npos);
    REQUIRE(server.requests().size() == 1);
    const std::string body = server.requests()[0].body();
    CHECK(body.find("senior application security engineer") != std::string::npos);
    CHECK(body.find("+2| db.run(") != std::string::npos);
    const auto dir = qa::test::run_dirs(repo / ".qa-skill").at(0);
    const auto result = qa::json::parse(qa::test::read_bytes(dir / "skill-result.json"));
    bool planned = false;
    for (const auto& plan : result.find("lensPlans")->as_array()) {
        const auto* sub = plan.find("subLensId");
        planned = planned || (sub->is_string() && sub->as_string() == "model-review");
    }
    CHECK(planned);

    // Its binding must be usable like a model lens's: an unset key is exit 2.
    const ProcResult no_key = run_staged(sb, repo, false);
    INFO(no_key.describe());
    CHECK(no_key.exit_code == 2);
    CHECK(no_key.err.find("providers.local.api_key_env") != std::string::npos);
}

TEST_CASE("a change judged at pre-commit is answered from the cache at pre-push",
          "[model-lens][integration][hooks]") {
    HookSandbox sb;
    ProviderServer server;
    server.set_answer(R"({"findings":[]})");
    const auto remote = sb.init("remote.git", true);
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml", config_text(server, "ok", true));
    sb.git_ok(repo, "commit -q --no-verify -m config");
    sb.git_ok(repo, "remote add origin " + qa::test::shell_quote(remote.string()));
    sb.git_ok(repo, "push -q --no-verify origin HEAD");
    const ProcResult install = sb.qa(repo, "install");
    INFO(install.describe());
    REQUIRE(install.exit_code == 0);

    sb.add_file(repo, "src/app.py", "import db\nfor u in users:\n    db.query(u)\n");
    const std::string key = std::string(kKeyEnv) + "=" + kKey + " ";
    const ProcResult commit = sb.in(repo, key + "git commit -q -m app");
    INFO(commit.describe());
    REQUIRE(commit.exit_code == 0);
    CHECK(server.requests().size() == 1);
    const ProcResult push = sb.in(repo, key + "git push -q origin HEAD");
    INFO(push.describe());
    CHECK(push.exit_code == 0);
    CHECK(server.requests().size() == 1);  // the pushed change is the committed one: cached
    // ... and the pre-push run did judge it: its provenance records the cache hit.
    std::size_t hits = 0;
    for (const auto& dir : qa::test::run_dirs(repo / ".qa-skill")) {
        if (fs::exists(dir / "provenance.json")) {
            const auto p = qa::json::parse(qa::test::read_bytes(dir / "provenance.json"));
            for (const auto& call : p.find("calls")->as_array()) {
                if (call.find("cacheHit")->as_bool()) {
                    ++hits;
                }
            }
        }
    }
    CHECK(hits == 1);
}

TEST_CASE(
    "a model finding names its lens and the model's reason, and identical findings print once",
    "[model-lens][integration][report]") {
    HookSandbox sb;
    ProviderServer server;
    server.set_answer(kAnswer);  // both lenses get the same answer: one finding, twice
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, ".qa-skill.toml",
                config_text(server, "ok", true) + "[lenses.security]\nprovider = \"local\"\n");
    sb.add_file(repo, "src/app.py", "import db\nfor u in users:\n    db.query(u)\n");

    const ProcResult r = run_staged(sb, repo);
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    REQUIRE(server.requests().size() == 2);
    // One line for the location, naming the lens that reported it first and the other one.
    std::size_t lines = 0;
    for (std::size_t at = r.out.find("A query per user"); at != std::string::npos;
         at = r.out.find("A query per user", at + 1)) {
        ++lines;
    }
    CHECK(lines == 1);
    const bool perf_first = r.out.find("performance/perf.query-in-loop") != std::string::npos;
    const bool security_first =
        r.out.find("security/model-review/perf.query-in-loop") != std::string::npos;
    CHECK(perf_first != security_first);
    CHECK(r.out.find(perf_first ? "(also security/model-review)" : "(also performance)") !=
          std::string::npos);
    CHECK(r.out.find("why: db.query in a loop.") != std::string::npos);
    CHECK(r.out.find("2 findings") != std::string::npos);
}

TEST_CASE(
    "an optional model review beside required rule sub-lenses: an outage or a missing key "
    "degrades the review, the secret rules still block",
    "[model-lens][integration]") {
    HookSandbox sb;
    ProviderServer server;
    const auto repo = sb.repo_with_commit("repo");
    sb.add_file(repo, "src/app.py", "def total(xs):\n    return sum(xs)\n");
    const auto config = [&](const std::string& script, const std::string& sub_table) {
        return "[lenses.security]\nprovider = \"local\"\n" + sub_table +
               "[providers.local]\nadapter = \"anthropic-claude\"\nbase_url = \"" +
               server.url(script) + "\"\nmodel = \"test-model\"\napi_key_env = \"" + kKeyEnv +
               "\"\n";
    };
    const std::string optional_review = "[lenses.security.model-review]\nrequired = false\n";

    // The review inherits the lens's requiredness: the model server down fails every commit.
    sb.add_file(repo, ".qa-skill.toml", config("status-503", ""));
    const ProcResult inherited = run_staged(sb, repo);
    INFO(inherited.describe());
    CHECK(inherited.exit_code == 1);
    CHECK(inherited.out.find("PROVIDER_UNAVAILABLE") != std::string::npos);

    // Its own `required = false`: the same outage degrades the review, and the run passes.
    fs::remove_all(repo / ".qa-skill" / "runs");  // the next run's folder is then the only one
    sb.add_file(repo, ".qa-skill.toml", config("status-503", optional_review));
    const ProcResult degraded = run_staged(sb, repo);
    INFO(degraded.describe());
    CHECK(degraded.exit_code == 0);
    CHECK(degraded.all().find("PROVIDER_UNAVAILABLE") != std::string::npos);
    const auto dir = qa::test::run_dirs(repo / ".qa-skill").at(0);
    const auto result = qa::json::parse(qa::test::read_bytes(dir / "skill-result.json"));
    std::map<std::string, bool> required;
    for (const auto& plan : result.find("lensPlans")->as_array()) {
        const auto* sub = plan.find("subLensId");
        if (sub->is_string()) {
            required[sub->as_string()] = plan.find("required")->as_bool();
        }
    }
    CHECK(required.at("model-review") == false);
    CHECK(required.at("secrets") == true);

    // A teammate without the key variable commits degraded instead of meeting a config error.
    const ProcResult no_key = run_staged(sb, repo, false);
    INFO(no_key.describe());
    CHECK(no_key.exit_code == 0);
    const ProcResult check = sb.in(repo, qa::test::shell_quote(QA_SKILL_BIN) + " config check");
    INFO(check.describe());
    CHECK(check.exit_code == 0);
    CHECK(check.out.find(kKeyEnv) != std::string::npos);  // which teammates it affects

    // The rule sub-lenses stay required and blocking: a key in the change still fails it.
    sb.add_file(repo, "src/config.py", qa::test::config_py(qa::test::fake_aws_key(26)));
    const ProcResult secret = run_staged(sb, repo);
    INFO(secret.describe());
    CHECK(secret.exit_code == 1);
    CHECK(secret.out.find("src/config.py:2") != std::string::npos);

    // A misspelt sub-lens is exit 2 from the hook and `config check`, at its table.
    sb.add_file(repo, ".qa-skill.toml",
                config("ok", "[lenses.security.model-reveiw]\nrequired = false\n"));
    for (const std::string command : {" run --staged", " config check"}) {
        const ProcResult typo = sb.in(repo, std::string(kKeyEnv) + "=" + kKey + " " +
                                                qa::test::shell_quote(QA_SKILL_BIN) + command);
        INFO(typo.describe());
        CHECK(typo.exit_code == 2);
        CHECK(typo.err.find(".qa-skill.toml:3:") != std::string::npos);
        CHECK(typo.err.find("lenses.security.model-reveiw") != std::string::npos);
        CHECK(typo.err.find("did you mean `model-review`") != std::string::npos);
    }
}

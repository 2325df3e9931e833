// The consistency lens on real projects through real `git commit` with the installed hooks: a
// Python and a JavaScript project draft their conventions, freeze them, and a staged change that
// breaks one is blocked with the rubric rule and its evidence, with no provider configured. A
// rubric rule switched off passes and is reported as gate-weakened. On qa-skill's own source the
// draft finds what a reader sees: snake_case file names, a namespace per folder, tests mirroring
// src/.
#include <catch2/catch.hpp>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "support/provider_server.hpp"
#include "support/rubric_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::read_bytes;

namespace {

/// Drafts, approves version 1, commits it with a configuration enforcing it and installs the hooks.
void onboard(const HookSandbox& sb, const fs::path& repo, const std::string& extra_config = "") {
    for (const char* step : {"consistency-init", "consistency-approve 1", "install"}) {
        const ProcResult r = sb.qa(repo, step);
        INFO(r.describe());
        REQUIRE(r.exit_code == 0);
    }
    sb.add_file(repo, ".qa-skill.toml", qa::test::consistency_config(1) + extra_config);
    sb.git_ok(repo, "add .qa-skill-rubric/v1.json");
    const ProcResult commit = sb.git_in(repo, "commit -q -m 'consistency rubric v1'");
    INFO(commit.describe());
    REQUIRE(commit.exit_code == 0);
}

qa::json::Value draft_rules(const fs::path& repo) {
    return *qa::json::parse(read_bytes(repo / ".qa-skill-rubric/v1.json")).find("rules");
}

/// `text` with every run of white space as one space: the terminal wraps long findings.
std::string squashed(const std::string& text) {
    std::string out;
    for (const char c : text) {
        const bool space = c == ' ' || c == '\n' || c == '\t';
        if (!space || (!out.empty() && out.back() != ' ')) {
            out += space ? ' ' : c;
        }
    }
    return out;
}

bool has_rule(const qa::json::Value& rules, const std::string& id) {
    for (const auto& r : rules.as_array()) {
        if (r.find("ruleId")->as_string() == id) {
            return true;
        }
    }
    return false;
}

}  // namespace

TEST_CASE("python: a staged change breaking a drafted convention is blocked at git commit",
          "[consistency][integration][commit]") {
    HookSandbox sb;
    const auto repo = qa::test::python_project(sb, "py");
    onboard(sb, repo);
    const auto rules = draft_rules(repo);
    for (const char* id : {"consistency-file-names-app", "consistency-names-python-function",
                           "consistency-names-python-class", "consistency-indent-python",
                           "consistency-python-imports", "consistency-python-bare-except",
                           "consistency-test-location"}) {
        INFO(id);
        CHECK(has_rule(rules, id));
    }
    const std::string head = sb.rev_parse(repo, "HEAD");

    sb.add_file(repo, "app/user_api.py", "def fetchUser(user_id):\n    return user_id\n");
    const ProcResult blocked = sb.git_in(repo, "commit -q -m 'camel function'");
    INFO(blocked.describe());
    CHECK(blocked.exit_code != 0);
    CHECK(sb.rev_parse(repo, "HEAD") == head);
    const std::string out = squashed(blocked.all());
    CHECK(out.find("app/user_api.py:1") != std::string::npos);
    CHECK(out.find("consistency-names-python-function") != std::string::npos);
    CHECK(out.find("python function declarations use snake_case") != std::string::npos);

    // Fixed, it passes; the lens judged only the changed lines.
    sb.add_file(repo, "app/user_api.py", "def fetch_user(user_id):\n    return user_id\n");
    const ProcResult fixed = sb.git_in(repo, "commit -q -m 'snake function'");
    INFO(fixed.describe());
    CHECK(fixed.exit_code == 0);
}

TEST_CASE("javascript: require() in an ES-module project is blocked at git commit",
          "[consistency][integration][commit]") {
    HookSandbox sb;
    const auto repo = qa::test::js_project(sb, "js");
    onboard(sb, repo);
    const auto rules = draft_rules(repo);
    for (const char* id :
         {"consistency-js-modules", "consistency-file-names-src",
          "consistency-names-javascript-typescript-function", "consistency-javascript-throw-errors",
          "consistency-indent-javascript"}) {
        INFO(id);
        CHECK(has_rule(rules, id));
    }
    sb.add_file(repo, "src/fileCache.js",
                "const fs = require('fs');\n\nexport function fileCacheRead(p) {\n"
                "  return fs.readFileSync(p);\n}\n");
    const ProcResult blocked = sb.git_in(repo, "commit -q -m 'commonjs'");
    INFO(blocked.describe());
    CHECK(blocked.exit_code != 0);
    CHECK(blocked.all().find("src/fileCache.js:1") != std::string::npos);
    CHECK(blocked.all().find("consistency-js-modules") != std::string::npos);
}

TEST_CASE("a rubric rule switched off passes and is reported as gate-weakened",
          "[consistency][integration]") {
    HookSandbox sb;
    const auto repo = qa::test::python_project(sb, "py");
    onboard(sb, repo);
    sb.add_file(repo, ".qa-skill.toml",
                qa::test::consistency_config(1) +
                    "[rules.consistency-names-python-function]\nenabled = false\n");
    sb.add_file(repo, "app/user_api.py", "def fetchUser(user_id):\n    return user_id\n");
    const ProcResult r = sb.qa(repo, "run --staged");
    INFO(r.describe());
    CHECK(r.exit_code == 0);
    CHECK(r.all().find("gate-weakened") != std::string::npos);
    CHECK(r.all().find("consistency-names-python-function") != std::string::npos);

    // A rule the rubric does not have is a configuration error, as for any rule.
    sb.add_file(
        repo, ".qa-skill.toml",
        qa::test::consistency_config(1) + "[rules.consistency-no-such-rule]\nenabled = false\n");
    const ProcResult unknown = sb.qa(repo, "run --staged");
    CHECK(unknown.exit_code == 2);
}

TEST_CASE("qa-skill's own source: snake_case names, a namespace per folder, tests mirroring src/",
          "[consistency][integration]") {
    HookSandbox sb;
    const auto clone = sb.root() / "self";
    sb.git_ok(sb.root(), "clone -q " + qa::test::shell_quote(QA_SOURCE_DIR) + " " +
                             qa::test::shell_quote(clone.string()));
    const ProcResult r = sb.qa(clone, "consistency-init --format json");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    const auto doc = qa::json::parse(read_bytes(clone / ".qa-skill/rubric/v1.draft.json"));
    std::map<std::string, const qa::json::Value*> by_id;
    for (const auto& rule : doc.find("rules")->as_array()) {
        by_id[rule.find("ruleId")->as_string()] = &rule;
    }
    const auto ratio = [&](const std::string& id) {
        REQUIRE(by_id.count(id) == 1);
        const auto& e = *by_id[id]->find("evidence");
        const auto follows = e.find("follows")->as_integer();
        const auto total = e.find("total")->as_integer();
        INFO(id << ": " << e.find("text")->as_string());
        CHECK(total >= 20);
        return static_cast<double>(follows) / static_cast<double>(total);
    };
    CHECK(ratio("consistency-file-names-src") >= 0.99);
    CHECK(by_id["consistency-file-names-src"]->find("summary")->as_string().find("snake_case") !=
          std::string::npos);
    CHECK(ratio("consistency-namespace-src") >= 0.9);
    CHECK(by_id["consistency-namespace-src"]->find("check")->find("prefix")->as_string() == "qa");
    CHECK(ratio("consistency-test-mirror") >= 0.95);
    CHECK(by_id["consistency-test-mirror"]->find("check")->find("sourceRoot")->as_string() ==
          "src/");
    CHECK(ratio("consistency-header-guard") >= 0.99);
    CHECK(ratio("consistency-names-c-cpp-function") >= 0.95);
}

TEST_CASE(
    "with a provider, the guidance rules go to the model with the frozen template and the "
    "exemplars, and the answer blocks and is cached",
    "[consistency][integration][model-lens]") {
    HookSandbox sb;
    qa::test::ProviderServer server;
    const auto repo = qa::test::python_project(sb, "py");
    const std::string key_env = "QA_TEST_CONSISTENCY_KEY";
    const std::string provider =
        "provider = \"local\"\n[providers.local]\nadapter = \"openai-codex\"\n"
        "api = \"chat_completions\"\nbase_url = \"" +
        server.url("ok") + "/v1\"\nmodel = \"test-model\"\napi_key_env = \"" + key_env + "\"\n";
    for (const char* step : {"consistency-init", "consistency-approve 1"}) {
        REQUIRE(sb.qa(repo, step).exit_code == 0);
    }
    sb.add_file(repo, ".qa-skill.toml", qa::test::consistency_config(1) + provider);
    sb.git_ok(repo, "add .qa-skill-rubric/v1.json");
    sb.commit(repo, "rubric v1 with a provider");

    server.set_answer(
        R"({"findings":[{"file":"app/notes.py","startLine":2,"endLine":2,"severity":"high",)"
        R"("ruleId":"consistency-errors-python","summary":"Errors are reported with print",)"
        R"("rationale":"The package raises ValueError."}]})");
    sb.add_file(repo, "app/notes.py", "def read_note(store, key):\n    print(\"missing\")\n");
    const std::string run =
        key_env + "=sk-local-test " + qa::test::shell_quote(QA_SKILL_BIN) + " run --staged";
    const ProcResult first = sb.in(repo, run);
    INFO(first.describe());
    CHECK(first.exit_code == 1);
    CHECK(first.all().find("consistency-errors-python") != std::string::npos);
    const auto requests = server.requests();
    REQUIRE(requests.size() == 1);
    const std::string body = requests[0].body();
    // The frozen template, the guidance rule with its evidence, an exemplar, the changed lines.
    CHECK(body.find("The repository's conventions were measured from its own code") !=
          std::string::npos);
    CHECK(body.find("# Rubric version 1") != std::string::npos);
    CHECK(body.find("consistency-errors-python: How python code reports errors") !=
          std::string::npos);
    CHECK(body.find("## app/") != std::string::npos);
    CHECK(body.find("app/notes.py") != std::string::npos);
    // Checked rules are qa-skill's, not the model's.
    CHECK(body.find("consistency-names-python-function:") == std::string::npos);

    const ProcResult second = sb.in(repo, run);
    INFO(second.describe());
    CHECK(second.exit_code == 1);
    CHECK(server.requests().size() == 1);  // answered from the cache
}

#pragma once

/// A team for the team cache's tests: a repository whose committed configuration binds the
/// performance lens to the provider test server, clones of it with one change staged, the
/// user-level file naming the team store, and what the tests compare (hashed artifacts, local
/// entries, every byte of a folder). Header-only, like the other fixtures.

#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "support/hook_fixture.hpp"
#include "support/provider_server.hpp"

namespace qa::test::team {

namespace fs = std::filesystem;

inline constexpr const char* kKeyEnv = "QA_TEST_PROVIDER_KEY";
inline constexpr const char* kKey = "sk-integration-KEY-7c6b5a4d3e2f";

inline const char* const kAnswer =
    R"({"findings":[{"file":"src/app.py","startLine":3,"endLine":3,"severity":"high",)"
    R"("ruleId":"perf.query-in-loop","summary":"A query per user","rationale":"db.query in a loop."}]})";

inline const char* const kChange = "import db\nfor u in users:\n    db.query(u)\n";

/// One team: a repository whose committed configuration binds the performance lens to the
/// provider test server, clones of it, and the user-level file that names the team store.
struct Team {
    HookSandbox sb;
    ProviderServer server;
    fs::path origin;

    /// `config_head` opens the committed .qa-skill.toml (top-level keys, more lens tables).
    explicit Team(const std::string& script = "ok", const std::string& config_head = {}) {
        server.set_answer(kAnswer);
        origin = sb.repo_with_commit("origin");
        sb.add_file(
            origin, ".qa-skill.toml",
            config_head +
                "[lenses.performance]\nenabled = true\nprovider = \"local\"\n"
                "[providers.local]\nadapter = \"openai-codex\"\napi = \"chat_completions\"\n"
                "base_url = \"" +
                server.url(script) + "/v1\"\nmodel = \"test-model\"\napi_key_env = \"" + kKeyEnv +
                "\"\n");
        sb.commit(origin, "configure the performance lens");
    }

    /// A clone of the origin with the change staged.
    fs::path clone(const std::string& name) const {
        fs::path path = sb.root() / name;
        sb.git_ok(sb.root(), "clone -q " + qa::test::shell_quote(origin.string()) + " " +
                                 qa::test::shell_quote(path.string()));
        sb.add_file(path, "src/app.py", kChange);
        return path;
    }

    /// The user-level configuration ($HOME/.config/qa-skill/config.toml): not committed.
    void user_config(const std::string& text) const {
        qa::test::write_file(sb.home() / ".config" / "qa-skill" / "config.toml", text);
    }

    std::string command(const std::string& env = {}) const {
        return std::string(kKeyEnv) + "=" + kKey + " " + env + " " +
               qa::test::shell_quote(QA_SKILL_BIN) + " run --staged";
    }
    ProcResult run(const fs::path& repo, const std::string& env = {}) const {
        return sb.in(repo, command(env));
    }
};

/// The hashed artifacts of the one run folder under .qa-skill/runs.
inline std::map<std::string, std::string> hashed_artifacts(const fs::path& repo) {
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(dirs.size() == 1);
    std::map<std::string, std::string> out;
    for (const auto& name : qa::test::hashed_artifact_names()) {
        out[name] = qa::test::read_bytes(dirs[0] / name);
    }
    return out;
}

inline std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
        ++n;
    }
    return n;
}

/// The local cache's entries (not its counters), by file name.
inline std::map<std::string, std::string> entries(const fs::path& repo) {
    std::map<std::string, std::string> out;
    for (const auto& [name, bytes] : qa::test::read_tree(repo / ".qa-skill" / "cache" / "model")) {
        if (name.ends_with(".md")) {
            out[name] = bytes;
        }
    }
    return out;
}

/// Every file under `dir`, concatenated: what must never hold a secret.
inline std::string all_bytes(const fs::path& dir) {
    std::string out;
    for (const auto& [name, bytes] : qa::test::read_tree(dir)) {
        out += bytes;
    }
    return out;
}

}  // namespace qa::test::team

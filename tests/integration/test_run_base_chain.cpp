// `qa-skill run` with no --base walks the seed's base-ref chain against a real bare remote; each
// branch's codes appear in the printed result and in the run's final-verdict.json artifact.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::json::Value;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

using Codes = std::vector<std::string>;

/// A clone of a bare remote with main and master pushed; HEAD is a feature branch one commit
/// ahead, so every base the chain can pick has a real range to check.
struct Remote {
    HookSandbox sb;
    fs::path remote;
    fs::path repo;

    Remote() {
        remote = sb.init("origin.git", true);
        const auto seed = sb.repo_with_commit("seed");
        sb.git_ok(seed, "remote add origin " + shell_quote(remote.string()));
        sb.git_ok(seed, "push -q origin main main:master");
        sb.git_ok(remote, "symbolic-ref HEAD refs/heads/main");
        repo = sb.root() / "work";
        sb.git_ok(sb.root(), "clone -q " + shell_quote(remote.string()) + " work");
        sb.git_ok(repo, "checkout -q -b feature");
        sb.add_file(repo, "src/app.py", "def ok():\n    return True\n");
        sb.commit(repo, "feature");
    }

    /// `qa-skill run --format json` (no --base); the error codes it printed and those of the
    /// final-verdict.json it wrote, which must agree.
    Codes run_codes(int expected_exit) const {
        const ProcResult r = sb.qa(repo, "run --format json");
        INFO(r.describe());
        REQUIRE(r.exited);
        REQUIRE(r.exit_code == expected_exit);
        const Value doc = qa::json::parse(r.out);
        // The net change first; the range's commit messages are judged in a run of their own.
        const auto& runs = doc.find("runs")->as_array();
        REQUIRE(!runs.empty());
        CHECK(runs[0].find("label")->as_string().find("...HEAD") != std::string::npos);
        const Value& verdict = *runs[0].find("skillResult")->find("finalVerdict");
        Codes printed = codes_of(verdict);

        const fs::path dir = runs[0].find("artifactDir")->as_string();
        const Value stored = qa::json::parse(qa::test::read_bytes(dir / "final-verdict.json"));
        CHECK(codes_of(stored) == printed);
        CHECK(stored.find("status")->as_string() == verdict.find("status")->as_string());
        fs::remove_all(repo / ".qa-skill");
        return printed;
    }

    static Codes codes_of(const Value& verdict) {
        Codes out;
        for (const auto& c : verdict.find("errorCodes")->as_array()) {
            if (c.as_string().rfind("BASE_REF_", 0) == 0) {
                out.push_back(c.as_string());
            }
        }
        return out;
    }

    void configure_base(const std::string& ref) const {
        // Committed: `run` reads the configuration of the head commit, never the working tree.
        qa::test::write_file(repo / ".qa-skill.toml", "base_ref = \"" + ref + "\"\n");
        sb.git_ok(repo, "add .qa-skill.toml");
        sb.git_ok(repo, "commit -q --no-verify -m config");
    }
};

}  // namespace

TEST_CASE("seed test 1: qa-skill run resolves the base along the chain with exact codes",
          "[run][base-ref][seed]") {
    Remote r;
    SECTION("configured base ref found: no code") {
        r.configure_base("origin/master");
        CHECK(r.run_codes(0).empty());
    }
    SECTION("configured base ref missing: falls back to origin/HEAD") {
        r.configure_base("origin/nope");
        CHECK(r.run_codes(0) == Codes{"BASE_REF_CONFIGURED_NOT_FOUND"});
    }
    SECTION("origin/HEAD: no code") {
        CHECK(r.run_codes(0).empty());
    }
    SECTION("origin/HEAD unavailable: origin/main") {
        r.sb.git_ok(r.repo, "remote set-head origin -d");
        CHECK(r.run_codes(0) ==
              Codes{"BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE", "BASE_REF_FALLBACK_ORIGIN_MAIN"});
    }
    SECTION("only origin/master") {
        r.sb.git_ok(r.repo, "remote set-head origin -d");
        r.sb.git_ok(r.repo, "update-ref -d refs/remotes/origin/main");
        CHECK(r.run_codes(0) == Codes{"BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE",
                                      "BASE_REF_FALLBACK_ORIGIN_MASTER"});
    }
    SECTION("nothing resolves: FAIL, exit 1") {
        r.sb.git_ok(r.repo, "remote set-head origin -d");
        r.sb.git_ok(r.repo, "update-ref -d refs/remotes/origin/main");
        r.sb.git_ok(r.repo, "update-ref -d refs/remotes/origin/master");
        CHECK(r.run_codes(1) ==
              Codes{"BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE", "BASE_REF_RESOLUTION_FAILED"});
        const ProcResult text = r.sb.qa(r.repo, "run");
        INFO(text.describe());
        CHECK(text.exit_code == 1);
        CHECK(text.all().find("BASE_REF_RESOLUTION_FAILED") != std::string::npos);
    }
}

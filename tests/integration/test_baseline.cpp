// Suppressions and the baseline through real commits with the installed hooks: a committed
// baseline keeps accepting a known secret when its code moves, a new secret on the old line is
// refused, `qa-skill baseline check` reports stale entries, and unused inline suppressions are
// reported without blocking.
#include <catch2/catch.hpp>

#include "json/parse.hpp"
#include "support/baseline_fixture.hpp"
#include "support/hook_fixture.hpp"
#include "support/json_member.hpp"

namespace fs = std::filesystem;
using qa::json::Value;
using qa::test::HookSandbox;
using qa::test::member;
using qa::test::ProcResult;
using qa::test::read_bytes;
using qa::test::shell_quote;

using qa::test::fake_github_token;
using qa::test::settings_py;

namespace {

constexpr const char* kBaselineFile = ".qa-skill-baseline.json";

/// True when no 12-character piece of the token's random part occurs in `text`.
bool token_absent(const std::string& token, const std::string& text) {
    for (std::size_t at = 4; at + 12 <= token.size(); at += 4) {
        if (text.find(token.substr(at, 12)) != std::string::npos) {
            return false;
        }
    }
    return true;
}

/// Every finding of a `--format json` report.
std::vector<Value> findings_of(const ProcResult& r) {
    INFO(r.describe());
    const Value doc = qa::json::parse(r.out);
    std::vector<Value> out;
    for (const auto& run : member(doc, "runs").as_array()) {
        for (const auto& lens : member(member(run, "skillResult"), "lensResults").as_array()) {
            for (const auto& f : member(lens, "findings").as_array()) {
                out.push_back(f);
            }
        }
    }
    return out;
}

std::vector<Value> with_rule(const std::vector<Value>& findings, const std::string& rule) {
    std::vector<Value> out;
    for (const auto& f : findings) {
        if (member(f, "ruleId").as_string() == rule) {
            out.push_back(f);
        }
    }
    return out;
}

/// A repository with the hooks installed whose history holds a token in src/settings.py
/// (committed past the hook), and a committed baseline that accepts it.
struct BaselinedRepo {
    HookSandbox sb;
    fs::path repo = sb.repo_with_commit("repo");
    std::string token = fake_github_token(11);

    BaselinedRepo() {
        const ProcResult install = sb.qa(repo, "install");
        INFO(install.describe());
        REQUIRE(install.exit_code == 0);
        sb.add_file(repo, "src/settings.py", settings_py(token));
        sb.git_ok(repo, "commit -q --no-verify -m 'legacy token'");

        // Without a baseline the history fails a scan of every file.
        const ProcResult before = sb.qa(repo, "run --all-files --no-artifacts");
        INFO(before.describe());
        REQUIRE(before.exit_code == 1);

        const ProcResult create = sb.qa(repo, "baseline create");
        INFO(create.describe());
        REQUIRE(create.exit_code == 0);
        CHECK(create.out.find("1 entry") != std::string::npos);
        CHECK(token_absent(token, create.all()));

        const std::string text = read_bytes(repo / kBaselineFile);
        CHECK(text.find("\"ruleId\":\"github-pat\"") != std::string::npos);
        CHECK(text.find("\"path\":\"src/settings.py\"") != std::string::npos);
        CHECK(token_absent(token, text));  // a hash and a masked note, never the secret
        const ProcResult valid =
            sb.qa(repo, "schema validate baseline.v1 " + std::string(kBaselineFile));
        INFO(valid.describe());
        CHECK(valid.exit_code == 0);

        // Committing the baseline goes through the hook like any change, and passes.
        sb.git_ok(repo, "add " + std::string(kBaselineFile));
        const ProcResult commit = sb.git_in(repo, "commit -q -m baseline");
        INFO(commit.describe());
        REQUIRE(commit.exit_code == 0);

        const ProcResult check = sb.qa(repo, "baseline check");
        INFO(check.describe());
        CHECK(check.exit_code == 0);
        CHECK(check.out.find("0 stale entries") != std::string::npos);
        CHECK(check.out.find("0 new findings") != std::string::npos);
    }
};

}  // namespace

TEST_CASE("baseline: moved code passes, a new secret on the old line is refused",
          "[hooks][baseline]") {
    BaselinedRepo r;
    const std::string head = r.sb.rev_parse(r.repo, "HEAD");

    SECTION("the token's line moves: accepted, reported, not blocking") {
        r.sb.add_file(r.repo, "src/settings.py", settings_py(r.token, true));
        const ProcResult dry = r.sb.hook(r.repo, "--dry-run --format json");
        const auto tokens = with_rule(findings_of(dry), "github-pat");
        REQUIRE(tokens.size() == 1);
        CHECK(member(tokens[0], "startLine").as_integer() == 5);
        CHECK_FALSE(member(tokens[0], "blocking").as_bool());
        CHECK(member(member(tokens[0], "evidence"), "baselineFingerprint").is_string());

        const ProcResult commit = r.sb.git_in(r.repo, "commit -q -m 'move the token'");
        INFO(commit.describe());
        CHECK(commit.exit_code == 0);
        CHECK(r.sb.rev_parse(r.repo, "HEAD^") == head);
    }
    SECTION("another token on the token's line is refused") {
        const std::string other = fake_github_token(12);
        r.sb.add_file(r.repo, "src/settings.py", settings_py(other));
        const ProcResult commit = r.sb.git_in(r.repo, "commit -q -m 'new token'");
        INFO(commit.describe());
        CHECK(commit.exit_code == 1);
        CHECK(commit.err.find("src/settings.py:2") != std::string::npos);
        CHECK(commit.err.find("github-pat") != std::string::npos);
        CHECK(token_absent(other, commit.all()));
        CHECK(r.sb.rev_parse(r.repo, "HEAD") == head);
    }
    SECTION("the accepted token copied into another file is refused there") {
        r.sb.add_file(r.repo, "src/copy.py", settings_py(r.token));
        const ProcResult commit = r.sb.git_in(r.repo, "commit -q -m 'copy the token'");
        INFO(commit.describe());
        CHECK(commit.exit_code == 1);
        CHECK(commit.err.find("src/copy.py:2") != std::string::npos);
        CHECK(r.sb.rev_parse(r.repo, "HEAD") == head);
    }
    SECTION("a push of the history with its baseline passes the pre-push hook") {
        const auto remote = r.sb.init("remote.git", true);
        r.sb.git_ok(r.repo, "remote add origin " + shell_quote(remote.string()));
        const ProcResult push = r.sb.git_in(r.repo, "push -q origin main");
        INFO(push.describe());
        CHECK(push.exit_code == 0);
    }
}

TEST_CASE("baseline check reports an entry whose finding is gone", "[hooks][baseline]") {
    BaselinedRepo r;
    r.sb.add_file(r.repo, "src/settings.py", "import os\nTOKEN = os.environ[\"TOKEN\"]\n");
    const ProcResult commit = r.sb.git_in(r.repo, "commit -q -m 'token from the environment'");
    INFO(commit.describe());
    REQUIRE(commit.exit_code == 0);

    const ProcResult check = r.sb.qa(r.repo, "baseline check");
    INFO(check.describe());
    CHECK(check.exit_code == 1);
    CHECK(check.out.find("1 stale entry") != std::string::npos);
    CHECK(check.out.find("stale  src/settings.py  github-pat") != std::string::npos);
    CHECK(token_absent(r.token, check.all()));

    // Re-creating the baseline drops the entry; committed, the check is clean again.
    const ProcResult create = r.sb.qa(r.repo, "baseline create");
    INFO(create.describe());
    CHECK(create.exit_code == 0);
    CHECK(create.out.find("0 entries") != std::string::npos);
    r.sb.git_ok(r.repo, "add " + std::string(kBaselineFile));
    const ProcResult commit2 = r.sb.git_in(r.repo, "commit -q -m 'empty baseline'");
    INFO(commit2.describe());
    CHECK(commit2.exit_code == 0);
    const ProcResult clean = r.sb.qa(r.repo, "baseline check");
    INFO(clean.describe());
    CHECK(clean.exit_code == 0);
}

TEST_CASE("baseline check reports a finding the baseline does not hold", "[hooks][baseline]") {
    BaselinedRepo r;
    r.sb.add_file(r.repo, "src/other.py", settings_py(fake_github_token(13)));
    r.sb.git_ok(r.repo, "commit -q --no-verify -m 'another token, past the hook'");
    const ProcResult check = r.sb.qa(r.repo, "baseline check");
    INFO(check.describe());
    CHECK(check.exit_code == 1);
    CHECK(check.out.find("1 new finding") != std::string::npos);
    CHECK(check.out.find("new    src/other.py:2  security/github-pat") != std::string::npos);
}

TEST_CASE("a malformed baseline is an input error naming the file and the pointer",
          "[hooks][baseline]") {
    BaselinedRepo r;
    const std::string head = r.sb.rev_parse(r.repo, "HEAD");
    r.sb.add_file(r.repo, kBaselineFile,
                  R"({"entries":[{"fingerprint":"not-a-hash","path":"a","ruleId":"b"}],)"
                  R"("schemaVersion":"baseline.v1"})");
    const std::string where = ".qa-skill-baseline.json (index): /entries/0/fingerprint: ";
    const ProcResult commit = r.sb.git_in(r.repo, "commit -q -m 'broken baseline'");
    INFO(commit.describe());
    CHECK(commit.exit_code != 0);  // git's own status; the hook's code is below
    CHECK(commit.err.find(where) != std::string::npos);
    CHECK(r.sb.rev_parse(r.repo, "HEAD") == head);
    const ProcResult hook = r.sb.hook(r.repo, "pre-commit");
    INFO(hook.describe());
    CHECK(hook.exit_code == 2);
    CHECK(hook.err.find(where) != std::string::npos);

    const ProcResult check = r.sb.qa(r.repo, "baseline check");
    INFO(check.describe());
    CHECK(check.exit_code == 2);
    CHECK(check.err.find(kBaselineFile + std::string(": /entries/0/fingerprint: ")) !=
          std::string::npos);

    const ProcResult missing = r.sb.qa(r.repo, "baseline check --baseline no-such.json");
    INFO(missing.describe());
    CHECK(missing.exit_code == 2);
    CHECK(missing.err.find("no-such.json") != std::string::npos);
}

TEST_CASE("an inline suppression that suppresses nothing is reported, not blocking",
          "[hooks][suppression]") {
    HookSandbox sb;
    const auto repo = sb.repo_with_commit("repo");
    const ProcResult install = sb.qa(repo, "install");
    REQUIRE(install.exit_code == 0);
    const std::string head = sb.rev_parse(repo, "HEAD");

    // Used: the directive suppresses the token on its line. Unused: nothing on line 2 matches.
    sb.add_file(repo, "src/fixtures.py",
                "SAMPLE = \"" + fake_github_token(21) +
                    "\"  # qa-skill: allow github-pat -- public test vector\n"
                    "LIMIT = 3  # qa-skill: allow github-pat -- left over from a removed token\n");
    const ProcResult dry = sb.hook(repo, "--dry-run --format json");
    const auto findings = findings_of(dry);
    CHECK(with_rule(findings, "github-pat").empty());
    const auto unused = with_rule(findings, "unused-suppression");
    REQUIRE(unused.size() == 1);
    CHECK(member(unused[0], "file").as_string() == "src/fixtures.py");
    CHECK(member(unused[0], "startLine").as_integer() == 2);
    CHECK(member(unused[0], "severity").as_string() == "low");
    CHECK_FALSE(member(unused[0], "blocking").as_bool());
    CHECK(member(member(unused[0], "evidence"), "suppressedRuleId").as_string() == "github-pat");

    const ProcResult commit = sb.git_in(repo, "commit -q -m fixtures");
    INFO(commit.describe());
    CHECK(commit.exit_code == 0);
    CHECK(sb.rev_parse(repo, "HEAD^") == head);

    // The committed artifacts of that commit record it too.
    bool recorded = false;
    for (const auto& dir : qa::test::run_dirs(repo / ".qa-skill")) {
        const std::string results = read_bytes(dir / "lens-results.json");
        recorded |= results.find("\"ruleId\":\"unused-suppression\"") != std::string::npos;
    }
    CHECK(recorded);
}

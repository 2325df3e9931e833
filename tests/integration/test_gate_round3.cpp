// Issue 23, "the gate holds, round 3": messages, every commit of a CI range, a history audit,
// baselines that accept only what they saw, UTF-16 without a BOM and bad input that is exit 2,
// each driven through real `git commit` / `git push` / `git tag` with the hooks installed.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "baseline/fingerprint.hpp"
#include "lenses/api/findings.hpp"
#include "rules/mask.hpp"
#include "support/baseline_fixture.hpp"
#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::fake_github_token;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

/// A working repository with the hooks installed and main pushed to a bare `origin`.
struct Pushed {
    HookSandbox sb;
    fs::path remote;
    fs::path repo;

    Pushed() {
        remote = sb.init("remote.git", true);
        repo = sb.repo_with_commit("work");
        sb.add_file(repo, "src/lib.py", "def one():\n    return 1\n");
        sb.commit(repo, "lib");
        sb.git_ok(repo, "remote add origin " + shell_quote(remote.string()));
        const ProcResult install = sb.qa(repo, "install");
        INFO(install.describe());
        REQUIRE(install.exit_code == 0);
        const ProcResult push = sb.git_in(repo, "push -q origin main");
        INFO(push.describe());
        REQUIRE(push.exit_code == 0);
    }

    void commit_unchecked(const std::string& message) const {
        sb.git_ok(repo, "commit -q --no-verify --allow-empty -m " + shell_quote(message));
    }

    bool remote_has(const std::string& ref) const {
        return sb.git_ok(remote, "for-each-ref").find(ref) != std::string::npos;
    }
};

void require_blocked(const ProcResult& r) {
    INFO(r.describe());
    REQUIRE(r.exited);
    CHECK(r.exit_code == 1);
    CHECK(r.all().find("FAIL") != std::string::npos);
}

/// An AWS access key id of the shape every such id has (split so this source holds none).
std::string aws_key_id(const std::string& tail16) {
    return std::string("AKI") + "A" + tail16;
}

/// UTF-16 bytes of ASCII `text`, without a byte-order mark.
std::string utf16(std::string_view text, bool little) {
    std::string out;
    for (const char c : text) {
        out += little ? std::string{c, '\0'} : std::string{'\0', c};
    }
    return out;
}

}  // namespace

// --- 1. baselines accept exactly what they saw ----------------------------------------------

TEST_CASE("a baselined AWS key id does not accept another key id of the same shape",
          "[hooks][baseline][gate23]") {
    Pushed s;
    const std::string seen = aws_key_id("Q2ZRXW7TN4MVCBHD");
    s.sb.add_file(s.repo, "s.py", "KEY = \"" + seen + "\"\n");
    s.commit_unchecked("fixture key");
    const ProcResult create = s.sb.qa(s.repo, "baseline create");
    INFO(create.describe());
    REQUIRE(create.exit_code == 0);
    const std::string file = qa::test::read_bytes(s.repo / ".qa-skill-baseline.json");
    CHECK(file.find("\"pbkdf2-hmac-sha256\"") != std::string::npos);
    CHECK(file.find("\"iterations\":100000") != std::string::npos);
    CHECK(file.find(seen) == std::string::npos);
    // The same bytes again: a refresh keeps the file's salt.
    REQUIRE(s.sb.qa(s.repo, "baseline create").exit_code == 0);
    CHECK(qa::test::read_bytes(s.repo / ".qa-skill-baseline.json") == file);
    s.sb.git_ok(s.repo, "add .qa-skill-baseline.json");
    REQUIRE(s.sb.git_in(s.repo, "commit -q -m baseline").exit_code == 0);

    // The key it saw, on another line: still accepted.
    s.sb.add_file(s.repo, "s.py", "import os\n\nKEY = \"" + seen + "\"\n");
    const ProcResult same = s.sb.git_in(s.repo, "commit -q -m move");
    INFO(same.describe());
    CHECK(same.exit_code == 0);

    // A different key id of the same shape in the same file: blocked.
    const std::string other = aws_key_id("Q2ZRXW7TN4MVCBHE");
    s.sb.add_file(s.repo, "s.py",
                  "import os\n\nKEY = \"" + seen + "\"\nKEY2 = \"" + other + "\"\n");
    const ProcResult r = s.sb.git_in(s.repo, "commit -q -m other");
    require_blocked(r);
    CHECK(r.err.find("s.py:4") != std::string::npos);
    CHECK(r.err.find("1 accepted by the baseline") == std::string::npos);
}

TEST_CASE("an entry of a baseline written before salting accepts no guessable secret",
          "[hooks][baseline][gate23]") {
    Pushed s;
    const std::string seen = aws_key_id("Q2ZRXW7TN4MVCBHD");
    const std::string other = aws_key_id("Q2ZRXW7TN4MVCBHE");
    // The old file's entry: sha256 of rule, path and the hash of the key's masked form, which
    // both keys share.
    const std::string rule = "aws-access-key-id";
    const std::string evidence =
        qa::lenses::api::evidence_hash(rule, qa::rules::evidence_form(seen));
    REQUIRE(qa::rules::evidence_form(seen) == qa::rules::evidence_form(other));
    const std::string old_file =
        "{\"entries\":[\n{\"fingerprint\":\"" + qa::baseline::fingerprint(rule, "s.py", evidence) +
        "\",\"path\":\"s.py\",\"ruleId\":\"" + rule + "\"}\n],\"schemaVersion\":\"baseline.v1\"}\n";
    s.sb.add_file(s.repo, ".qa-skill-baseline.json", old_file);
    s.commit_unchecked("old baseline");
    s.sb.add_file(s.repo, "s.py", "KEY = \"" + other + "\"\n");
    const ProcResult r = s.sb.git_in(s.repo, "commit -q -m other");
    require_blocked(r);
    CHECK(r.err.find("s.py:1") != std::string::npos);
    CHECK(r.err.find("qa-skill baseline create") != std::string::npos);
    CHECK(r.err.find("predates salted fingerprints") != std::string::npos);

    const ProcResult check = s.sb.qa(s.repo, "baseline check");
    INFO(check.describe());
    CHECK(check.exit_code == 1);
    CHECK(check.out.find("predates salted fingerprints") != std::string::npos);
}

// --- 2. commit and tag messages ---------------------------------------------------------------

TEST_CASE("a token in a pushed commit message is refused, located at the commit",
          "[hooks][push][messages][gate23]") {
    Pushed s;
    s.sb.add_file(s.repo, "src/two.py", "def two():\n    return 2\n");
    s.commit_unchecked("deploy with token " + fake_github_token(31));
    const std::string sha = s.sb.rev_parse(s.repo, "HEAD");
    const ProcResult r = s.sb.git_in(s.repo, "push origin main");
    require_blocked(r);
    CHECK(r.err.find("commit:" + sha + ":1") != std::string::npos);
    CHECK(r.err.find(fake_github_token(31)) == std::string::npos);
    CHECK(s.sb.git_ok(s.remote, "rev-parse main") != sha + "\n");

    // The same message through CI's range, in JSON and SARIF.
    const ProcResult json =
        s.sb.qa(s.repo, "run --base origin/main --head HEAD --format json --no-artifacts");
    INFO(json.describe());
    CHECK(json.exit_code == 1);
    CHECK(json.out.find("\"file\":\"commit:" + sha + "\"") != std::string::npos);
    CHECK(json.out.find("\"commit\":\"" + sha + "\"") != std::string::npos);
    const ProcResult sarif =
        s.sb.qa(s.repo, "run --base origin/main --head HEAD --format sarif --no-artifacts");
    INFO(sarif.describe());
    CHECK(sarif.exit_code == 1);
    CHECK(sarif.out.find("commit%3A" + sha) != std::string::npos);  // the URI of "commit:<sha>"
    CHECK(sarif.out.find(fake_github_token(31)) == std::string::npos);
}

TEST_CASE("a token in an annotated tag message is refused when the tag is pushed",
          "[hooks][push][messages][gate23]") {
    Pushed s;
    s.sb.git_ok(s.repo, "tag -a v1 -m " + shell_quote("release, token " + fake_github_token(32)));
    const ProcResult r = s.sb.git_in(s.repo, "push origin v1");
    require_blocked(r);
    CHECK(r.err.find("tag:refs/tags/v1:1") != std::string::npos);
    CHECK_FALSE(s.remote_has("refs/tags/v1"));

    s.sb.git_ok(s.repo, "tag -a v2 -m " + shell_quote("release two"));
    const ProcResult ok = s.sb.git_in(s.repo, "push origin v2");
    INFO(ok.describe());
    CHECK(ok.exit_code == 0);
}

TEST_CASE("the commit-msg hook refuses a message with a token before the commit exists",
          "[hooks][commit][messages][gate23]") {
    Pushed s;
    CHECK(qa::test::read_bytes(s.repo / ".git" / "hooks" / "commit-msg").find("commit-msg") !=
          std::string::npos);
    const std::string before = s.sb.rev_parse(s.repo, "HEAD");
    s.sb.add_file(s.repo, "src/two.py", "def two():\n    return 2\n");
    const ProcResult r =
        s.sb.git_in(s.repo, "commit -q -m " + shell_quote("use token " + fake_github_token(33)));
    require_blocked(r);
    CHECK(r.err.find("COMMIT_EDITMSG:1") != std::string::npos);
    CHECK(s.sb.rev_parse(s.repo, "HEAD") == before);
    // A comment line (dropped by git) is not the message.
    const ProcResult ok = s.sb.git_in(s.repo, "commit -q -m " + shell_quote("add two"));
    INFO(ok.describe());
    CHECK(ok.exit_code == 0);
}

TEST_CASE("pre-receive refuses a commit whose message holds a token",
          "[hooks][server][messages][gate23]") {
    HookSandbox sb;
    const fs::path server = sb.init("server.git", true);
    const fs::path hook = server / "hooks" / "pre-receive";
    qa::test::write_file(hook,
                         "#!/bin/sh\nexec " + shell_quote(QA_SKILL_HOOK_BIN) + " pre-receive\n");
    fs::permissions(hook, fs::perms::owner_all);
    const fs::path client = sb.repo_with_commit("client");
    sb.git_ok(client, "remote add origin " + shell_quote(server.string()));
    REQUIRE(sb.git_in(client, "push -q origin main").exit_code == 0);
    sb.git_ok(client, "commit -q --allow-empty -m " +
                          shell_quote("token " + fake_github_token(34) + " for deploy"));
    const ProcResult r = sb.git_in(client, "push origin main");
    INFO(r.describe());
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("commit:" + sb.rev_parse(client, "HEAD") + ":1") != std::string::npos);
    CHECK(r.err.find("pre-receive hook declined") != std::string::npos);
}

// --- 3. CI ranges judge every commit; the history audit --------------------------------------

TEST_CASE("run --base --head refuses a secret added and removed within the range",
          "[cli][range][gate23]") {
    Pushed s;
    s.sb.git_ok(s.repo, "checkout -q -b feature");
    s.sb.add_file(s.repo, "src/cfg.py", "TOKEN = \"" + fake_github_token(35) + "\"\n");
    s.commit_unchecked("add token");
    const std::string with_token = s.sb.rev_parse(s.repo, "HEAD");
    s.sb.add_file(s.repo, "src/cfg.py", "TOKEN = None\n");
    s.commit_unchecked("remove token");
    const ProcResult r = s.sb.qa(s.repo, "run --base main --head feature --no-artifacts");
    require_blocked(r);
    CHECK(r.out.find("src/cfg.py:1") != std::string::npos);
    CHECK(r.out.find("earlier commits (" + with_token.substr(0, 12)) != std::string::npos);
    // The push gate agrees.
    const ProcResult push = s.sb.git_in(s.repo, "push origin feature");
    require_blocked(push);
}

TEST_CASE("qa-skill audit finds a secret anywhere in history and in messages, each once",
          "[cli][audit][gate23]") {
    Pushed s;
    const ProcResult clean = s.sb.qa(s.repo, "audit --all --no-artifacts");
    INFO(clean.describe());
    CHECK(clean.exit_code == 0);

    s.sb.add_file(s.repo, "src/cfg.py", "TOKEN = \"" + fake_github_token(36) + "\"\n");
    s.commit_unchecked("add token");
    const std::string with_token = s.sb.rev_parse(s.repo, "HEAD");
    s.sb.add_file(s.repo, "src/cfg.py", "TOKEN = None\n");
    s.commit_unchecked("remove token");
    // The same line again in a later commit (a revert of the removal): judged once.
    s.sb.add_file(s.repo, "src/cfg.py", "TOKEN = \"" + fake_github_token(36) + "\"\n");
    s.commit_unchecked("revert");
    const std::string again = s.sb.rev_parse(s.repo, "HEAD");
    s.sb.add_file(s.repo, "src/cfg.py", "TOKEN = None\n");
    s.commit_unchecked("token " + fake_github_token(37));
    const std::string with_message = s.sb.rev_parse(s.repo, "HEAD");

    const ProcResult r = s.sb.qa(s.repo, "audit --all --no-artifacts --format json");
    INFO(r.describe());
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("\"commit\":\"" + with_token + "\"") != std::string::npos);
    CHECK(r.out.find("\"file\":\"commit:" + with_message + "\"") != std::string::npos);
    CHECK(r.out.find(fake_github_token(36)) == std::string::npos);
    // The line added twice is judged once, at the first commit that added it.
    CHECK(r.out.find("\"commit\":\"" + again + "\"") == std::string::npos);

    const ProcResult range = s.sb.qa(s.repo, "audit main~4..main --no-artifacts");
    INFO(range.describe());
    CHECK(range.exit_code == 1);
    const ProcResult bad = s.sb.qa(s.repo, "audit no-such-rev");
    INFO(bad.describe());
    CHECK(bad.exit_code == 2);
}

// --- 4. ways forward for a credential in an earlier commit -----------------------------------

TEST_CASE("a blocked push names the commit to rewrite and says revoke first",
          "[hooks][push][gate23]") {
    Pushed s;
    s.sb.add_file(s.repo, "src/cfg.py", "TOKEN = \"" + fake_github_token(38) + "\"\n");
    s.commit_unchecked("add token");
    const std::string with_token = s.sb.rev_parse(s.repo, "HEAD");
    s.sb.add_file(s.repo, "src/two.py", "def two():\n    return 2\n");
    s.commit_unchecked("two");
    const ProcResult r = s.sb.git_in(s.repo, "push origin main");
    require_blocked(r);
    const std::string short_sha = with_token.substr(0, 12);
    const auto revoke = r.err.find("1. Revoke the credential");
    CHECK(revoke != std::string::npos);
    CHECK(r.err.find("git rebase -i " + short_sha + "~1") != std::string::npos);
    const auto baseline = r.err.find("baseline create");
    CHECK((baseline == std::string::npos || baseline > revoke));

    // In the last commit: amend.
    s.sb.git_ok(s.repo, "reset -q --hard HEAD~1");
    const ProcResult tip = s.sb.git_in(s.repo, "push origin main");
    require_blocked(tip);
    CHECK(tip.err.find("commit " + short_sha) != std::string::npos);
    CHECK(tip.err.find("git commit --amend") != std::string::npos);
}

// --- 5. passwords shorter than 16 characters --------------------------------------------------

TEST_CASE("a short password assigned to a password-like key is refused at git commit",
          "[hooks][commit][gate23]") {
    // Split so this source holds no password assignment of its own.
    const std::string pw = std::string("Xk9#mP") + "q2vL!w";
    const std::string pw13 = std::string("Xk9mPq2") + "vLw7Rt";
    struct Case {
        std::string path;
        std::string text;
    };
    const std::vector<Case> cases{
        {"config/app.yaml", "database:\n  password: " + pw + "Zq\n"},
        {"settings.py",
         "DB_"
         "PASSWORD = \"" +
             pw + "\"\n"},
        {"docker-compose.yml",
         "services:\n  db:\n    environment:\n      POSTGRES_"
         "PASSWORD: " +
             pw13 + "\n"},
    };
    for (const auto& c : cases) {
        Pushed s;
        s.sb.add_file(s.repo, c.path, c.text);
        const ProcResult r = s.sb.git_in(s.repo, "commit -q -m config");
        INFO(c.path);
        require_blocked(r);
        CHECK(r.err.find(c.path + ":") != std::string::npos);
        CHECK(r.all().find(pw) == std::string::npos);
        CHECK(r.all().find(pw13) == std::string::npos);
    }
    // A placeholder under the same key passes.
    Pushed s;
    s.sb.add_file(s.repo, "config/app.yaml", "database:\n  password: ${DB_PASSWORD}\n");
    const ProcResult ok = s.sb.git_in(s.repo, "commit -q -m config");
    INFO(ok.describe());
    CHECK(ok.exit_code == 0);
}

// --- 6. UTF-16 without a byte-order mark ----------------------------------------------------

TEST_CASE("a token in UTF-16 text without a byte-order mark is refused",
          "[hooks][commit][gate23]") {
    for (const bool little : {true, false}) {
        Pushed s;
        const std::string text = "token = \"" + fake_github_token(39) + "\"\r\n";
        s.sb.add_file(s.repo, "notes.txt", utf16(text, little));
        const ProcResult r = s.sb.git_in(s.repo, "commit -q -m notes");
        require_blocked(r);
        CHECK(r.err.find("notes.txt:1") != std::string::npos);
    }
}

// --- 7. bad input is exit 2 -------------------------------------------------------------------

TEST_CASE("an unknown local sha on the pre-push input is exit 2 naming its line",
          "[hooks][push][gate23]") {
    Pushed s;
    const std::string head = s.sb.rev_parse(s.repo, "HEAD");
    const std::string unknown(40, 'b');
    const std::string input = "refs/heads/main " + head + " refs/heads/main " + head + "\n" +
                              "refs/heads/x " + unknown + " refs/heads/x " + std::string(40, '0') +
                              "\n";
    const ProcResult r =
        s.sb.hook(s.repo, "pre-push origin " + shell_quote(s.remote.string()), input);
    INFO(r.describe());
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("line 2") != std::string::npos);
    CHECK(r.err.find(unknown) != std::string::npos);
}

TEST_CASE("a seed beyond 2^53 and a NUL in a path are exit 2 naming the key", "[config][gate23]") {
    Pushed s;
    const auto check = [&](const std::string& toml, const std::string& key) {
        qa::test::write_file(s.repo / ".qa-skill.toml", toml);
        const ProcResult c = s.sb.qa(s.repo, "config check");
        INFO(c.describe());
        CHECK(c.exit_code == 2);
        CHECK(c.all().find(key) != std::string::npos);
        s.sb.git_ok(s.repo, "add .qa-skill.toml");
        const ProcResult hook = s.sb.git_in(s.repo, "commit -q -m cfg");
        INFO(hook.describe());
        CHECK(hook.exit_code != 0);
        CHECK(hook.err.find(key) != std::string::npos);
        s.sb.git_ok(s.repo, "reset -q");
    };
    check(
        "[providers.p]\nadapter = \"anthropic-claude\"\nmodel = \"m\"\napi_key_env = \"K\"\n"
        "seed = 9007199254740993\n",
        "providers.p.seed");
    check("artifact_root = \"out\\u0000put\"\n", "artifact_root");
    check("baseline = \"a\\u0000.json\"\n", "baseline");
}

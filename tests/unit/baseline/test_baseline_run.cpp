// The baseline through the real orchestrator on real git repositories: which baseline a run
// reads, what it accepts, and how it feeds the input hash.
#include <catch2/catch.hpp>

#include <atomic>

#include "baseline/baseline.hpp"
#include "baseline/load.hpp"
#include "config/config.hpp"
#include "orchestrator/run.hpp"
#include "plan/registry.hpp"
#include "support/baseline_fixture.hpp"
#include "support/git_fixture.hpp"

namespace fs = std::filesystem;
using qa::baseline::Baseline;
using qa::prepare::ChangeKind;
using qa::test::GitSandbox;

using qa::test::fake_github_token;
using qa::test::settings_py;

namespace {

qa::orchestrator::RunReport run(const fs::path& repo, ChangeKind kind) {
    qa::prepare::RunRequest request;
    request.startDir = repo;
    request.gitEnv = qa::git::GitEnv::none();
    request.kind = kind;
    request.writeArtifacts = false;
    return qa::orchestrator::run(request);
}

std::vector<qa::contracts::Finding> findings_of(const qa::orchestrator::RunReport& report,
                                                const std::string& rule) {
    std::vector<qa::contracts::Finding> out;
    for (const auto& r : report.runs) {
        for (const auto& lens : r.result.lensResults) {
            for (const auto& f : lens.findings) {
                if (f.ruleId == rule) {
                    out.push_back(f);
                }
            }
        }
    }
    return out;
}

std::vector<qa::contracts::Finding> all_findings(const qa::orchestrator::RunReport& report) {
    std::vector<qa::contracts::Finding> out;
    for (const auto& lens : report.runs.at(0).result.lensResults) {
        out.insert(out.end(), lens.findings.begin(), lens.findings.end());
    }
    return out;
}

bool passed(const qa::orchestrator::RunReport& report) {
    REQUIRE(report.runs.size() == 1);
    return report.passed();
}

/// A repository whose history holds settings.py with a token at line 2, and a committed
/// baseline (made from a scan of every file) that accepts it.
struct BaselinedRepo {
    GitSandbox sb;
    fs::path repo = sb.init("repo");
    std::string token = fake_github_token(7);

    BaselinedRepo() {
        sb.add_file(repo, "src/settings.py", settings_py(token));
        sb.commit(repo, "legacy token");
        const auto scan = run(repo, ChangeKind::all_files);
        REQUIRE_FALSE(scan.passed());
        REQUIRE(findings_of(scan, "github-pat").size() == 1);
        sb.add_file(repo, ".qa-skill-baseline.json",
                    Baseline::from_findings(all_findings(scan)).render());
        sb.commit(repo, "baseline");
    }
};

}  // namespace

TEST_CASE("moved code stays accepted, a new secret on an old line is reported",
          "[baseline][orchestrator]") {
    BaselinedRepo r;
    SECTION("nothing staged: the committed baseline accepts the history") {
        const auto all = run(r.repo, ChangeKind::all_files);
        CHECK(passed(all));
        const auto f = findings_of(all, "github-pat");
        REQUIRE(f.size() == 1);
        CHECK_FALSE(f[0].blocking);
        CHECK(all.runs[0].baselineAccepted == 1);
        CHECK(all.runs[0].baselineSource ==
              std::optional<std::string>(".qa-skill-baseline.json (index)"));
    }
    SECTION("the token line moves: same fingerprint, no block") {
        r.sb.add_file(r.repo, "src/settings.py", settings_py(r.token, true));
        const auto report = run(r.repo, ChangeKind::staged);
        CHECK(passed(report));
        const auto f = findings_of(report, "github-pat");
        REQUIRE(f.size() == 1);
        CHECK(f[0].startLine == 5);
        CHECK_FALSE(f[0].blocking);
        CHECK(f[0].evidence.find("baselineFingerprint") != nullptr);
        const auto& rationale = report.runs[0].result.finalVerdict.rationale;
        CHECK(std::find(rationale.begin(), rationale.end(),
                        "1 finding(s) accepted by the baseline .qa-skill-baseline.json (index)") !=
              rationale.end());
    }
    SECTION("another token on the same line blocks") {
        r.sb.add_file(r.repo, "src/settings.py", settings_py(fake_github_token(8)));
        const auto report = run(r.repo, ChangeKind::staged);
        CHECK_FALSE(passed(report));
        const auto& blocking = report.runs[0].result.finalVerdict.blockingFindings;
        REQUIRE(blocking.size() == 1);
        CHECK(blocking[0].ruleId == "github-pat");
        CHECK(blocking[0].startLine == 2);
    }
    SECTION("the accepted token next to a new one on that line: only the new one blocks") {
        r.sb.add_file(r.repo, "src/settings.py",
                      "import os\nTOKEN = \"" + r.token + "\"; OTHER = \"" + fake_github_token(9) +
                          "\"\nDEBUG = False\nVERBOSE = True\nLEVEL = 3\n");
        const auto report = run(r.repo, ChangeKind::staged);
        CHECK_FALSE(passed(report));
        CHECK(findings_of(report, "github-pat").size() == 2);
        CHECK(report.runs[0].result.finalVerdict.blockingFindings.size() == 1);
    }
    SECTION("the accepted token copied to another file blocks there") {
        r.sb.add_file(r.repo, "src/copy.py", settings_py(r.token));
        const auto report = run(r.repo, ChangeKind::staged);
        CHECK_FALSE(passed(report));
        REQUIRE(report.runs[0].result.finalVerdict.blockingFindings.size() == 1);
        CHECK(report.runs[0].result.finalVerdict.blockingFindings[0].file == "src/copy.py");
    }
}

TEST_CASE("runs read the baseline of the tree under test, never the working tree",
          "[baseline][orchestrator]") {
    BaselinedRepo r;
    r.sb.add_file(r.repo, "src/settings.py", settings_py(r.token, true));
    SECTION("an unstaged deletion of the baseline changes nothing") {
        fs::remove(r.repo / ".qa-skill-baseline.json");
        CHECK(passed(run(r.repo, ChangeKind::staged)));
    }
    SECTION("a staged deletion removes it from the commit under test") {
        r.sb.git_ok(r.repo, "rm -q --cached .qa-skill-baseline.json");
        const auto report = run(r.repo, ChangeKind::staged);
        CHECK_FALSE(passed(report));
        CHECK_FALSE(report.runs[0].baselineSource.has_value());
    }
    SECTION("a staged empty baseline accepts nothing") {
        r.sb.add_file(r.repo, ".qa-skill-baseline.json", Baseline().render());
        CHECK_FALSE(passed(run(r.repo, ChangeKind::staged)));
    }
    SECTION("a range reads the head commit's baseline") {
        const std::string base = r.sb.rev_parse(r.repo, "HEAD");
        r.sb.commit(r.repo, "move");
        qa::prepare::RunRequest request;
        request.startDir = r.repo;
        request.kind = ChangeKind::range;
        request.base = base;
        request.writeArtifacts = false;
        const auto report = qa::orchestrator::run(request);
        // The net change and each commit of the range are judged (as the push gate does).
        REQUIRE_FALSE(report.runs.empty());
        CHECK(report.passed());
        REQUIRE(report.runs[0].baselineSource.has_value());
        CHECK_THAT(*report.runs[0].baselineSource,
                   Catch::StartsWith(".qa-skill-baseline.json at "));
    }
}

TEST_CASE("the baseline feeds configHash, so artifacts name it", "[baseline][orchestrator]") {
    BaselinedRepo r;
    // The repository has no .qa-skill.toml: its runs read the embedded default configuration.
    const std::string plain = qa::config::config_hash(
        qa::config::load_config(r.repo, qa::plan::read_builtin_registry().lens_ids()));
    const auto with = run(r.repo, ChangeKind::all_files);
    const auto& input = with.runs.at(0).input;
    CHECK(input.configHash != plain);
    CHECK(run(r.repo, ChangeKind::all_files).runs.at(0).result.executionKey ==
          with.runs[0].result.executionKey);

    // Another baseline, another hash; none, the plain config hash.
    r.sb.add_file(r.repo, ".qa-skill-baseline.json", Baseline().render());
    const auto empty = run(r.repo, ChangeKind::all_files);
    CHECK(empty.runs.at(0).input.configHash != input.configHash);
    CHECK(empty.runs[0].result.executionKey != with.runs[0].result.executionKey);
    r.sb.git_ok(r.repo, "rm -q --cached .qa-skill-baseline.json");
    const auto none = run(r.repo, ChangeKind::all_files);
    CHECK(none.runs.at(0).input.configHash == plain);
}

TEST_CASE("a malformed baseline in the tree under test is an input error with its pointer",
          "[baseline][orchestrator]") {
    BaselinedRepo r;
    r.sb.add_file(r.repo, ".qa-skill-baseline.json",
                  R"({"entries":[{"fingerprint":"nope","path":"a","ruleId":"b"}],)"
                  R"("schemaVersion":"baseline.v1"})");
    try {
        run(r.repo, ChangeKind::staged);
        FAIL("no BaselineError");
    } catch (const qa::baseline::BaselineError& e) {
        CHECK(e.file() == ".qa-skill-baseline.json (index)");
        CHECK(e.pointer() == "/entries/0/fingerprint");
    }
}

TEST_CASE("the baseline key of .qa-skill.toml moves the file", "[baseline][config]") {
    BaselinedRepo r;
    r.sb.git_ok(r.repo, "mv .qa-skill-baseline.json ci-accepted.json");
    r.sb.add_file(r.repo, "src/settings.py", settings_py(r.token, true));
    CHECK_FALSE(passed(run(r.repo, ChangeKind::staged)));
    r.sb.add_file(r.repo, ".qa-skill.toml", "baseline = \"ci-accepted.json\"\n");
    const auto report = run(r.repo, ChangeKind::staged);
    CHECK(passed(report));
    CHECK(report.runs[0].baselineSource == std::optional<std::string>("ci-accepted.json (index)"));
}

TEST_CASE("the baseline key must be a repository-relative path", "[baseline][config]") {
    const auto ids = qa::plan::read_builtin_registry().lens_ids();
    CHECK(qa::config::parse_config("", "t.toml", ids).baseline == ".qa-skill-baseline.json");
    CHECK(qa::config::parse_config("baseline = \"ci/accepted.json\"\n", "t.toml", ids).baseline ==
          "ci/accepted.json");
    for (const char* bad :
         {"", "/etc/passwd", "../x.json", "a//b.json", "./x.json", "a/", ".git/x.json"}) {
        INFO(bad);
        try {
            qa::config::parse_config("\nbaseline = \"" + std::string(bad) + "\"\n", "t.toml", ids);
            FAIL("accepted");
        } catch (const qa::settings::ConfigError& e) {
            CHECK(e.file() == "t.toml");
            CHECK(e.line() == 2);
            CHECK(e.key() == "baseline");
        }
    }
    CHECK_THROWS_AS(qa::config::parse_config("baseline = 3\n", "t.toml", ids),
                    qa::settings::ConfigError);
    // The key is part of the normalized configuration, so it changes configHash.
    CHECK(qa::config::config_hash(qa::config::parse_config("", "t.toml", ids)) !=
          qa::config::config_hash(
              qa::config::parse_config("baseline = \"other.json\"\n", "t.toml", ids)));
}

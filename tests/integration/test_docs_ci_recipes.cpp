// The CI recipes of doc/ci/ work as written. Their YAML cannot run here, but it is parsed (a
// syntax error fails) and the commands in it are: the GitHub Actions steps and the GitLab CI
// script run, as those runners run them, in a clone of a local "origin" with a change that adds a
// fake credential (the recipe must fail, with the finding in its SARIF or Code Quality report)
// and a clean change (it must pass). The pre-receive hook is installed with the command its
// header gives and refuses a push with the credential. Steps that need the CI service itself
// (checkout, installing the package, uploading SARIF) are checked for their settings instead;
// qa-skill comes from the build under test on PATH.
#include <catch2/catch.hpp>

#include <string>

#include "support/hook_fixture.hpp"
#include "support/report_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::read_bytes;
using qa::test::shell_quote;

namespace {

const fs::path kRecipes = fs::path(QA_SOURCE_DIR) / "doc/ci";

/// python3 with PyYAML: prints what `program` prints about the recipe `file`.
ProcResult yaml_query(const HookSandbox& sb, const fs::path& file, const std::string& program) {
    return sb.in(sb.root(), "python3 -c " +
                                shell_quote("import sys, yaml\n"
                                            "doc = yaml.safe_load(open(sys.argv[1]))\n" +
                                            program) +
                                " " + shell_quote(file.string()));
}

/// A CI checkout: a clone of a bare origin whose main has one commit, with HEAD detached at a
/// change on top of main that adds `file` with `content`; bin/ holds the binaries under test.
struct Checkout {
    HookSandbox sb;
    fs::path origin;
    fs::path work;
    fs::path bin;

    Checkout(const std::string& file, const std::string& content) {
        bin = sb.root() / "bin";
        fs::create_directories(bin);
        fs::create_symlink(QA_SKILL_BIN, bin / "qa-skill");
        fs::create_symlink(QA_SKILL_HOOK_BIN, bin / "qa-skill-hook");
        const fs::path seed = sb.repo_with_commit("seed");
        origin = sb.root() / "origin.git";
        sb.git_ok(sb.root(), "clone -q --bare " + shell_quote(seed.string()) + " " +
                                 shell_quote(origin.string()));
        work = sb.root() / "work";
        sb.git_ok(sb.root(),
                  "clone -q " + shell_quote(origin.string()) + " " + shell_quote(work.string()));
        sb.add_file(work, file, content);
        sb.git_ok(work, "commit -q --no-verify -m change");
        sb.git_ok(work, "checkout -q --detach HEAD");
    }

    /// `script` run by bash as a CI runner runs it (-e, pipefail), with `env` and bin/ on PATH.
    ProcResult run(const std::string& script, const std::string& env) const {
        return sb.in(work, "env PATH=" + shell_quote(bin.string()) + ":\"$PATH\" " + env +
                               " bash --noprofile --norc -eo pipefail -c " + shell_quote(script));
    }
};

std::string fake_key_file() {
    return qa::test::config_py(qa::test::fake_aws_key(2024));
}

void check_sarif_valid(const Checkout& c) {
    const ProcResult valid = c.sb.qa(
        c.work,
        "schema validate " +
            shell_quote((fs::path(QA_SOURCE_DIR) / "tests/fixtures/sarif/sarif-schema-2.1.0.json")
                            .string()) +
            " qa-skill.sarif");
    INFO(valid.describe());
    CHECK(valid.exit_code == 0);
}

}  // namespace

TEST_CASE("the CI recipes' YAML parses, with the settings the commands rely on", "[docs][ci]") {
    HookSandbox sb;
    const ProcResult github = yaml_query(
        sb, kRecipes / "github-actions.yml",
        "steps = doc['jobs']['qa-skill']['steps']\n"
        "checkout = [s for s in steps if s.get('uses', '').startswith('actions/checkout@')][0]\n"
        "assert checkout['with']['fetch-depth'] == 0, 'the range needs the history'\n"
        "upload = [s for s in steps if 'upload-sarif' in s.get('uses', '')][0]\n"
        "assert upload['if'] == 'always()', 'upload the findings of a failed gate too'\n"
        "assert upload['with']['sarif_file'] == 'qa-skill.sarif'\n"
        "assert doc['permissions']['security-events'] == 'write'\n"
        "print('ok')\n");
    INFO(github.describe());
    CHECK(github.exit_code == 0);
    CHECK(github.out == "ok\n");

    const ProcResult gitlab = yaml_query(
        sb, kRecipes / "gitlab-ci.yml",
        "job = doc['qa-skill']\n"
        "assert str(job['variables']['GIT_DEPTH']) == '0', 'the range needs the history'\n"
        "assert job['artifacts']['when'] == 'always'\n"
        "assert job['artifacts']['reports']['codequality'] == 'gl-code-quality-report.json'\n"
        "assert any('qa-skill run' in line for line in job['script'])\n"
        "print('ok')\n");
    INFO(gitlab.describe());
    CHECK(gitlab.exit_code == 0);
    CHECK(gitlab.out == "ok\n");

    // A YAML syntax error is caught (the check is not vacuous).
    const fs::path broken = sb.root() / "broken.yml";
    qa::test::write_file(broken, "jobs:\n  qa-skill:\n    steps: [\n");
    CHECK(yaml_query(sb, broken, "print('ok')\n").exit_code != 0);
}

TEST_CASE("the GitHub Actions recipe's commands judge the pull request's range and write SARIF",
          "[docs][ci]") {
    HookSandbox sb;
    // The run: steps the test can run (installing the package is the test's own PATH).
    const ProcResult steps =
        yaml_query(sb, kRecipes / "github-actions.yml",
                   "for s in doc['jobs']['qa-skill']['steps']:\n"
                   "    if 'run' in s and not s.get('name', '').startswith('Install'):\n"
                   "        print(s['run'])\n");
    INFO(steps.describe());
    REQUIRE(steps.exit_code == 0);
    REQUIRE(steps.out.find("qa-skill run") != std::string::npos);
    const std::string env = "GITHUB_EVENT_NAME=pull_request BASE_REF=main BEFORE_SHA=";

    Checkout leak("config.py", fake_key_file());
    const ProcResult failed = leak.run(steps.out, env);
    INFO(failed.describe());
    CHECK(failed.exit_code == 1);
    const std::string sarif = read_bytes(leak.work / "qa-skill.sarif");
    CHECK(sarif.find("\"ruleId\":\"security/aws-access-key-id\"") != std::string::npos);
    CHECK(sarif.find("config.py") != std::string::npos);
    check_sarif_valid(leak);

    Checkout clean("ok.py", "value = 1\n");
    const ProcResult passed = clean.run(steps.out, env);
    INFO(passed.describe());
    CHECK(passed.exit_code == 0);
    CHECK(read_bytes(clean.work / "qa-skill.sarif").find("\"results\":[]") != std::string::npos);
    check_sarif_valid(clean);
}

TEST_CASE("the GitLab CI recipe's script judges the merge request and writes Code Quality JSON",
          "[docs][ci]") {
    HookSandbox sb;
    const ProcResult script = yaml_query(sb, kRecipes / "gitlab-ci.yml",
                                         "print('\\n'.join(doc['qa-skill']['script']))\n");
    INFO(script.describe());
    REQUIRE(script.exit_code == 0);
    const std::string env = "CI_MERGE_REQUEST_TARGET_BRANCH_NAME=main";

    Checkout leak("config.py", fake_key_file());
    const ProcResult failed = leak.run(script.out, env);
    INFO(failed.describe());
    CHECK(failed.exit_code == 1);
    const ProcResult issue =
        leak.sb.in(leak.work,
                   "jq -e '.[] | select(.check_name == \"security/aws-access-key-id\" and "
                   ".location.path == \"config.py\" and .location.lines.begin == 2 and "
                   ".severity == \"critical\")' gl-code-quality-report.json");
    INFO(issue.describe());
    CHECK(issue.exit_code == 0);

    Checkout clean("ok.py", "value = 1\n");
    const ProcResult passed = clean.run(script.out, env);
    INFO(passed.describe());
    CHECK(passed.exit_code == 0);
    CHECK(read_bytes(clean.work / "gl-code-quality-report.json") == "[]\n");
}

TEST_CASE("the pre-receive recipe, installed as its header says, refuses a push with a secret",
          "[docs][ci]") {
    Checkout c("config.py", fake_key_file());
    // The install command of the hook's header, aimed at the test's bare repository.
    const std::string header = read_bytes(kRecipes / "pre-receive");
    const auto at = header.find("#   install ");
    REQUIRE(at != std::string::npos);
    std::string install = header.substr(at + 4, header.find('\n', at) - at - 4);
    install.replace(install.find(" pre-receive "), 13,
                    " " + shell_quote((kRecipes / "pre-receive").string()) + " ");
    install.replace(install.find("/srv/git/project.git"), 20, shell_quote(c.origin.string()));
    const ProcResult installed = c.run(install, "");
    INFO(installed.describe());
    REQUIRE(installed.exit_code == 0);

    const ProcResult refused = c.run("git push origin HEAD:refs/heads/main", "");
    INFO(refused.describe());
    CHECK(refused.exit_code != 0);
    CHECK(refused.err.find("aws-access-key-id") != std::string::npos);
    CHECK(refused.err.find("pre-receive hook declined") != std::string::npos);
    // The pusher's --no-verify skips only their own hooks: never offered by the server's.
    CHECK(refused.err.find("--no-verify does not skip") != std::string::npos);
    CHECK(refused.err.find("Emergency only") == std::string::npos);

    c.sb.git_ok(c.work, "reset -q --hard HEAD~1");
    c.sb.add_file(c.work, "ok.py", "value = 1\n");
    c.sb.git_ok(c.work, "commit -q --no-verify -m clean");
    const ProcResult accepted = c.run("git push origin HEAD:refs/heads/main", "");
    INFO(accepted.describe());
    CHECK(accepted.exit_code == 0);
}

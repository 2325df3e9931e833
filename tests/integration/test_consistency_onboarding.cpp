// Consistency onboarding through the real binaries: `qa-skill consistency-init` drafts the same
// bytes every time and in every clone, `consistency-approve` freezes a version into the committed
// rubric folder (once: frozen versions are immutable), and a run refuses what it must refuse with
// exit 2 naming the key and the file: a draft, a missing version, a tampered frozen file, an
// enabled lens that names no version. Each named version stays loadable.
#include <catch2/catch.hpp>

#include "json/parse.hpp"
#include "support/hook_fixture.hpp"
#include "support/rubric_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::read_bytes;

namespace {

/// `consistency-init --format json`, checked, as a parsed value.
qa::json::Value init_json(const HookSandbox& sb, const fs::path& repo,
                          const std::string& extra = "") {
    const ProcResult r = sb.qa(repo, "consistency-init --format json" + extra);
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    return qa::json::parse(r.out);
}

qa::json::Value approve_json(const HookSandbox& sb, const fs::path& repo, int version) {
    const ProcResult r =
        sb.qa(repo, "consistency-approve " + std::to_string(version) + " --format json");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    return qa::json::parse(r.out);
}

std::string str(const qa::json::Value& v, const char* key) {
    const auto* m = v.find(key);
    REQUIRE(m != nullptr);
    return m->as_string();
}

}  // namespace

TEST_CASE("consistency-init writes the same draft bytes twice and in a second clone",
          "[consistency][integration]") {
    HookSandbox sb;
    const auto repo = qa::test::python_project(sb, "py");
    const auto first = init_json(sb, repo);
    CHECK(first.find("version")->as_integer() == 1);
    CHECK(str(first, "path") == ".qa-skill/rubric/v1.draft.json");
    CHECK(qa::test::is_sha256_hex(str(first, "rubricHash")));
    const std::string bytes = read_bytes(repo / ".qa-skill/rubric/v1.draft.json");

    // Again: the same draft, nothing new written.
    const auto second = init_json(sb, repo);
    CHECK(second.find("version")->as_integer() == 1);
    CHECK(str(second, "rubricHash") == str(first, "rubricHash"));
    CHECK(read_bytes(repo / ".qa-skill/rubric/v1.draft.json") == bytes);

    // A clone elsewhere, measured on one core: the same bytes.
    const auto clone = sb.root() / "clone";
    sb.git_ok(sb.root(), "clone -q " + qa::test::shell_quote(repo.string()) + " " +
                             qa::test::shell_quote(clone.string()));
    const ProcResult r = sb.in(clone, "taskset -c 0 " + qa::test::shell_quote(QA_SKILL_BIN) +
                                          " consistency-init --format json");
    INFO(r.describe());
    REQUIRE(r.exit_code == 0);
    CHECK(read_bytes(clone / ".qa-skill/rubric/v1.draft.json") == bytes);

    // --rev names the tree measured: an older commit is another draft, a new version.
    const auto older = init_json(sb, repo, " --rev HEAD~1");
    CHECK(older.find("version")->as_integer() == 2);
    CHECK(str(older, "rubricHash") != str(first, "rubricHash"));
    // The draft artifacts are never committed by accident.
    CHECK(read_bytes(repo / ".qa-skill/.gitignore").find('*') != std::string::npos);
}

TEST_CASE("consistency-approve freezes a draft once, and the committed version is enforced",
          "[consistency][integration]") {
    HookSandbox sb;
    const auto repo = qa::test::python_project(sb, "py");
    init_json(sb, repo);
    const auto frozen = approve_json(sb, repo, 1);
    CHECK(frozen.find("rubricVersion")->as_integer() == 1);
    CHECK(str(frozen, "path") == ".qa-skill-rubric/v1.json");
    CHECK(qa::test::is_sha256_hex(str(frozen, "rubricHash")));
    CHECK(qa::test::is_sha256_hex(str(frozen, "promptTemplateHash")));
    const auto doc = qa::json::parse(read_bytes(repo / ".qa-skill-rubric/v1.json"));
    CHECK(str(doc, "status") == "frozen");
    CHECK(str(doc, "rubricHash") == str(frozen, "rubricHash"));
    CHECK(str(doc, "promptTemplateHash") == str(frozen, "promptTemplateHash"));

    // Frozen versions are immutable.
    const ProcResult again = sb.qa(repo, "consistency-approve 1");
    INFO(again.describe());
    CHECK(again.exit_code == 2);
    CHECK(again.err.find("immutable") != std::string::npos);
    CHECK(again.err.find("v1.json") != std::string::npos);
    // A version that has no draft.
    const ProcResult none = sb.qa(repo, "consistency-approve 7");
    CHECK(none.exit_code == 2);
    CHECK(none.err.find("no draft rubric version 7") != std::string::npos);

    // A later init writes a new draft version; the frozen one stays as it is.
    const auto later = init_json(sb, repo);
    CHECK(later.find("version")->as_integer() == 2);

    // Committed and named, the frozen version gates a commit (and passes a clean one).
    sb.add_file(repo, ".qa-skill.toml", qa::test::consistency_config(1));
    sb.git_ok(repo, "add .qa-skill-rubric/v1.json");
    const ProcResult run = sb.qa(repo, "run --staged");
    INFO(run.describe());
    CHECK(run.exit_code == 0);
}

TEST_CASE("a run refuses a draft, a missing version and a lens without a version (exit 2)",
          "[consistency][integration]") {
    HookSandbox sb;
    const auto repo = qa::test::python_project(sb, "py");
    init_json(sb, repo);

    sb.add_file(repo, ".qa-skill.toml", qa::test::consistency_config(1));
    const ProcResult draft = sb.qa(repo, "run --staged");
    INFO(draft.describe());
    CHECK(draft.exit_code == 2);
    CHECK(draft.err.find("lenses.consistency.rubric_version") != std::string::npos);
    CHECK(draft.err.find(".qa-skill.toml") != std::string::npos);
    CHECK(draft.err.find("is a draft") != std::string::npos);

    // A draft copied into the committed folder by hand is refused as a draft all the same.
    fs::create_directories(repo / ".qa-skill-rubric");
    fs::copy_file(repo / ".qa-skill/rubric/v1.draft.json", repo / ".qa-skill-rubric/v1.json");
    sb.git_ok(repo, "add .qa-skill-rubric/v1.json");
    const ProcResult copied = sb.qa(repo, "run --staged");
    INFO(copied.describe());
    CHECK(copied.exit_code == 2);
    CHECK(copied.err.find(".qa-skill-rubric/v1.json") != std::string::npos);
    CHECK(copied.err.find("is a draft") != std::string::npos);

    sb.add_file(repo, ".qa-skill.toml", qa::test::consistency_config(5));
    const ProcResult missing = sb.qa(repo, "run --staged");
    CHECK(missing.exit_code == 2);
    CHECK(missing.err.find("lenses.consistency.rubric_version") != std::string::npos);
    CHECK(missing.err.find("no frozen rubric version 5") != std::string::npos);

    sb.add_file(repo, ".qa-skill.toml", "[lenses.consistency]\nenabled = true\n");
    const ProcResult unnamed = sb.qa(repo, "run --staged");
    CHECK(unnamed.exit_code == 2);
    CHECK(unnamed.err.find("lenses.consistency.rubric_version") != std::string::npos);
}

TEST_CASE("a frozen rubric whose bytes no longer match its hash is exit 2 naming the file",
          "[consistency][integration]") {
    HookSandbox sb;
    const auto repo = qa::test::python_project(sb, "py");
    init_json(sb, repo);
    approve_json(sb, repo, 1);
    sb.add_file(repo, ".qa-skill.toml", qa::test::consistency_config(1));
    sb.git_ok(repo, "add .qa-skill-rubric/v1.json");
    sb.commit(repo, "rubric v1");

    const std::string good = read_bytes(repo / ".qa-skill-rubric/v1.json");
    SECTION("a rule made weaker by hand") {
        std::string tampered = good;
        const auto at = tampered.find("\"severity\": \"medium\"");
        REQUIRE(at != std::string::npos);
        tampered.replace(at, 20, "\"severity\": \"info\"  ");
        tampered.replace(tampered.find("\"info\"  "), 8, "\"info\"");
        sb.add_file(repo, ".qa-skill-rubric/v1.json", tampered);
    }
    SECTION("only whitespace changed") {
        sb.add_file(repo, ".qa-skill-rubric/v1.json", good + "\n");
    }
    const ProcResult r = sb.qa(repo, "run --staged");
    INFO(r.describe());
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(".qa-skill-rubric/v1.json") != std::string::npos);
    CHECK(r.err.find("lenses.consistency.rubric_version") != std::string::npos);
}

TEST_CASE("the configuration names the version: earlier frozen versions stay usable",
          "[consistency][integration]") {
    HookSandbox sb;
    const auto repo = qa::test::python_project(sb, "py");
    init_json(sb, repo);
    approve_json(sb, repo, 1);
    // A second version, measured after a file with camelCase functions came in: it drafts no
    // naming rule for functions any more, while version 1 still has one.
    qa::test::add_camel_module(sb, repo);
    sb.commit(repo, "camel module");
    CHECK(init_json(sb, repo).find("version")->as_integer() == 2);
    approve_json(sb, repo, 2);
    sb.git_ok(repo, "add .qa-skill-rubric");
    sb.commit(repo, "rubrics");

    sb.add_file(repo, "app/extra.py", "def fetchUser(user_id):\n    return user_id\n");
    sb.add_file(repo, ".qa-skill.toml", qa::test::consistency_config(1));
    const ProcResult v1 = sb.qa(repo, "run --staged");
    INFO(v1.describe());
    CHECK(v1.exit_code == 1);
    CHECK(v1.all().find("consistency-names-python-function") != std::string::npos);

    sb.add_file(repo, ".qa-skill.toml", qa::test::consistency_config(2));
    const ProcResult v2 = sb.qa(repo, "run --staged");
    INFO(v2.describe());
    CHECK(v2.all().find("consistency-names-python-function") == std::string::npos);
}

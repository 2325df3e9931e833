// Determinism through the real binary: repeated runs, any --jobs, and a clone at another path give
// the same artifact bytes, the same executionKey and the same plans.
#include <catch2/catch.hpp>

#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

/// A repository with a mix of languages, one conflict marker and one fake key, all committed.
fs::path mixed_repo(const HookSandbox& sb, const std::string& name) {
    auto repo = sb.repo_with_commit(name);
    for (int i = 0; i < 12; ++i) {
        const std::string n = std::to_string(i);
        sb.add_file(repo, "src/mod" + n + ".py", "def f" + n + "(x):\n    return x + " + n + "\n");
        sb.add_file(repo, "lib/unit" + n + ".cpp",
                    "#include \"unit" + n + ".hpp\"\nint unit" + n + "() { return " + n + "; }\n");
    }
    sb.add_file(repo, "web/app.js", "export function app() {\n  return 1;\n}\n");
    sb.add_file(repo, "docs/guide.md", "# Guide\n\nText.\n");
    sb.add_file(repo, "config/settings.toml", "[server]\nport = 8080\n");
    sb.add_file(repo, "src/merge.py", qa::test::conflicted_python());
    sb.add_file(repo, "keys/id.pem", qa::test::make_fake_key(7).pem);
    sb.commit(repo, "mixed content");
    return repo;
}

/// The manifest and the five hashed files of the only run folder.
struct RunBytes {
    std::string key;
    std::map<std::string, std::string> files;
};

RunBytes only_run(const fs::path& repo) {
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(dirs.size() == 1);
    RunBytes r;
    r.key = dirs.front().filename().string();
    for (const auto& name : qa::test::hashed_artifact_names()) {
        r.files[name] = qa::test::read_bytes(dirs.front() / name);
    }
    r.files["manifest.json"] = qa::test::read_bytes(dirs.front() / "manifest.json");
    return r;
}

}  // namespace

TEST_CASE("qa-skill run --all-files: 20 runs at --jobs 1 and 20 at --jobs 8 give the same bytes",
          "[hooks][determinism]") {
    HookSandbox sb;
    const auto repo = mixed_repo(sb, "repo");

    const ProcResult first = sb.qa(repo, "run --all-files --jobs 1");
    INFO(first.describe());
    REQUIRE(first.exited);
    REQUIRE(first.exit_code == 1);  // the conflict marker and the key fail the run
    const RunBytes reference = only_run(repo);
    REQUIRE(qa::test::is_sha256_hex(reference.key));
    REQUIRE(reference.files.size() == 6);

    for (const char* jobs : {"1", "8"}) {
        for (int i = 0; i < 20; ++i) {
            const ProcResult r = sb.qa(repo, std::string("run --all-files --jobs ") + jobs);
            INFO("--jobs " << jobs << " run " << i << "\n" << r.describe());
            REQUIRE(r.exit_code == first.exit_code);
            CHECK(r.out == first.out);
            const RunBytes now = only_run(repo);
            REQUIRE(now.key == reference.key);
            for (const auto& [name, bytes] : reference.files) {
                INFO("artifact " << name);
                REQUIRE(now.files.at(name) == bytes);
            }
        }
    }

    // A clone at another path: the same executionKey and the same bytes (repoRoot is ".").
    sb.git_ok(sb.root(), "clone -q " + shell_quote(repo.string()) + " elsewhere");
    const auto clone = sb.root() / "elsewhere";
    const ProcResult in_clone = sb.qa(clone, "run --all-files --jobs 8");
    INFO(in_clone.describe());
    REQUIRE(in_clone.exit_code == first.exit_code);
    const RunBytes cloned = only_run(clone);
    CHECK(cloned.key == reference.key);
    for (const auto& [name, bytes] : reference.files) {
        INFO("artifact " << name);
        CHECK(cloned.files.at(name) == bytes);
    }
}

TEST_CASE("qa-skill plan --format json is byte-identical over 100 runs and in a clone",
          "[hooks][determinism]") {
    HookSandbox sb;
    const auto repo = mixed_repo(sb, "repo");
    sb.git_ok(sb.root(), "clone -q " + shell_quote(repo.string()) + " clone");
    const auto clone = sb.root() / "clone";

    // The same staged change in both.
    for (const auto& r : {repo, clone}) {
        sb.add_file(r, "src/new_feature.py", "def feature():\n    return 42\n");
        sb.add_file(r, "lib/unit3.cpp", "#include \"unit3.hpp\"\nint unit3() { return 33; }\n");
    }

    // {arguments, runs in the repository, runs in the clone}
    struct Case {
        const char* args;
        int here;
        int in_clone;
    };
    const Case cases[] = {{"plan --format json", 100, 25},
                          {"plan --all-files --format json", 10, 10}};
    for (const auto& [args, here, in_clone] : cases) {
        INFO(args);
        const ProcResult first = sb.qa(repo, args);
        INFO(first.describe());
        REQUIRE(first.exit_code == 0);
        REQUIRE(first.out.size() > 2);
        REQUIRE(first.out.front() == '[');
        CHECK(first.out.find("planOrdinal") != std::string::npos);
        for (int i = 0; i < here + in_clone; ++i) {
            const fs::path& where = i < here ? repo : clone;
            const ProcResult r = sb.qa(where, args);
            INFO("run " << i << " in " << where.string() << "\n" << r.describe());
            REQUIRE(r.exit_code == 0);
            REQUIRE(r.out == first.out);
        }
    }
}

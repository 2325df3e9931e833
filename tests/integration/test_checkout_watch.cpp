// What the kernel says the commands touched, through `qa-skill run` with real git and real
// bubblewrap: a reused checkout looks only at the paths the trees' difference names and the
// last run's commands touched (inotify on its directories), yet is exactly the tree whatever
// they did in place (an append, a write through a shared mapping, a directory renamed and made
// anew, a hard link); and a check-mode command's changes are found from the same events, never
// blaming it for what an earlier plan changed.
#include <catch2/catch.hpp>

#include "json/parse.hpp"
#include "support/checkout_fixture.hpp"
#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;

namespace {

/// Changes made in place, which no directory's entry list shows: an append deep down, a write
/// through a shared mapping (same size), a directory renamed away and made anew with other
/// content, and build output in a new directory.
constexpr const char* kInPlace = R"(import mmap, os
with open('deep/a/b/c.txt', 'a') as f:
    f.write('appended in place\n')
with open('mm.txt', 'r+b') as f:
    m = mmap.mmap(f.fileno(), 0)
m[0:4] = b'MMAP'
m.flush()
m.close()
os.rename('pkg', 'pkg-old')
os.makedirs('pkg')
open('pkg/one.py', 'w').write('other\n')
os.makedirs('junk/x')
open('junk/x/y', 'w').write('built\n')
)";

/// A hard link to a tracked file, in a directory the command makes and in a tracked one, each
/// written through: the tracked file's bytes change under a name no event names.
constexpr const char* kHardLink = R"(import os
os.makedirs('hl')
os.link('linked.txt', 'hl/l')
with open('hl/l', 'a') as f:
    f.write('through a link\n')
os.link('f/03.txt', 'f/link')
with open('f/link', 'a') as f:
    f.write('through a link\n')
)";

/// A committed, trusted repository: the lister, `script` as the test command, and files in
/// several directories.
fs::path project(const HookSandbox& sb, const std::string& name, const std::string& script) {
    auto repo = sb.init(name);
    qa::test::write_file(repo / "lister.py", qa::test::checkout::kLister);
    qa::test::write_file(repo / "toucher.py", script);
    qa::test::write_file(repo / ".qa-skill.toml",
                         qa::test::checkout::config("python3 -B toucher.py"));
    qa::test::write_file(repo / "deep/a/b/c.txt", "deep\n");
    qa::test::write_file(repo / "deep/a/b/d.txt", "deep too\n");
    qa::test::write_file(repo / "mm.txt", "mapped and written\n");
    qa::test::write_file(repo / "pkg/one.py", "one\n");
    qa::test::write_file(repo / "pkg/two.txt", "two\n");
    qa::test::write_file(repo / "linked.txt", "linked\n");
    for (int i = 0; i < 30; ++i) {
        qa::test::write_file(
            repo / ("f/" + std::string(i < 10 ? "0" : "") + std::to_string(i) + ".txt"),
            "filler " + std::to_string(i) + "\n");
    }
    qa::test::write_file(repo / "a.txt", "version 0\n");
    sb.git_ok(repo, "add -A");
    sb.commit(repo, "project");
    REQUIRE(sb.qa(repo, "trust").exit_code == 0);
    return repo;
}

struct Listed {
    ProcResult proc;
    std::string listing;  ///< the checkout as the lister saw it, before the test command ran
};

Listed run(const HookSandbox& sb, const fs::path& repo) {
    Listed r{sb.qa(repo, "run --staged --format json --no-artifacts --log-level info"), {}};
    INFO(r.proc.describe());
    REQUIRE(r.proc.exited);
    REQUIRE(r.proc.exit_code == 1);  // the lister fails on purpose
    r.listing = qa::test::checkout::listing(qa::json::parse(r.proc.out));
    return r;
}

bool says(const ProcResult& r, const std::string& text) {
    return r.err.find(text) != std::string::npos;
}

/// The next change (one file), a run on the reused checkout, and the same change from nothing.
std::pair<Listed, Listed> reused_and_fresh(const HookSandbox& sb, const fs::path& repo) {
    qa::test::write_file(repo / "a.txt", "version 2\n");
    sb.git_ok(repo, "add a.txt");
    Listed reused = run(sb, repo);
    fs::remove_all(repo / ".git/qa-skill");
    Listed fresh = run(sb, repo);
    CHECK(says(fresh.proc, "checkout: written whole (no previous checkout)"));
    return {std::move(reused), std::move(fresh)};
}

}  // namespace

TEST_CASE(
    "a reused checkout looks only at what changed and what the last run's commands touched, and "
    "is the tree whatever they changed in place",
    "[exec][sandbox][integration][reuse][watch]") {
    HookSandbox sb;
    const auto repo = project(sb, "inplace", kInPlace);
    qa::test::write_file(repo / "a.txt", "version 1\n");
    sb.git_ok(repo, "add a.txt");
    const Listed first = run(sb, repo);
    CHECK(says(first.proc, "checkout: written whole (no previous checkout)"));
    // What the commands did is what the next run takes over.
    const fs::path kept = repo / ".git/qa-skill/checkout";
    REQUIRE(qa::test::read_bytes(kept / "mm.txt").starts_with("MMAP"));
    REQUIRE(fs::exists(kept / "pkg-old/two.txt"));

    const auto [reused, fresh] = reused_and_fresh(sb, repo);
    INFO(reused.proc.err);
    // a.txt, and the five entries the test command touched (deep/a/b/c.txt, mm.txt, pkg,
    // pkg-old, junk): no other file stamped.
    CHECK(says(reused.proc, "checkout: the previous checkout brought up to date"));
    CHECK(says(reused.proc, "; 6 paths looked at"));
    INFO("reused:\n" << reused.listing << "\nfresh:\n" << fresh.listing);
    CHECK(reused.listing == fresh.listing);
    for (const char* gone : {"MMAP", "appended", "pkg-old", "junk", "other"}) {
        CHECK(reused.listing.find(gone) == std::string::npos);
    }
    CHECK(reused.listing.find("./pkg/two.txt 644 file") != std::string::npos);
}

TEST_CASE(
    "a hard link a command made to a tracked file and wrote through makes the next run stamp "
    "every file, and its checkout is the tree",
    "[exec][sandbox][integration][reuse][watch]") {
    HookSandbox sb;
    const auto repo = project(sb, "hardlink", kHardLink);
    qa::test::write_file(repo / "a.txt", "version 1\n");
    sb.git_ok(repo, "add a.txt");
    (void)run(sb, repo);
    const fs::path kept = repo / ".git/qa-skill/checkout";
    REQUIRE(qa::test::read_bytes(kept / "linked.txt").find("through a link") != std::string::npos);
    REQUIRE(qa::test::read_bytes(kept / "f/03.txt").find("through a link") != std::string::npos);

    const auto [reused, fresh] = reused_and_fresh(sb, repo);
    INFO(reused.proc.err);
    CHECK(says(reused.proc, "checkout: the previous checkout brought up to date"));
    CHECK(says(reused.proc, "; every file stamped"));
    INFO("reused:\n" << reused.listing << "\nfresh:\n" << fresh.listing);
    CHECK(reused.listing == fresh.listing);
    CHECK(reused.listing.find("./hl") == std::string::npos);
    CHECK(reused.listing.find("./f/link") == std::string::npos);
}

TEST_CASE(
    "a check-mode command's changes are found from what the kernel saw it touch: in a directory "
    "an earlier plan made anew, and never what the build changed before it",
    "[exec][sandbox][integration][watch]") {
    HookSandbox sb;
    auto repo = sb.init("checkmode");
    // The build rewrites a tracked file (generated code) and makes pkg/ anew (another inode);
    // the formatter then appends to a file in it.
    qa::test::write_file(repo / "build.py",
                         "import os, shutil\n"
                         "open('gen.txt', 'a').write('generated\\n')\n"
                         "os.rename('pkg', 'pkg-old')\n"
                         "shutil.copytree('pkg-old', 'pkg')\n");
    qa::test::write_file(repo / "gen.txt", "gen\n");
    qa::test::write_file(repo / "pkg/one.py", "one\n");
    qa::test::write_file(repo / "pkg/sub/two.py", "two\n");
    qa::test::write_file(repo / "other.py", "other\n");
    qa::test::write_file(
        repo / ".qa-skill.toml",
        "allow_execution_lens_classes = [\"consistency\"]\n"
        "[lenses.phase]\nenabled = true\nrequired = true\n"
        "permission_profile = \"exec_sandboxed_network_off\"\ntimeout_ms = 600000\n"
        "[lenses.phase.options]\n"
        "build_command = \"python3 -B build.py\"\n"
        "format_command = \"python3 -c \\\"open('pkg/sub/two.py', 'a').write('#')\\\"\"\n"
        "lint_command = \"python3 -c pass\"\n"
        "test_command = \"python3 -c pass\"\nmax_retries = 0\n"
        "[permission_profiles.exec_sandboxed_network_off]\n"
        "allowed_command_prefixes = [[\"python3\"]]\n");
    sb.git_ok(repo, "add -A");
    sb.commit(repo, "project");
    REQUIRE(sb.qa(repo, "trust").exit_code == 0);

    for (int round = 0; round < 2; ++round) {  // a checkout written whole, then a reused one
        qa::test::write_file(repo / "other.py", "other " + std::to_string(round) + "\n");
        sb.git_ok(repo, "add other.py");
        const ProcResult r = sb.qa(repo, "run --staged --format json --no-artifacts");
        INFO(r.describe());
        REQUIRE(r.exited);
        CHECK(r.exit_code == 1);
        std::vector<std::string> formatted;
        std::string linter_status;
        const auto out = qa::json::parse(r.out);
        for (const auto& result : out.find("runs")
                                      ->as_array()
                                      .at(0)
                                      .find("skillResult")
                                      ->find("lensResults")
                                      ->as_array()) {
            const auto* sub = result.find("subLensId");
            if (sub == nullptr || sub->is_null()) {
                continue;
            }
            if (sub->as_string() == "formatter") {
                for (const auto& f : result.find("findings")->as_array()) {
                    formatted.push_back(f.find("file")->as_string());
                }
            }
            if (sub->as_string() == "linter") {
                linter_status = result.find("findings")->as_array().empty() ? "clean" : "findings";
            }
        }
        CHECK(formatted == std::vector<std::string>{"pkg/sub/two.py"});
        CHECK(linter_status == "clean");  // the formatter's change was restored before it ran
    }
}

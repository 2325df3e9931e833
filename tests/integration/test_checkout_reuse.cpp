// The reusable execution checkout, through `qa-skill run` and the hooks with real git and real
// bubblewrap: a run takes over the previous run's checkout (kept in .git/qa-skill) and brings it
// up to date from what changed; whatever the previous run's commands created, changed, replaced
// or planted is gone before the first command runs, so the commands see the same tree and the
// artifacts are the same bytes as with a fresh checkout; a symbolic link a command planted is
// never followed; two runs at once never share it.
#include <signal.h>
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <thread>

#include "json/parse.hpp"
#include "support/checkout_fixture.hpp"
#include "support/hook_fixture.hpp"

namespace fs = std::filesystem;
using qa::test::HookSandbox;
using qa::test::ProcResult;
using qa::test::shell_quote;

namespace {

/// What a careless or hostile test suite leaves in the checkout: build output, an edited, a
/// deleted and a replaced tracked file, an edit that keeps the size and the mtime, a mode change,
/// a directory's mode, a fifo, and symbolic links planted to the outside, one of them in place
/// of a tracked directory.
constexpr const char* kVandal = R"(import os, sys
outside = sys.argv[1]
open('build-output.o', 'w').write('object\n')
os.makedirs('out/deep/er', exist_ok=True)
open('out/deep/er/f', 'w').write('built\n')
with open('tracked.txt', 'a') as f:
    f.write('edited by a test\n')
os.remove('gone.txt')
os.remove('keep/linkme.txt')
os.symlink('../tracked.txt', 'keep/linkme.txt')
st = os.stat('same.txt')
data = open('same.txt', 'rb').read()
open('same.txt', 'wb').write(data.upper())
os.utime('same.txt', ns=(st.st_atime_ns, st.st_mtime_ns))
os.chmod('run.sh', 0o644)
os.chmod('keep', 0o700)
os.mkfifo('fifo')
os.symlink(outside, 'planted-link')
os.rename('sub', 'sub-moved')
os.symlink(outside, 'sub')
)";

/// A repository holding the lister, the vandal and the files it goes after, committed and
/// trusted; `outside` is a folder beside it that the planted links point at.
fs::path reuse_project(const HookSandbox& sb, const fs::path& outside) {
    auto repo = sb.init("reuse");
    qa::test::write_file(repo / "lister.py", qa::test::checkout::kLister);
    qa::test::write_file(repo / "vandal.py", kVandal);
    qa::test::write_file(repo / ".qa-skill.toml",
                         qa::test::checkout::config("python3 -B vandal.py " + outside.string()));
    qa::test::write_file(repo / "tracked.txt", "tracked\n");
    qa::test::write_file(repo / "gone.txt", "deleted by a test\n");
    qa::test::write_file(repo / "same.txt", "same size\n");
    qa::test::write_file(repo / "keep/linkme.txt", "replaced by a link\n");
    qa::test::write_file(repo / "sub/inner.txt", "under a directory replaced by a link\n");
    qa::test::write_file(repo / "removed.txt", "removed by the next change\n");
    qa::test::write_file(repo / "a.txt", "version 0\n");
    qa::test::write_file(repo / "run.sh", "#!/bin/sh\nexit 0\n");
    fs::permissions(repo / "run.sh", fs::perms::owner_exec, fs::perm_options::add);
    sb.git_ok(repo, "add -A");
    sb.commit(repo, "project");
    REQUIRE(sb.qa(repo, "trust").exit_code == 0);
    return repo;
}

struct Run {
    ProcResult proc;
    std::string listing;                       ///< the lister's output, as its finding kept it
    std::map<std::string, std::string> files;  ///< the hashed artifacts' bytes
};

Run run(const HookSandbox& sb, const fs::path& repo) {
    fs::remove_all(repo / ".qa-skill");  // no earlier run's artifacts or cache to replay
    Run r{sb.qa(repo, "run --staged --format json --log-level info"), {}, {}};
    INFO(r.proc.describe());
    REQUIRE(r.proc.exited);
    REQUIRE(r.proc.exit_code == 1);  // the lister fails on purpose
    const auto out = qa::json::parse(r.proc.out);
    r.listing = qa::test::checkout::listing(out);
    const qa::json::Value* tests = qa::test::checkout::sub_lens_result(out, "tests");
    REQUIRE(tests != nullptr);
    CHECK(tests->find("status")->as_string() == "completed");  // the vandal ran
    const auto dirs = qa::test::run_dirs(repo / ".qa-skill");
    REQUIRE(dirs.size() == 1);
    for (const auto& name : qa::test::hashed_artifact_names()) {
        r.files[name] = qa::test::read_bytes(dirs.front() / name);
    }
    return r;
}

bool says(const ProcResult& r, const std::string& text) {
    return r.err.find(text) != std::string::npos;
}

}  // namespace

TEST_CASE(
    "a reused checkout is exactly the tree under test: what the previous run's commands left is "
    "gone, no planted link is followed, and the artifacts are the bytes of a fresh checkout's",
    "[exec][sandbox][integration][reuse]") {
    HookSandbox sb;
    const fs::path outside = sb.root() / "outside";
    qa::test::write_file(outside / "precious.txt", "not the checkout's\n");
    const auto repo = reuse_project(sb, outside);

    qa::test::write_file(repo / "a.txt", "version 1\n");
    sb.git_ok(repo, "add a.txt");
    const Run first = run(sb, repo);
    CHECK(says(first.proc, "checkout: written whole (no previous checkout)"));
    // What the vandal left is what the next run takes over.
    const fs::path kept = repo / ".git/qa-skill/checkout";
    REQUIRE(fs::is_directory(kept));
    CHECK(fs::is_symlink(kept / "planted-link"));
    CHECK(fs::is_symlink(kept / "sub"));
    CHECK(fs::exists(kept / "out/deep/er/f"));
    CHECK(fs::is_fifo(fs::symlink_status(kept / "fifo")));
    CHECK_FALSE(fs::exists(repo / ".worktrees"));

    // The next change: one file changed, one added, one removed.
    qa::test::write_file(repo / "a.txt", "version 2\n");
    qa::test::write_file(repo / "added/new.txt", "new\n");
    sb.git_ok(repo, "add a.txt added/new.txt");
    sb.git_ok(repo, "rm -q removed.txt");
    const Run reused = run(sb, repo);
    INFO(reused.proc.err);
    CHECK(says(reused.proc, "checkout: the previous checkout brought up to date"));
    // The same change again, from nothing: no previous checkout at all.
    fs::remove_all(repo / ".git/qa-skill");
    const Run fresh = run(sb, repo);
    CHECK(says(fresh.proc, "checkout: written whole (no previous checkout)"));

    INFO("reused:\n" << reused.listing << "\nfresh:\n" << fresh.listing);
    CHECK(reused.listing == fresh.listing);
    CHECK(reused.files == fresh.files);
    for (const char* gone : {"build-output.o", "./out", "fifo", "planted-link", "sub-moved",
                             "removed.txt", "edited by"}) {
        CHECK(reused.listing.find(gone) == std::string::npos);
    }
    for (const char* there : {"./a.txt 644 file", "./added/new.txt 644 file", "./gone.txt 644 file",
                              "./keep/linkme.txt 644 file", "./run.sh 755 file", "./keep 755 dir",
                              "./sub 755 dir", "./sub/inner.txt 644 file"}) {
        CHECK(reused.listing.find(there) != std::string::npos);
    }
    // The links were removed, never followed: the outside is as it was.
    CHECK(qa::test::read_bytes(outside / "precious.txt") == "not the checkout's\n");
    CHECK(std::distance(fs::directory_iterator(outside), fs::directory_iterator()) == 1);
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
    // The user's working tree is untouched: the vandal ran in the checkout only.
    CHECK(qa::test::read_bytes(repo / "tracked.txt") == "tracked\n");
    CHECK(fs::exists(repo / "gone.txt"));
    CHECK_FALSE(fs::exists(repo / "build-output.o"));
}

TEST_CASE(
    "two runs at the same time never share the reusable checkout: the second writes one of its "
    "own and leaves the first's alone",
    "[exec][sandbox][integration][reuse]") {
    HookSandbox sb;
    const std::string sleeper = "4444." + std::to_string(::getpid());
    auto repo = sb.init("together");
    // The linter sleeps in the tree that has a file named `slow`, and passes at once elsewhere.
    qa::test::write_file(repo / "wait.py",
                         "import os, sys, time\nif os.path.exists('slow'):\n"
                         "    time.sleep(float(sys.argv[1]))\n");
    qa::test::write_file(
        repo / ".qa-skill.toml",
        "allow_execution_lens_classes = [\"consistency\"]\n"
        "[lenses.phase]\nenabled = true\nrequired = true\n"
        "permission_profile = \"exec_sandboxed_network_off\"\ntimeout_ms = 600000\n"
        "[lenses.phase.options]\nformat_command = \"python3 -c pass\"\n"
        "lint_command = \"python3 -B wait.py " +
            sleeper +
            "\"\nskip_build = true\ntest_command = \"python3 -c pass\"\nmax_retries = 0\n"
            "[permission_profiles.exec_sandboxed_network_off]\n"
            "allowed_command_prefixes = [[\"python3\"]]\n");
    qa::test::write_file(repo / "a.txt", "a\n");
    sb.git_ok(repo, "add -A");
    sb.commit(repo, "project");
    REQUIRE(sb.qa(repo, "trust").exit_code == 0);

    // A first run leaves a reusable checkout.
    qa::test::write_file(repo / "a.txt", "a1\n");
    sb.git_ok(repo, "add a.txt");
    const ProcResult first = sb.qa(repo, "run --staged --log-level info");
    INFO(first.describe());
    REQUIRE(first.exit_code == 0);
    REQUIRE(fs::is_directory(repo / ".git/qa-skill/checkout"));

    // The second run's own index: another change, no `slow`.
    qa::test::write_file(repo / "b.txt", "b\n");
    sb.git_ok(repo, "add b.txt");
    fs::copy_file(repo / ".git/index", repo / ".git/index-b");
    sb.git_ok(repo, "rm -q --cached b.txt");
    qa::test::write_file(repo / "slow", "\n");
    sb.git_ok(repo, "add slow");

    qa::test::ShellChild holder(
        sb.script(repo, shell_quote(QA_SKILL_BIN) + " run --staged --log-level info"));
    const auto sleeping = [&] {
        return !qa::test::run("ps -eo args | grep -F 'wait.py " + sleeper +
                              "' | grep -v grep || true")
                    .out.empty();
    };
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!sleeping() && !holder.finished() && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    REQUIRE(sleeping());
    // The holder took the reusable checkout over: it is in its .worktrees path now.
    CHECK_FALSE(fs::exists(repo / ".git/qa-skill/checkout"));

    const ProcResult second =
        sb.in(repo, "GIT_INDEX_FILE=" + shell_quote((repo / ".git/index-b").string()) + " " +
                        shell_quote(QA_SKILL_BIN) + " run --staged --log-level info");
    INFO(second.describe());
    CHECK(second.exit_code == 0);
    CHECK(second.err.find("checkout: written whole (another run holds the reusable checkout") !=
          std::string::npos);
    // The holder's checkout is still there, still in use, and the second put nothing back.
    CHECK(sleeping());
    CHECK(fs::exists(repo / ".worktrees/qa-skill"));
    CHECK_FALSE(fs::exists(repo / ".git/qa-skill/checkout"));

    holder.send(SIGTERM);
    const ProcResult held = holder.wait(std::chrono::seconds(60));
    INFO(held.describe());
    CHECK(held.exit_code == 3);
    CHECK_FALSE(sleeping());
    CHECK_FALSE(fs::exists(repo / ".worktrees"));
    // The next run takes whatever the holder put back and brings it up to date.
    sb.git_ok(repo, "rm -q --cached slow");
    fs::remove(repo / "slow");
    const ProcResult next = sb.qa(repo, "run --staged --log-level info");
    INFO(next.describe());
    CHECK(next.exit_code == 0);
}

TEST_CASE(
    "a .gitattributes change makes the next run write its checkout whole, with the bytes a "
    "fresh checkout has",
    "[exec][sandbox][integration][reuse]") {
    HookSandbox sb;
    const fs::path outside = sb.root() / "outside";
    fs::create_directories(outside);
    const auto repo = reuse_project(sb, outside);
    qa::test::write_file(repo / "a.txt", "version 1\n");
    sb.git_ok(repo, "add a.txt");
    (void)run(sb, repo);

    // The same blobs, other bytes on disk: CRLF line ends for every .txt.
    qa::test::write_file(repo / ".gitattributes", "*.txt text eol=crlf\n");
    sb.git_ok(repo, "add .gitattributes");
    const Run changed = run(sb, repo);
    CHECK(says(changed.proc,
               "checkout: written whole (the attributes, configuration or umask "
               "changed)"));
    fs::remove_all(repo / ".git/qa-skill");
    const Run fresh = run(sb, repo);
    INFO("changed:\n" << changed.listing << "\nfresh:\n" << fresh.listing);
    CHECK(changed.listing == fresh.listing);
    CHECK(changed.files == fresh.files);

    // A checkout left without its manifest is taken over and emptied, never left in the way.
    fs::remove(repo / ".git/qa-skill/checkout.manifest");
    REQUIRE(fs::is_directory(repo / ".git/qa-skill/checkout"));
    const Run orphan = run(sb, repo);
    CHECK(says(orphan.proc, "checkout: written whole (no previous checkout)"));
    CHECK(orphan.listing == fresh.listing);
    const Run after = run(sb, repo);
    CHECK(says(after.proc, "checkout: the previous checkout brought up to date"));
    CHECK(after.listing == fresh.listing);

    // The user's own file (~/.config/git/attributes, XDG_CONFIG_HOME unset) counts too, found
    // through the binary's copy of the environment.
    qa::test::write_file(sb.home() / ".config/git/attributes", "same.txt -diff\n");
    const Run user = run(sb, repo);
    CHECK(says(user.proc,
               "checkout: written whole (the attributes, configuration or umask changed)"));
    CHECK(user.listing == fresh.listing);
}

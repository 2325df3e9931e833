#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <thread>

#include "git/blob_reader.hpp"
#include "git/error.hpp"
#include "git/handle.hpp"
#include "open_repo.hpp"
#include "support/git_fixture.hpp"

using qa::git::BlobReader;
using qa::test::GitSandbox;
using qa::test::open_repo;
using qa::test::shell_quote;
using qa::test::write_file;

namespace {

std::string blob_id(const GitSandbox& sandbox, const std::filesystem::path& repo,
                    const std::string& path) {
    return sandbox.rev_parse(repo, ":" + path);  // the index entry's blob
}

constexpr std::uint32_t kFile = 0100644;

/// Rewrites `path` with `content` and puts its modification time back: only ctime (and the
/// bytes) tell the change.
void rewrite_keeping_mtime(const std::filesystem::path& path, const std::string& content) {
    struct stat before {};
    REQUIRE(::stat(path.c_str(), &before) == 0);
    write_file(path, content);
    const struct timespec times[2] = {before.st_atim, before.st_mtim};
    REQUIRE(::utimensat(AT_FDCWD, path.c_str(), times, 0) == 0);
}

}  // namespace

TEST_CASE("BlobReader reads the blob, never a working-tree file that differs from it", "[git]") {
    qa::git::LibGit2 lib;
    GitSandbox sb;
    const auto dir = sb.init("repo");
    sb.add_file(dir, "same.txt", "staged and checked out\n");
    sb.add_file(dir, "edited.txt", "staged\n");
    sb.add_file(dir, "swapped.txt", "staged too\n");
    sb.add_file(dir, "gone.txt", "deleted from the working tree\n");
    sb.add_file(dir, "elsewhere.txt", "a different file\n");
    write_file(dir / "edited.txt", "an unstaged edit\n");
    std::filesystem::remove(dir / "swapped.txt");
    std::filesystem::create_symlink("elsewhere.txt", dir / "swapped.txt");
    std::filesystem::remove(dir / "gone.txt");
    const auto repo = open_repo(lib, sb, dir);
    const BlobReader reader(repo);

    for (const auto& [path, bytes] :
         std::map<std::string, std::string>{{"same.txt", "staged and checked out\n"},
                                            {"edited.txt", "staged\n"},
                                            {"swapped.txt", "staged too\n"},
                                            {"gone.txt", "deleted from the working tree\n"}}) {
        INFO(path);
        const auto read = reader.read(path, blob_id(sb, dir, path), kFile);
        CHECK(read.found);
        CHECK(read.size == bytes.size());
        CHECK(read.content == bytes);
    }
}

TEST_CASE("BlobReader never trusts a file it hashed once after the file changes", "[git]") {
    qa::git::LibGit2 lib;
    GitSandbox sb;
    const auto dir = sb.init("repo");
    sb.add_file(dir, "settled.txt", "version one\n");
    sb.add_file(dir, "racy.txt", "version one\n");
    // settled.txt must be older than the two seconds a stamp needs before it is trusted.
    std::this_thread::sleep_for(std::chrono::milliseconds(3100));
    sb.add_file(dir, "racy.txt", "version one\n");  // rewritten just now: racy
    const auto repo = open_repo(lib, sb, dir);
    const BlobReader reader(repo);
    for (const char* path : {"settled.txt", "racy.txt"}) {
        INFO(path);
        const std::string id = blob_id(sb, dir, path);
        const std::size_t hashed = reader.files_hashed();
        CHECK(reader.read(path, id, kFile).content == "version one\n");
        CHECK(reader.files_hashed() == hashed + 1);
        CHECK(reader.read(path, id, kFile).content == "version one\n");
        // The settled file's stamp is kept, the racy one's is not.
        CHECK(reader.files_hashed() == hashed + (std::string(path) == "racy.txt" ? 2 : 1));
        rewrite_keeping_mtime(dir / path, "version two\n");  // the same size
        const auto read = reader.read(path, id, kFile);
        CHECK(read.found);
        CHECK(read.content == "version one\n");
    }
}

TEST_CASE("BlobReader trusts the index's stat data only while the file matches it", "[git]") {
    qa::git::LibGit2 lib;
    GitSandbox sb;
    const auto dir = sb.init("repo");
    write_file(dir / "kept.txt", "version one\n");
    write_file(dir / "edited.txt", "version one\n");
    // Older than the index by more than a timestamp tick, as after a checkout.
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    sb.add_file(dir, "other.txt", "x\n");  // writes the index now
    sb.git_ok(dir, "add kept.txt edited.txt");
    rewrite_keeping_mtime(dir / "edited.txt", "version two\n");  // the same size

    const auto repo = open_repo(lib, sb, dir);
    qa::git::IndexHandle index;
    REQUIRE(git_repository_index(index.out(), repo.raw()) == 0);
    const BlobReader reader(repo);
    reader.trust_index(index.get());
    CHECK(reader.read("kept.txt", blob_id(sb, dir, "kept.txt"), kFile).content == "version one\n");
    CHECK(reader.files_hashed() == 0);  // the index vouched for it
    // Only its ctime says it changed: still the blob, never the edit.
    const auto read = reader.read("edited.txt", blob_id(sb, dir, "edited.txt"), kFile);
    CHECK(reader.files_hashed() == 1);
    CHECK(read.found);
    CHECK(read.content == "version one\n");
}

TEST_CASE("BlobReader: symlinks, limits, missing objects and bare repositories", "[git]") {
    qa::git::LibGit2 lib;
    GitSandbox sb;
    const auto dir = sb.init("repo");
    sb.add_file(dir, "big.txt", std::string(5000, 'x'));
    std::filesystem::create_symlink("big.txt", dir / "link");
    sb.git_ok(dir, "add link");
    sb.commit(dir, "base");
    const auto repo = open_repo(lib, sb, dir);
    const BlobReader reader(repo);

    // A symlink's blob is its target's name, not the target's bytes.
    const auto link = reader.read("link", blob_id(sb, dir, "link"), 0120000);
    CHECK(link.found);
    CHECK(link.content == "big.txt");

    // Over the limit: the size, no bytes (from the working tree and from the object database).
    const auto limited = reader.read("big.txt", blob_id(sb, dir, "big.txt"), kFile, 100);
    CHECK(limited.found);
    CHECK(limited.size == 5000);
    CHECK(limited.content.empty());
    write_file(dir / "big.txt", "edited");
    const auto limited_odb = reader.read("big.txt", blob_id(sb, dir, "big.txt"), kFile, 100);
    CHECK(limited_odb.found);
    CHECK(limited_odb.size == 5000);
    CHECK(limited_odb.content.empty());

    // An object that does not exist, and ids that are not ids.
    CHECK_FALSE(reader.read("big.txt", std::string(40, '1'), kFile).found);
    CHECK_FALSE(reader.read("big.txt", "not-an-id", kFile).found);

    // A bare clone has no working tree: everything comes from the object database.
    sb.git_ok(sb.root(), "clone -q --bare " + shell_quote(dir.string()) + " bare.git");
    const auto bare = open_repo(lib, sb, sb.root() / "bare.git");
    const BlobReader bare_reader(bare);
    const auto from_bare = bare_reader.read("big.txt", blob_id(sb, dir, "big.txt"), kFile);
    CHECK(from_bare.found);
    CHECK(from_bare.content == std::string(5000, 'x'));
}

TEST_CASE("BlobReader reads a working-tree file over 64 MiB only when it is the blob", "[git]") {
    qa::git::LibGit2 lib;
    GitSandbox sb;
    const auto dir = sb.init("repo");
    const std::string big(std::size_t{65} << 20, 'a');
    sb.add_file(dir, "same.bin", big);
    sb.add_file(dir, "edited.bin", big);
    sb.add_file(dir, "lfs.bin", "version https://git-lfs.github.com/spec/v1\n");
    std::string edited = big;
    edited[12345] = 'b';  // the same size, other bytes: only the hash tells
    write_file(dir / "edited.bin", edited);
    write_file(dir / "lfs.bin", big);  // what a smudge filter checks out: another size
    const auto repo = open_repo(lib, sb, dir);
    const BlobReader reader(repo);

    const auto same = reader.read("same.bin", blob_id(sb, dir, "same.bin"), kFile);
    CHECK(same.content == big);
    CHECK(reader.files_hashed() == 1);  // read from the file, hashed to prove it is the blob
    const auto other = reader.read("edited.bin", blob_id(sb, dir, "edited.bin"), kFile);
    CHECK(other.content == big);  // the blob, not the edit
    CHECK(reader.files_hashed() == 2);
    const auto lfs = reader.read("lfs.bin", blob_id(sb, dir, "lfs.bin"), kFile);
    CHECK(lfs.content == "version https://git-lfs.github.com/spec/v1\n");
    CHECK(reader.files_hashed() == 2);  // another size: never read or hashed
}

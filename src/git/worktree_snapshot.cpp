#include "git/worktree_snapshot.hpp"

#include <git2.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <system_error>
#include <utility>

#include "git/error.hpp"
#include "git/handle.hpp"

namespace qa::git {
namespace {

namespace fs = std::filesystem;
using FilterListHandle = Handle<git_filter_list, &git_filter_list_free>;

/// A new private folder under the system's temporary directory.
fs::path make_folder() {
    std::string pattern = (fs::temp_directory_path() / "qa-skill-snapshot-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
        throw GitError(GIT_ERROR, GIT_ERROR_OS,
                       "cannot create a temporary folder for the working-tree snapshot: " +
                           std::error_code(errno, std::generic_category()).message());
    }
    return pattern;
}

/// The content `git add` would store for the working-tree file `path`: its clean filters
/// (line endings, .gitattributes filters) applied.
std::string filtered_content(git_repository* repo, const std::string& path) {
    FilterListHandle filters;
    check(git_filter_list_load(filters.out(), repo, nullptr, path.c_str(), GIT_FILTER_TO_ODB,
                               GIT_FILTER_DEFAULT),
          "load the filters of '" + path + "'");
    Buf content;
    check(git_filter_list_apply_to_file(content.out(), filters.get(), repo, path.c_str()),
          "read '" + path + "'");
    return std::string(content.view());
}

/// Writes the working-tree version of `path` to `odb` and into `index`; removes the entry when
/// the path is gone. A directory (a submodule, a folder where a file was) is left alone.
void snapshot_path(git_repository* repo, const fs::path& root, git_odb* odb, git_index* index,
                   const std::string& path) {
    const fs::path file = root / path;
    struct stat st {};
    if (lstat(file.c_str(), &st) != 0) {
        git_index_remove(index, path.c_str(), 0);  // gone; absent from the index is not an error
        git_error_clear();
        return;
    }
    std::string content;
    std::uint32_t mode = 0;
    if (S_ISLNK(st.st_mode)) {
        std::error_code ec;
        content = fs::read_symlink(file, ec).string();
        mode = GIT_FILEMODE_LINK;
    } else if (S_ISREG(st.st_mode)) {
        content = filtered_content(repo, path);
        mode = (st.st_mode & S_IXUSR) != 0 ? GIT_FILEMODE_BLOB_EXECUTABLE : GIT_FILEMODE_BLOB;
    } else {
        return;
    }
    git_index_entry entry{};
    check(git_odb_write(&entry.id, odb, content.data(), content.size(), GIT_OBJECT_BLOB),
          "write the working-tree version of '" + path + "'");
    entry.path = path.c_str();
    entry.mode = mode;
    entry.file_size = static_cast<std::uint32_t>(content.size());
    check(git_index_add(index, &entry), "add '" + path + "' to the snapshot index");
}

}  // namespace

WorktreeSnapshot WorktreeSnapshot::take(const Repository& repo,
                                        std::span<const std::string> paths) {
    WorktreeSnapshot out(make_folder());
    const fs::path objects = out.dir_ / "objects";
    fs::create_directories(objects / "pack");
    fs::create_directories(objects / "info");
    OdbHandle odb;
    check(git_odb_open(odb.out(), objects.c_str()), "open the snapshot's object folder");
    IndexHandle source;
    check(git_repository_index(source.out(), repo.raw()), "read the index");
    IndexHandle index;
    check(git_index_open(index.out(), (out.dir_ / "index").c_str()), "create the snapshot index");
    for (std::size_t i = 0, n = git_index_entrycount(source.get()); i < n; ++i) {
        check(git_index_add(index.get(), git_index_get_byindex(source.get(), i)), "copy the index");
    }
    for (const auto& path : paths) {
        snapshot_path(repo.raw(), repo.root(), odb.get(), index.get(), path);
    }
    check(git_index_write(index.get()), "write the snapshot index");
    return out;
}

WorktreeSnapshot::WorktreeSnapshot(WorktreeSnapshot&& other) noexcept
    : dir_(std::exchange(other.dir_, {})) {}

WorktreeSnapshot::~WorktreeSnapshot() {
    if (!dir_.empty()) {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
}

GitEnv WorktreeSnapshot::env(GitEnv base) const {
    base.index_file = (dir_ / "index").string();
    base.quarantine_path = (dir_ / "objects").string();
    return base;
}

}  // namespace qa::git

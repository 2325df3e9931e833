#include "git/blob_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <utility>

#include "git/handle.hpp"
#include "util/sha1.hpp"

namespace qa::git {
namespace {

/// A larger working-tree file is read only when the blob has its size: a file that big is often
/// not the blob itself (Git LFS, a smudge filter), and reading it just to find that out is
/// waste. When it is the blob, the file is read rather than the object, which libgit2 would
/// inflate into a buffer of its own that is then copied: twice the file in memory.
constexpr std::uint64_t kMaxWorktreeBytes = 64 * 1024 * 1024;

/// Closes a file descriptor on every path out of a read.
class Fd {
  public:
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0) {
            ::close(fd_);
        }
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }

  private:
    int fd_;
};

/// Whether `content` is the blob whose SHA-1 object id is `oid`: git hashes "blob <size>\0"
/// followed by the bytes.
bool is_blob(std::string_view content, const unsigned char* oid) {
    char header[32];
    const int header_size =
        std::snprintf(header, sizeof header, "blob %zu", content.size()) + 1;  // with its NUL
    const auto digest =
        util::sha1({std::string_view(header, static_cast<std::size_t>(header_size)), content});
    static_assert(std::tuple_size_v<decltype(digest)> == GIT_OID_RAWSZ);
    return std::memcmp(digest.data(), oid, GIT_OID_RAWSZ) == 0;
}

/// Whether a file last changed at `changed` (seconds) is "racy" when hashed at `now`: changed so
/// recently that a later write in the same timestamp tick could leave its stat data unchanged.
bool racy(std::int64_t changed, std::int64_t now) {
    return changed >= now - 2;
}

/// The size of blob `oid` from its header, or nullopt; the caller holds the odb lock.
std::optional<std::uint64_t> blob_header_size(git_repository* repo, const git_oid& oid) {
    Handle<git_odb, &git_odb_free> odb;
    std::size_t size = 0;
    git_object_t type = GIT_OBJECT_INVALID;
    if (git_repository_odb(odb.out(), repo) != 0 ||
        git_odb_read_header(&size, &type, odb.get(), &oid) != 0 || type != GIT_OBJECT_BLOB) {
        git_error_clear();
        return std::nullopt;
    }
    return size;
}

}  // namespace

BlobReader::BlobReader(const Repository& repo) : repo_(repo) {
    if (const char* workdir = git_repository_workdir(repo.raw()); workdir != nullptr) {
        workdir_ = std::filesystem::path(workdir);
    }
}

std::optional<std::string> BlobReader::from_worktree(std::string_view path,
                                                     const unsigned char* oid,
                                                     std::uint64_t max_bytes) const {
    const std::filesystem::path file = *workdir_ / std::filesystem::path(path);
    // O_NOFOLLOW: a symlink in place of the file is not followed (its target's bytes would not be
    // the blob's anyway, and the hash below would say so).
    const Fd fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
    struct stat info {};
    if (fd.get() < 0 || ::fstat(fd.get(), &info) != 0 || !S_ISREG(info.st_mode)) {
        return std::nullopt;
    }
    const auto size = static_cast<std::uint64_t>(info.st_size);
    if (size > max_bytes) {
        return std::nullopt;
    }
    if (size > kMaxWorktreeBytes) {
        std::lock_guard lock(odb_mutex_);
        git_oid id;
        git_oid_fromraw(&id, oid);
        if (blob_header_size(repo_.raw(), id) != size) {
            return std::nullopt;
        }
    }
    // Taken before the read: the clock only decides whether to trust the stamp later (never an
    // output), and an earlier time errs towards hashing again.
    const std::int64_t now = ::time(nullptr);
    Stamp stamp = stamp_of(info);
    stamp.oid.assign(reinterpret_cast<const char*>(oid), GIT_OID_RAWSZ);
    bool known = false;
    {
        std::lock_guard lock(verified_mutex_);
        const auto it = verified_.find(std::string(path));
        known = it != verified_.end() && it->second == stamp;
    }
    std::string content(static_cast<std::size_t>(size), '\0');
    std::size_t got = 0;
    while (got < content.size()) {
        const ssize_t n = ::read(fd.get(), content.data() + got, content.size() - got);
        if (n <= 0) {
            return std::nullopt;  // shrunk while we read, or an I/O error: the object decides
        }
        got += static_cast<std::size_t>(n);
    }
    // Trusted only if nothing changed while it was read either.
    struct stat after {};
    if (known && ::fstat(fd.get(), &after) == 0 && after.st_mtim.tv_sec == info.st_mtim.tv_sec &&
        after.st_mtim.tv_nsec == info.st_mtim.tv_nsec &&
        after.st_ctim.tv_sec == info.st_ctim.tv_sec &&
        after.st_ctim.tv_nsec == info.st_ctim.tv_nsec && after.st_size == info.st_size) {
        return content;
    }
    ++files_hashed_;
    if (!is_blob(content, oid)) {
        return std::nullopt;
    }
    if (!racy(std::max(info.st_mtim.tv_sec, info.st_ctim.tv_sec), now)) {
        std::lock_guard lock(verified_mutex_);
        verified_[std::string(path)] = std::move(stamp);
    }
    return content;
}

BlobReader::Stamp BlobReader::stamp_of(const struct stat& info) {
    Stamp s;
    s.device = static_cast<std::uint32_t>(info.st_dev);
    s.inode = static_cast<std::uint32_t>(info.st_ino);
    s.size = static_cast<std::uint32_t>(info.st_size);
    s.mtimeSec = static_cast<std::uint32_t>(info.st_mtim.tv_sec);
    s.mtimeNsec = static_cast<std::uint32_t>(info.st_mtim.tv_nsec);
    s.ctimeSec = static_cast<std::uint32_t>(info.st_ctim.tv_sec);
    s.ctimeNsec = static_cast<std::uint32_t>(info.st_ctim.tv_nsec);
    return s;
}

void BlobReader::trust_index(git_index* index) const {
    const char* index_path = git_index_path(index);
    struct stat index_info {};
    if (index_path == nullptr || ::stat(index_path, &index_info) != 0) {
        return;  // an in-memory index: nothing to compare with, every file is hashed
    }
    const auto written = std::pair(static_cast<std::int64_t>(index_info.st_mtim.tv_sec),
                                   static_cast<std::int64_t>(index_info.st_mtim.tv_nsec));
    std::lock_guard lock(verified_mutex_);
    for (std::size_t i = 0, n = git_index_entrycount(index); i < n; ++i) {
        const git_index_entry* e = git_index_get_byindex(index, i);
        if (e == nullptr || git_index_entry_stage(e) != 0 ||
            (e->mode != GIT_FILEMODE_BLOB && e->mode != GIT_FILEMODE_BLOB_EXECUTABLE)) {
            continue;
        }
        // Racy: changed no earlier than the index was written, so a later write in the same
        // tick would leave the same stat data. git hashes such files again; so do we.
        if (std::pair(static_cast<std::int64_t>(e->mtime.seconds),
                      static_cast<std::int64_t>(e->mtime.nanoseconds)) >= written) {
            continue;
        }
        Stamp s;
        s.oid.assign(reinterpret_cast<const char*>(e->id.id), GIT_OID_RAWSZ);
        s.device = e->dev;
        s.inode = e->ino;
        s.size = e->file_size;
        s.mtimeSec = static_cast<std::uint32_t>(e->mtime.seconds);
        s.mtimeNsec = e->mtime.nanoseconds;
        s.ctimeSec = static_cast<std::uint32_t>(e->ctime.seconds);
        s.ctimeNsec = e->ctime.nanoseconds;
        verified_[e->path] = std::move(s);
    }
}

BlobRead BlobReader::read(std::string_view path, std::string_view oid_hex, std::uint32_t mode,
                          std::uint64_t max_bytes) const {
    BlobRead out;
    git_oid oid;
    if (oid_hex.size() != GIT_OID_HEXSZ ||
        git_oid_fromstrn(&oid, oid_hex.data(), oid_hex.size()) != 0) {
        return out;
    }
    const bool regular = mode == GIT_FILEMODE_BLOB || mode == GIT_FILEMODE_BLOB_EXECUTABLE;
    if (workdir_ && regular) {
        if (auto content = from_worktree(path, oid.id, max_bytes)) {
            out.found = true;
            out.size = content->size();
            out.content = std::move(*content);
            return out;
        }
    }
    std::lock_guard lock(odb_mutex_);
    Handle<git_odb, &git_odb_free> odb;
    if (git_repository_odb(odb.out(), repo_.raw()) != 0) {
        return out;
    }
    if (max_bytes != UINT64_MAX) {
        // The header first, so that a blob over the limit is never inflated.
        std::size_t size = 0;
        git_object_t type = GIT_OBJECT_INVALID;
        if (git_odb_read_header(&size, &type, odb.get(), &oid) != 0 || type != GIT_OBJECT_BLOB) {
            return out;
        }
        if (size > max_bytes) {
            out.found = true;
            out.size = size;
            return out;
        }
    }
    Handle<git_odb_object, &git_odb_object_free> object;
    if (git_odb_read(object.out(), odb.get(), &oid) != 0 ||
        git_odb_object_type(object.get()) != GIT_OBJECT_BLOB) {
        return out;
    }
    out.found = true;
    out.size = git_odb_object_size(object.get());
    out.content.assign(static_cast<const char*>(git_odb_object_data(object.get())),
                       git_odb_object_size(object.get()));
    return out;
}

std::optional<std::uint64_t> BlobReader::size_of(std::string_view oid_hex) const {
    git_oid oid;
    if (oid_hex.size() != GIT_OID_HEXSZ ||
        git_oid_fromstrn(&oid, oid_hex.data(), oid_hex.size()) != 0) {
        git_error_clear();
        return std::nullopt;
    }
    std::lock_guard lock(odb_mutex_);
    return blob_header_size(repo_.raw(), oid);
}

std::optional<std::uint64_t> BlobReader::size_in(std::string_view commit_sha,
                                                 std::string_view path) const {
    git_oid oid;
    if (commit_sha.size() != GIT_OID_HEXSZ ||
        git_oid_fromstrn(&oid, commit_sha.data(), commit_sha.size()) != 0) {
        git_error_clear();
        return std::nullopt;
    }
    std::lock_guard lock(odb_mutex_);
    CommitHandle commit;
    TreeHandle tree;
    Handle<git_tree_entry, &git_tree_entry_free> entry;
    const std::string p(path);
    if (git_commit_lookup(commit.out(), repo_.raw(), &oid) != 0 ||
        git_commit_tree(tree.out(), commit.get()) != 0 ||
        git_tree_entry_bypath(entry.out(), tree.get(), p.c_str()) != 0 ||
        git_tree_entry_type(entry.get()) != GIT_OBJECT_BLOB) {
        git_error_clear();
        return std::nullopt;
    }
    return blob_header_size(repo_.raw(), *git_tree_entry_id(entry.get()));
}

}  // namespace qa::git

#pragma once

#include <sys/stat.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "git/repository.hpp"

struct git_index;

namespace qa::git {

/// What BlobReader::read() found.
struct BlobRead {
    bool found = false;      ///< false: the object is missing or not a blob (a submodule commit)
    std::uint64_t size = 0;  ///< the blob's size in bytes
    std::string content;     ///< its bytes; empty when it is larger than the limit read() was given
};

/// Reads blobs of the tree under test, from any number of threads at once.
///
/// A blob is read from the working tree when the file at its path holds exactly its bytes: the
/// file's bytes are hashed as a git blob and must give the blob's id, so an unstaged edit, a
/// clean/smudge filter or a swapped symlink can never change what is read. That is the common
/// case, and costs one file read and one SHA-1 pass instead of inflating the object. Everything
/// else (a bare repository, a modified, missing or very large file, a symlink entry) comes from
/// the object database, one thread at a time: libgit2 objects are not shared between threads.
///
/// A file the reader has hashed once is not hashed again while its stat data (device, inode,
/// size, mtime, ctime) stays the same and it was not modified in the two seconds before it was
/// hashed (git's "racy clean" rule: a write within the timestamp granularity could otherwise go
/// unseen). A run that reads every file twice (all-files counts, then the lenses) hashes it once.
class BlobReader {
  public:
    /// Borrows `repo`, which must outlive the reader.
    explicit BlobReader(const Repository& repo);

    /// The blob `oid_hex` (40 hex digits) that `path` (repository-relative) holds under test with
    /// git mode `mode` (0100644, 0100755, 0120000...). A blob larger than `max_bytes` is not read:
    /// its size is reported and `content` stays empty.
    BlobRead read(std::string_view path, std::string_view oid_hex, std::uint32_t mode,
                  std::uint64_t max_bytes = UINT64_MAX) const;

    /// The size of the blob `oid_hex` from its header (nothing is inflated), or nullopt when the
    /// object is missing or not a blob.
    std::optional<std::uint64_t> size_of(std::string_view oid_hex) const;
    /// The size of the blob at `path` in the tree of the commit `commit_sha`, or nullopt when
    /// that tree holds no blob there.
    std::optional<std::uint64_t> size_in(std::string_view commit_sha, std::string_view path) const;

    /// Takes the index's word for its entries, as git does: a working-tree file whose stat data
    /// equals its entry's holds the entry's blob, unless it changed in the same timestamp tick as
    /// the index was written (git's racy-clean rule), so such files are read without hashing.
    /// `index` must be the one the tree under test came from.
    void trust_index(git_index* index) const;

    /// How many working-tree files this reader has hashed so far: what the stat checks above
    /// saved shows here (tests, diagnostics).
    std::size_t files_hashed() const { return files_hashed_.load(); }

  private:
    /// What identifies a working-tree file that held a blob when it was hashed: its stat data,
    /// truncated to 32 bits as git's index stores it.
    struct Stamp {
        std::string oid;  ///< raw 20 bytes
        std::uint32_t device = 0, inode = 0, size = 0;
        std::uint32_t mtimeSec = 0, mtimeNsec = 0, ctimeSec = 0, ctimeNsec = 0;
        bool operator==(const Stamp&) const = default;
    };

    static Stamp stamp_of(const struct stat& info);
    std::optional<std::string> from_worktree(std::string_view path, const unsigned char* oid,
                                             std::uint64_t max_bytes) const;

    const Repository& repo_;
    mutable std::atomic<std::size_t> files_hashed_{0};
    mutable std::mutex verified_mutex_;
    mutable std::unordered_map<std::string, Stamp> verified_;  ///< by path
    std::optional<std::filesystem::path> workdir_;             ///< nullopt for a bare repository
    mutable std::mutex odb_mutex_;                             ///< serialises libgit2 object reads
};

}  // namespace qa::git

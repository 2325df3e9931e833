#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace qa::exec {

/// What lstat says of a file that only changes when the file does: a write, a chmod, an xattr, a
/// rename or a link all move the ctime, which no unprivileged process can set back. The inode
/// catches a file replaced by another.
struct FileStamp {
    std::uint64_t ino = 0;
    std::uint32_t mode = 0;  ///< st_mode: type and permission bits
    std::int64_t size = 0;
    std::int64_t mtimeSec = 0;
    std::int64_t mtimeNsec = 0;
    std::int64_t ctimeSec = 0;
    std::int64_t ctimeNsec = 0;

    static FileStamp of(const struct stat& st);
    bool operator==(const FileStamp&) const = default;

    /// Written at or after `now` (the same filesystem clock tick): a later change in that tick
    /// could leave every field as it is, so the stamp proves nothing (git's "racy" entries).
    bool racy(const struct timespec& now) const;
};

/// lstat of `path` (never following a link); nullopt when it does not exist.
std::optional<FileStamp> lstat_stamp(const std::filesystem::path& path);

/// The stamps of `files` (repository-relative, sorted) in `dir`, in their order; nullopt for a
/// file that is missing or below something that is not a directory. One fstatat per file
/// relative to its directory, each directory opened once from its parent with O_NOFOLLOW: never
/// through a link, and no path walked again from the root for each file.
std::vector<std::optional<FileStamp>> stamp_files(const std::filesystem::path& dir,
                                                  const std::set<std::string, std::less<>>& files);

/// The filesystem's clock as its timestamps read it: the ctime of `marker` (created if missing)
/// after its times are set to now. A file changed after this call has a ctime at or after it.
struct timespec filesystem_now(const std::filesystem::path& marker);

}  // namespace qa::exec

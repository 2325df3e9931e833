#include "exec/file_stamp.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "util/file.hpp"

namespace qa::exec {

FileStamp FileStamp::of(const struct stat& st) {
    FileStamp s;
    s.ino = static_cast<std::uint64_t>(st.st_ino);
    s.mode = static_cast<std::uint32_t>(st.st_mode);
    s.size = static_cast<std::int64_t>(st.st_size);
    s.mtimeSec = static_cast<std::int64_t>(st.st_mtim.tv_sec);
    s.mtimeNsec = static_cast<std::int64_t>(st.st_mtim.tv_nsec);
    s.ctimeSec = static_cast<std::int64_t>(st.st_ctim.tv_sec);
    s.ctimeNsec = static_cast<std::int64_t>(st.st_ctim.tv_nsec);
    return s;
}

bool FileStamp::racy(const struct timespec& now) const {
    return ctimeSec > now.tv_sec || (ctimeSec == now.tv_sec && ctimeNsec >= now.tv_nsec);
}

std::optional<FileStamp> lstat_stamp(const std::filesystem::path& path) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) {
        return std::nullopt;
    }
    return FileStamp::of(st);
}

struct timespec filesystem_now(const std::filesystem::path& marker) {
    const int fd = ::open(marker.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
        throw util::IoError("open " + marker.string() + ": " + std::strerror(errno));
    }
    struct stat st {};
    const bool ok = ::futimens(fd, nullptr) == 0 && ::fstat(fd, &st) == 0;
    const int err = errno;
    ::close(fd);
    if (!ok) {
        throw util::IoError("stamp " + marker.string() + ": " + std::strerror(err));
    }
    return st.st_ctim;
}

}  // namespace qa::exec

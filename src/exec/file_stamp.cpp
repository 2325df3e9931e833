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

std::vector<std::optional<FileStamp>> stamp_files(const std::filesystem::path& dir,
                                                  const std::set<std::string, std::less<>>& files) {
    constexpr int kDirFlags = O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
    std::vector<std::optional<FileStamp>> out;
    out.reserve(files.size());
    // The open directories from the root down to the current file's: "" then "a/", "a/b/"...
    // (files sharing a directory are adjacent in sorted order); -1 for one that cannot be
    // opened, so that everything below it is missing.
    struct Open {
        std::string prefix;
        int fd;
    };
    std::vector<Open> stack;
    stack.push_back({"", ::open(dir.c_str(), kDirFlags)});
    for (const auto& path : files) {
        const auto slash = path.rfind('/');
        const std::string_view parent = slash == std::string::npos
                                            ? std::string_view()
                                            : std::string_view(path).substr(0, slash + 1);
        while (stack.size() > 1 && !parent.starts_with(stack.back().prefix)) {
            if (stack.back().fd >= 0) {
                ::close(stack.back().fd);
            }
            stack.pop_back();
        }
        while (stack.back().prefix.size() < parent.size()) {
            const std::size_t from = stack.back().prefix.size();
            const std::size_t end = parent.find('/', from);
            const std::string name(parent.substr(from, end - from));
            const int fd =
                stack.back().fd < 0 ? -1 : ::openat(stack.back().fd, name.c_str(), kDirFlags);
            stack.push_back({std::string(parent.substr(0, end + 1)), fd});
        }
        struct stat st {};
        const char* base = path.c_str() + (slash == std::string::npos ? 0 : slash + 1);
        if (stack.back().fd >= 0 &&
            ::fstatat(stack.back().fd, base, &st, AT_SYMLINK_NOFOLLOW) == 0) {
            out.push_back(FileStamp::of(st));
        } else {
            out.emplace_back(std::nullopt);
        }
    }
    for (const auto& o : stack) {
        if (o.fd >= 0) {
            ::close(o.fd);
        }
    }
    return out;
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

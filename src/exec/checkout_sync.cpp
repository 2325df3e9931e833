#include "exec/checkout_sync.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "exec/checkout.hpp"
#include "util/file.hpp"

namespace qa::exec {
namespace {

namespace fs = std::filesystem;

constexpr std::uint32_t kGitLink = 0160000;

/// An open directory descriptor, closed on scope exit.
class DirFd {
  public:
    explicit DirFd(int fd) : fd_(fd) {}
    ~DirFd() {
        if (fd_ >= 0) {
            ::close(fd_);
        }
    }
    DirFd(const DirFd&) = delete;
    DirFd& operator=(const DirFd&) = delete;
    int get() const { return fd_; }

  private:
    int fd_;
};

[[noreturn]] void fail(const std::string& what, const std::string& path) {
    throw util::IoError(what + " " + path + " in the reused checkout: " + std::strerror(errno));
}

int open_dir_at(int parent, const char* name) {
    return ::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/// The names in a directory, read before any is removed.
std::vector<std::string> names_in(int fd, const std::string& shown) {
    const int dup = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
    DIR* d = dup < 0 ? nullptr : ::fdopendir(dup);
    if (d == nullptr) {
        if (dup >= 0) {
            ::close(dup);
        }
        fail("read", shown);
    }
    std::vector<std::string> names;
    while (const dirent* e = ::readdir(d)) {
        const std::string_view n = e->d_name;
        if (n != "." && n != "..") {
            names.emplace_back(n);
        }
    }
    ::closedir(d);
    return names;
}

/// Removes `name` under `parent` with everything below it, never following a link.
std::size_t remove_at(int parent, const std::string& name, const std::string& shown) {
    struct stat st {};
    if (::fstatat(parent, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        return 0;
    }
    if (!S_ISDIR(st.st_mode)) {
        if (::unlinkat(parent, name.c_str(), 0) != 0) {
            fail("remove", shown);
        }
        return 1;
    }
    // A command may have left a directory without write or search permission.
    ::fchmodat(parent, name.c_str(), 0700, 0);
    std::size_t removed = 1;
    {
        const DirFd fd(open_dir_at(parent, name.c_str()));
        if (fd.get() < 0) {
            fail("open", shown);
        }
        for (const auto& child : names_in(fd.get(), shown)) {
            removed += remove_at(fd.get(), child, shown + "/" + child);
        }
    }
    if (::unlinkat(parent, name.c_str(), AT_REMOVEDIR) != 0) {
        fail("remove", shown);
    }
    return removed;
}

/// A directory as a fresh checkout leaves it: git's mode under the umask, no extended
/// attribute a command could have set (a default ACL would change the mode of every file
/// written into it; security.* ones are the system's).
void restore_directory(int fd, const struct stat& st, mode_t dir_mode, const std::string& shown) {
    if ((st.st_mode & 07777) != dir_mode && ::fchmod(fd, dir_mode) != 0) {
        fail("chmod", shown);
    }
    char names[4096];
    const ssize_t n = ::flistxattr(fd, names, sizeof names);
    if (n < 0) {
        return;  // no xattr support, or more than a command can set without a reason
    }
    for (ssize_t i = 0; i < n;) {
        const std::string name(names + i);
        i += static_cast<ssize_t>(name.size()) + 1;
        if (!name.starts_with("security.") && ::fremovexattr(fd, name.c_str()) != 0) {
            fail("remove the attribute " + name + " of", shown);
        }
    }
}

mode_t current_umask() {
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("Umask:")) {
            return static_cast<mode_t>(std::stoul(line.substr(6), nullptr, 8));
        }
    }
    return 022;
}

struct Walk {
    const std::unordered_map<std::string_view, const TreeEntry*>& wanted;
    const std::unordered_set<std::string>& dirs;
    const CheckoutManifest* previous;
    struct timespec previousStamp;
    mode_t dirMode;
    std::unordered_map<std::string, FileStamp> kept;
    std::unordered_set<std::string> seenDirs;
    std::size_t removed = 0;

    bool keeps(const std::string& path, const struct stat& st) const {
        if (previous == nullptr) {
            return false;
        }
        const auto want = wanted.find(path);
        const auto had = previous->entries.find(path);
        if (want == wanted.end() || had == previous->entries.end()) {
            return false;
        }
        const auto& e = had->second;
        return e.oid == want->second->oid && e.gitMode == want->second->mode &&
               e.stamp == FileStamp::of(st) && !e.stamp.racy(previousStamp);
    }

    void directory(int fd, const std::string& prefix) {
        for (const auto& name : names_in(fd, prefix.empty() ? "." : prefix)) {
            const std::string path = prefix.empty() ? name : prefix + "/" + name;
            struct stat st {};
            if (::fstatat(fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
                fail("stat", path);
            }
            if (S_ISDIR(st.st_mode) && dirs.count(path) > 0) {
                if ((st.st_mode & 0700) != 0700) {
                    // No search or read permission: make it a directory git would write first.
                    if (::fchmodat(fd, name.c_str(), dirMode, 0) != 0) {
                        fail("chmod", path);
                    }
                    st.st_mode = S_IFDIR | dirMode;
                }
                const DirFd sub(open_dir_at(fd, name.c_str()));
                if (sub.get() < 0) {
                    fail("open", path);
                }
                restore_directory(sub.get(), st, dirMode, path);
                seenDirs.insert(path);
                directory(sub.get(), path);
            } else if (!S_ISDIR(st.st_mode) && keeps(path, st)) {
                kept.emplace(path, FileStamp::of(st));
            } else {
                removed += remove_at(fd, name, path);
            }
        }
    }
};

}  // namespace

CheckoutSync sync_checkout(const git::Repository& repo, const std::string& rev, const fs::path& dir,
                           const std::vector<TreeEntry>& entries, const std::string& fingerprint,
                           const CheckoutManifest* previous, const fs::path& marker) {
    const DirFd root(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (root.get() < 0) {
        fail("open", dir.string());
    }
    struct stat root_st {};
    if (::fstat(root.get(), &root_st) != 0) {
        fail("stat", dir.string());
    }
    if (previous != nullptr && (previous->fingerprint != fingerprint ||
                                previous->dev != static_cast<std::uint64_t>(root_st.st_dev) ||
                                previous->ino != static_cast<std::uint64_t>(root_st.st_ino))) {
        previous = nullptr;  // another tree's bytes could differ: keep nothing
    }
    std::unordered_map<std::string_view, const TreeEntry*> wanted;
    std::unordered_set<std::string> dirs;
    wanted.reserve(entries.size());
    for (const auto& e : entries) {
        wanted.emplace(e.path, &e);
        const std::string_view p = e.path;
        if (e.mode == kGitLink) {
            dirs.emplace(p);  // git writes a submodule as an empty directory
        }
        for (auto slash = p.rfind('/'); slash != std::string_view::npos && slash > 0;
             slash = p.rfind('/', slash - 1)) {
            if (!dirs.emplace(p.substr(0, slash)).second) {
                break;  // its parents are in already
            }
        }
    }
    const mode_t umask = current_umask();
    // git's checkout creates directories 0755, ours (the root) 0777, both under the umask.
    const mode_t dir_mode = 0755 & ~umask;
    Walk walk{wanted,   dirs,
              previous, {previous ? previous->stampSec : 0, previous ? previous->stampNsec : 0},
              dir_mode, {},
              {},       0};
    restore_directory(root.get(), root_st, 0777 & ~umask, ".");
    if (previous != nullptr) {
        walk.directory(root.get(), "");
    } else {
        for (const auto& name : names_in(root.get(), dir.string())) {
            walk.removed += remove_at(root.get(), name, name);
        }
    }

    std::vector<std::string> missing;
    for (const auto& e : entries) {
        if (e.mode == kGitLink ? walk.seenDirs.count(e.path) == 0 : walk.kept.count(e.path) == 0) {
            missing.push_back(e.path);
        }
    }
    if (walk.kept.empty() && walk.seenDirs.empty()) {
        if (rev.empty()) {
            checkout_index(repo, dir);
        } else {
            checkout_commit(repo, rev, dir);
        }
    } else if (!missing.empty()) {
        restore_files(repo, rev, dir, missing);
    }

    CheckoutSync out;
    out.removed = walk.removed;
    out.kept = walk.kept.size();
    auto& m = out.manifest;
    m.fingerprint = fingerprint;
    m.dev = static_cast<std::uint64_t>(root_st.st_dev);
    m.ino = static_cast<std::uint64_t>(root_st.st_ino);
    m.entries.reserve(entries.size());
    for (const auto& e : entries) {
        if (e.mode == kGitLink) {
            continue;
        }
        const auto kept = walk.kept.find(e.path);
        std::optional<FileStamp> stamp;
        if (kept != walk.kept.end()) {
            stamp = kept->second;
        } else {
            stamp = lstat_stamp(dir / e.path);
            ++out.written;
        }
        if (stamp) {  // what git did not write is written again next time
            m.entries.emplace(e.path, CheckoutManifest::Entry{e.oid, e.mode, *stamp});
        }
    }
    const struct timespec now = filesystem_now(marker);
    m.stampSec = static_cast<std::int64_t>(now.tv_sec);
    m.stampNsec = static_cast<std::int64_t>(now.tv_nsec);
    return out;
}

}  // namespace qa::exec

#include "exec/checkout_sync.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <set>
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

/// The directory `relative` (slash-separated) below `root`, opened one component at a time,
/// never through a link; -1 with errno when a component is missing or not a directory.
int open_path_at(int root, const std::string& relative) {
    int fd = ::fcntl(root, F_DUPFD_CLOEXEC, 0);
    for (std::size_t from = 0; fd >= 0 && from <= relative.size();) {
        const auto end = std::min(relative.find('/', from), relative.size());
        const int next = open_dir_at(fd, relative.substr(from, end - from).c_str());
        const int err = errno;
        ::close(fd);
        errno = err;
        fd = next;
        from = end + 1;
    }
    return fd;
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

/// Removes `name` under `parent` with everything below it, never following a link. `linked`
/// gets the inode of each file removed that had another name (a hard link: what was written
/// through it may have changed a file the caller trusts without a look).
std::size_t remove_at(int parent, const std::string& name, const std::string& shown,
                      std::vector<ino_t>& linked) {
    struct stat st {};
    if (::fstatat(parent, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        return 0;
    }
    if (!S_ISDIR(st.st_mode)) {
        if (st.st_nlink > 1) {
            linked.push_back(st.st_ino);
        }
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
            removed += remove_at(fd.get(), child, shown + "/" + child, linked);
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

/// The tree's entries by path: a binary search in the sorted list, no index to build.
class Wanted {
  public:
    explicit Wanted(const std::vector<TreeEntry>& entries) : entries_(entries) {}
    const TreeEntry* find(std::string_view path) const {
        const auto it = std::lower_bound(
            entries_.begin(), entries_.end(), path,
            [](const TreeEntry& e, std::string_view p) { return std::string_view(e.path) < p; });
        return it != entries_.end() && it->path == path ? &*it : nullptr;
    }

  private:
    const std::vector<TreeEntry>& entries_;
};

struct Walk {
    const Wanted& wanted;
    const std::unordered_set<std::string>& dirs;
    const CheckoutManifest* previous;
    struct timespec previousStamp;
    mode_t dirMode;
    std::unordered_map<std::string, FileStamp> kept;
    std::unordered_set<std::string> seenDirs;
    std::size_t removed = 0;
    std::vector<ino_t> linked;  ///< files removed that had another name (remove_at)

    bool keeps(const std::string& path, const struct stat& st) const {
        if (previous == nullptr) {
            return false;
        }
        const TreeEntry* want = wanted.find(path);
        const auto had = previous->entries.find(path);
        if (want == nullptr || had == previous->entries.end()) {
            return false;
        }
        const auto& e = had->second;
        return e.oid == want->oid && e.gitMode == want->mode && e.stamp == FileStamp::of(st) &&
               !e.stamp.racy(previousStamp);
    }

    /// `name` in the directory `fd` (`path` from the root): kept, walked, or removed.
    void entry(int fd, const std::string& name, const std::string& path) {
        struct stat st {};
        if (::fstatat(fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno == ENOENT) {
                return;  // gone: written again if the tree has it
            }
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
            removed += remove_at(fd, name, path, linked);
        }
    }

    void directory(int fd, const std::string& prefix) {
        for (const auto& name : names_in(fd, prefix.empty() ? "." : prefix)) {
            entry(fd, name, prefix.empty() ? name : prefix + "/" + name);
        }
    }
};

/// The paths a sync has to look at when only `previous->touched` and what differs between
/// the previous tree and `entries` can differ from the previous checkout: each touched path,
/// each path whose blob or mode changed, was added or was removed (as its topmost directory
/// the new tree does not have), none below another.
std::vector<std::string> paths_to_look_at(const CheckoutManifest& previous,
                                          const std::vector<TreeEntry>& entries,
                                          const Wanted& wanted,
                                          const std::unordered_set<std::string>& dirs) {
    std::set<std::string> paths;
    const auto add = [&](std::string_view path) {
        // A file of a directory the tree no longer has: the directory goes as a whole.
        for (auto slash = path.rfind('/'); slash != std::string_view::npos;
             slash = path.rfind('/')) {
            if (dirs.count(std::string(path.substr(0, slash))) > 0) {
                break;
            }
            path = path.substr(0, slash);
        }
        paths.emplace(path);
    };
    for (const auto& p : *previous.touched) {
        if (!p.empty()) {  // the root's own attributes are restored on every sync
            paths.insert(p);
        }
    }
    for (const auto& e : entries) {
        const auto had = previous.entries.find(e.path);
        if (had == previous.entries.end() || had->second.oid != e.oid ||
            had->second.gitMode != e.mode) {
            add(e.path);
        }
    }
    for (const auto& [path, e] : previous.entries) {
        if (wanted.find(path) == nullptr) {
            add(path);
        }
    }
    std::vector<std::string> out;
    for (const auto& p : paths) {
        bool below = false;
        for (auto slash = p.rfind('/'); slash != std::string::npos && !below;
             slash = slash == 0 ? std::string::npos : p.rfind('/', slash - 1)) {
            below = paths.count(p.substr(0, slash)) > 0;
        }
        if (!below) {
            out.push_back(p);
        }
    }
    return out;
}

}  // namespace

std::vector<std::string> tree_directories(const std::vector<TreeEntry>& entries) {
    std::unordered_set<std::string> dirs;
    for (const auto& e : entries) {
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
    std::vector<std::string> out(dirs.begin(), dirs.end());
    std::sort(out.begin(), out.end());
    return out;
}

CheckoutSync sync_checkout(const git::Repository& repo, const std::string& rev, const fs::path& dir,
                           const std::vector<TreeEntry>& entries, const std::string& fingerprint,
                           CheckoutManifest* previous, const fs::path& marker) {
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
    const Wanted wanted(entries);
    const auto dir_list = tree_directories(entries);
    const std::unordered_set<std::string> dirs(dir_list.begin(), dir_list.end());
    const mode_t umask = current_umask();
    // git's checkout creates directories 0755, ours (the root) 0777, both under the umask.
    const mode_t dir_mode = 0755 & ~umask;
    Walk walk{wanted,   dirs,
              previous, {previous ? previous->stampSec : 0, previous ? previous->stampNsec : 0},
              dir_mode, {},
              {},       0,
              {}};
    restore_directory(root.get(), root_st, 0777 & ~umask, ".");
    // With what the previous run touched, only that and what the trees' difference names can
    // differ from the previous checkout's stamps: the rest is kept without a look.
    std::optional<std::vector<std::string>> looked_at;
    if (previous != nullptr && previous->touched) {
        looked_at = paths_to_look_at(*previous, entries, wanted, dirs);
    }
    if (looked_at) {
        for (const auto& path : *looked_at) {
            const auto slash = path.rfind('/');
            const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
            const DirFd parent(slash == std::string::npos
                                   ? ::fcntl(root.get(), F_DUPFD_CLOEXEC, 0)
                                   : open_path_at(root.get(), path.substr(0, slash)));
            if (parent.get() < 0 && errno != ENOENT) {
                looked_at.reset();  // a parent is not a directory: look at everything
                break;
            }
            if (parent.get() >= 0) {
                walk.entry(parent.get(), name, path);
            }
        }
    }
    // Whether an entry was looked at, itself or a directory above it (else it is as the
    // previous checkout had it).
    std::unordered_set<std::string_view> looked_set;
    if (looked_at) {
        looked_set.insert(looked_at->begin(), looked_at->end());
    }
    const auto looked = [&](std::string_view path) {
        if (!looked_at) {
            return true;
        }
        for (;;) {
            if (looked_set.count(path) > 0) {
                return true;
            }
            const auto slash = path.rfind('/');
            if (slash == std::string_view::npos) {
                return false;
            }
            path = path.substr(0, slash);
        }
    };
    if (looked_at && !walk.linked.empty()) {
        // A hard link to a file nobody looked at: written through, it changed that file
        // without an event naming it. Then every file is looked at.
        std::sort(walk.linked.begin(), walk.linked.end());
        for (const auto& [path, e] : previous->entries) {
            if (std::binary_search(walk.linked.begin(), walk.linked.end(),
                                   static_cast<ino_t>(e.stamp.ino)) &&
                !looked(path)) {
                looked_at.reset();
                break;
            }
        }
    }
    if (!looked_at) {
        walk.kept.clear();
        walk.seenDirs.clear();
        if (previous != nullptr) {
            walk.directory(root.get(), "");
        } else {
            for (const auto& name : names_in(root.get(), dir.string())) {
                walk.removed += remove_at(root.get(), name, name, walk.linked);
            }
        }
    }

    std::vector<std::string> missing;
    for (const auto& e : entries) {
        if (looked(e.path) && (e.mode == kGitLink ? walk.seenDirs.count(e.path) == 0
                                                  : walk.kept.count(e.path) == 0)) {
            missing.push_back(e.path);
        }
    }
    if (!looked_at && walk.kept.empty() && walk.seenDirs.empty()) {
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
    out.lookedAt = looked_at ? std::optional<std::size_t>(looked_at->size()) : std::nullopt;
    auto& m = out.manifest;
    m.fingerprint = fingerprint;
    m.dev = static_cast<std::uint64_t>(root_st.st_dev);
    m.ino = static_cast<std::uint64_t>(root_st.st_ino);
    if (looked_at) {
        // The previous entries stand for what nobody looked at: taken over, not copied.
        m.entries = std::move(previous->entries);
        for (auto it = m.entries.begin(); it != m.entries.end();) {
            it = looked(it->first) ? m.entries.erase(it) : std::next(it);
        }
        out.kept = m.entries.size();
    } else {
        m.entries.reserve(entries.size());
    }
    for (const auto& e : entries) {
        if (!looked(e.path)) {
            continue;  // taken over above: the same blob and mode, untouched
        }
        std::optional<FileStamp> stamp;
        if (const auto kept = walk.kept.find(e.path); kept != walk.kept.end()) {
            stamp = kept->second;
            ++out.kept;
        } else {
            stamp = lstat_stamp(dir / e.path);
            if (e.mode != kGitLink) {
                ++out.written;
            }
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

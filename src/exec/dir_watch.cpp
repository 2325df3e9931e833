#include "exec/dir_watch.hpp"

#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace qa::exec {
namespace {

// Everything that changes what an entry holds or is: its bytes (a shared mapping's too, at
// close), its mode, times or attributes, its name, its existence. Never through a link.
constexpr std::uint32_t kMask = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE |
                                IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF |
                                IN_ONLYDIR | IN_DONT_FOLLOW;

}  // namespace

DirWatch::DirWatch(std::filesystem::path root, const std::vector<std::string>& dirs)
    : root_(std::move(root)), fd_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {
    if (fd_ < 0) {
        complete_ = false;
        return;
    }
    add("");
    for (const auto& d : dirs) {
        add(d);
    }
}

DirWatch::~DirWatch() {
    if (fd_ >= 0) {
        ::close(fd_);
    }
}

void DirWatch::add(const std::string& dir) {
    if (fd_ < 0) {
        return;
    }
    const std::filesystem::path path = dir.empty() ? root_ : root_ / dir;
    const int wd = ::inotify_add_watch(fd_, path.c_str(), kMask);
    if (wd >= 0) {
        dirs_[wd] = dir;
    } else if (errno != ENOENT && errno != ENOTDIR) {
        complete_ = false;  // out of watches (ENOSPC), say: changes there would go unseen
    }
}

void DirWatch::rewatch(const std::string& dir) {
    add(dir);
}

std::set<std::string> DirWatch::drain() {
    std::set<std::string> out;
    if (fd_ < 0) {
        return out;
    }
    alignas(inotify_event) char buf[64 * 1024];
    for (;;) {
        const ssize_t n = ::read(fd_, buf, sizeof buf);
        if (n <= 0) {
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n < 0 && errno != EAGAIN) {
                complete_ = false;
            }
            break;
        }
        for (ssize_t at = 0; at < n;) {
            const auto* e = reinterpret_cast<const inotify_event*>(buf + at);
            at += static_cast<ssize_t>(sizeof(inotify_event) + e->len);
            if ((e->mask & IN_Q_OVERFLOW) != 0) {
                complete_ = false;
                continue;
            }
            const auto dir = dirs_.find(e->wd);
            if (dir == dirs_.end()) {
                continue;  // a watch already gone (IN_IGNORED came first): its parent names it
            }
            const std::string name = e->len > 0 ? std::string(e->name) : std::string();
            if ((e->mask & IN_IGNORED) != 0) {
                out.insert(dir->second);  // the directory itself is gone or was moved
                dirs_.erase(dir);
                continue;
            }
            out.insert(name.empty()          ? dir->second
                       : dir->second.empty() ? name
                                             : dir->second + "/" + name);
        }
    }
    touched_.insert(out.begin(), out.end());
    return out;
}

}  // namespace qa::exec

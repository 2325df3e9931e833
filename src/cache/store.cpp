#include "cache/store.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <optional>
#include <system_error>

#include "cache/entry.hpp"
#include "util/atomic_file.hpp"
#include "util/file.hpp"

namespace qa::cache {

namespace fs = std::filesystem;

namespace {

/// Which file a path named when it was read: a writer may rename a fresh entry over it meanwhile.
struct FileIdentity {
    dev_t device = 0;
    ino_t inode = 0;
};

struct ReadEntry {
    std::string text;
    FileIdentity identity;
};

/// Closes a descriptor on every path out.
struct Descriptor {
    int fd = -1;
    ~Descriptor() {
        if (fd >= 0) {
            ::close(fd);
        }
    }
};

std::optional<ReadEntry> read_entry_file(const fs::path& path) {
    Descriptor d{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)};
    struct stat st {};
    if (d.fd < 0 || ::fstat(d.fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        return std::nullopt;
    }
    ReadEntry out{{}, {st.st_dev, st.st_ino}};
    char buffer[16384];
    while (true) {
        const ssize_t n = ::read(d.fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            return std::nullopt;
        }
        if (n == 0) {
            return out;
        }
        out.text.append(buffer, static_cast<std::size_t>(n));
    }
}

/// Deletes `path` only while it is still the file that was judged expired or corrupt, so a get
/// never deletes the fresh entry a concurrent put has just renamed into place. (The window
/// between this check and the unlink is a few instructions; losing that race costs a miss.)
void remove_if_unchanged(const fs::path& path, FileIdentity judged) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0 && st.st_dev == judged.device &&
        st.st_ino == judged.inode) {
        ::unlink(path.c_str());
    }
}

/// Calls `visit` with each entry file of `directory` (`*.md`) that can be read, in directory order.
template <class Visit>
void each_entry_file(const fs::path& directory, Visit&& visit) {
    std::error_code ec;
    for (fs::directory_iterator it(directory, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        if (p.extension() != ".md") {
            continue;
        }
        if (const auto read = read_entry_file(p)) {
            visit(p, *read);
        }
    }
}

}  // namespace

std::chrono::sys_seconds now_seconds() {
    return std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
}

Store::Store(fs::path directory) : directory_(std::move(directory)) {}

fs::path Store::entry_path(const CacheKey& key) const {
    return directory_ / (key.name + "-" + short_hash(key) + ".md");
}

Lookup Store::get(const CacheKey& key) const {
    return get(key, now_seconds());
}

Lookup Store::get(const CacheKey& key, std::chrono::sys_seconds now) const {
    const fs::path path = entry_path(key);
    const auto read = read_entry_file(path);
    if (!read) {
        return {};  // absent, not a regular file, or unreadable
    }
    auto entry = parse_entry(read->text);
    // A malformed entry, or another key with the same short hash: either way not ours. The next
    // put for this key replaces it.
    if (!entry || entry->key.name != key.name || entry->key.hash != key.hash) {
        remove_if_unchanged(path, read->identity);
        return {LookupStatus::Corrupt, {}};
    }
    if (now >= entry->expires_at) {
        remove_if_unchanged(path, read->identity);
        return {LookupStatus::Expired, {}};
    }
    return {LookupStatus::Hit, std::move(entry->body)};
}

bool Store::put(const CacheKey& key, std::string_view value, std::chrono::minutes ttl) {
    return put(key, value, ttl, now_seconds());
}

bool Store::put(const CacheKey& key, std::string_view value, std::chrono::minutes ttl,
                std::chrono::sys_seconds now) {
    if (ttl.count() <= 0) {
        return true;
    }
    return adopt(Entry{key, now, now + ttl, ttl.count(), std::string(value)});
}

bool Store::adopt(const Entry& entry) {
    std::error_code ec;
    fs::create_directories(directory_, ec);
    if (ec) {
        return false;
    }
    try {
        util::write_file_atomic(entry_path(entry.key), render_entry(entry));
    } catch (const util::IoError&) {
        return false;
    }
    return true;
}

std::vector<Store::File> Store::files() const {
    std::vector<File> out;
    each_entry_file(directory_, [&](const fs::path& p, const ReadEntry& read) {
        out.push_back({p, read.text.size(), parse_entry(read.text)});
    });
    std::sort(out.begin(), out.end(), [](const File& a, const File& b) { return a.path < b.path; });
    return out;
}

bool Store::remove(const CacheKey& key) {
    std::error_code ec;
    return fs::remove(entry_path(key), ec);
}

std::size_t Store::prune(std::chrono::sys_seconds now) {
    std::size_t removed = 0;
    each_entry_file(directory_, [&](const fs::path& p, const ReadEntry& read) {
        const auto entry = parse_entry(read.text);
        if (entry && now >= entry->expires_at) {
            remove_if_unchanged(p, read.identity);
            ++removed;
        }
    });
    return removed;
}

std::size_t Store::clear() {
    std::size_t removed = 0;
    std::error_code ec;
    for (fs::directory_iterator it(directory_, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        if (p.extension() == ".md" && it->is_regular_file(ec)) {
            std::error_code rm;
            if (fs::remove(p, rm)) {
                ++removed;
            }
        }
    }
    return removed;
}

}  // namespace qa::cache

#include "cache/store.hpp"

#include <system_error>

#include "cache/entry.hpp"
#include "util/atomic_file.hpp"
#include "util/file.hpp"

namespace qa::cache {

namespace fs = std::filesystem;

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
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        return {};
    }
    std::string text;
    try {
        text = util::read_file(path);
    } catch (const util::IoError&) {
        // Vanished between the check and the read (another process expired it), or unreadable.
        return {};
    }
    auto entry = parse_entry(text);
    if (!entry || entry->key.name != key.name || entry->key.hash != key.hash) {
        // A malformed entry, or another key with the same short hash: either way not ours. The
        // next put for this key replaces it.
        fs::remove(path, ec);
        return {LookupStatus::Corrupt, {}};
    }
    if (now >= entry->expires_at) {
        fs::remove(path, ec);
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
    Entry entry{key, now, now + ttl, ttl.count(), std::string(value)};
    std::error_code ec;
    fs::create_directories(directory_, ec);
    if (ec) {
        return false;
    }
    try {
        util::write_file_atomic(entry_path(key), render_entry(entry));
    } catch (const util::IoError&) {
        return false;
    }
    return true;
}

bool Store::remove(const CacheKey& key) {
    std::error_code ec;
    return fs::remove(entry_path(key), ec);
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

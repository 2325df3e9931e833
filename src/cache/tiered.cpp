#include "cache/tiered.hpp"

#include <cstdio>

#include "cache/entry.hpp"
#include "cache/remote/record.hpp"

namespace qa::cache {

struct TieredCache::Remote {
    std::unique_ptr<remote::Backend> backend;
    bool readOnly = false;
    std::atomic<bool> down{false};      ///< failed once: not asked again
    std::atomic<bool> noWrites{false};  ///< full: read, but no more writes
};

TieredCache::TieredCache(Store local) : TieredCache(std::move(local), TieredOptions{}) {}

TieredCache::TieredCache(Store local, TieredOptions options)
    : TieredCache(std::move(local), std::move(options), {}) {
    for (const auto& spec : options_.remotes) {
        auto r = std::make_unique<Remote>();
        r->backend = remote::make_backend(spec, options_.remote);
        r->readOnly = spec.readOnly;
        remotes_.push_back(std::move(r));
    }
}

TieredCache::TieredCache(Store local, TieredOptions options,
                         std::vector<std::unique_ptr<remote::Backend>> backends)
    : local_(std::move(local)), options_(std::move(options)) {
    for (std::size_t i = 0; i < backends.size(); ++i) {
        auto r = std::make_unique<Remote>();
        r->backend = std::move(backends[i]);
        r->readOnly = i < options_.remotes.size() && options_.remotes[i].readOnly;
        remotes_.push_back(std::move(r));
    }
}

TieredCache::~TieredCache() = default;

bool TieredCache::usable(Remote& r) {
    return !r.down.load();
}

void TieredCache::fail(Remote& r, const std::string& what, const std::string& error) {
    ++remote_errors_;
    if (r.down.exchange(true)) {
        return;  // another worker already warned
    }
    const std::string line = "qa-skill: warning: team cache " + r.backend->name() + ": " + what +
                             " failed (" + error +
                             "); this run goes on with the local cache and the provider";
    std::lock_guard lock(warn_mutex_);
    if (options_.warn) {
        options_.warn(line);
    } else {
        std::fprintf(stderr, "%s\n", line.c_str());
    }
}

bool TieredCache::accepted(std::string_view value) const {
    return !options_.accept || options_.accept(value);
}

Lookup TieredCache::get(const CacheKey& key) {
    return get(key, now_seconds());
}

Lookup TieredCache::get(const CacheKey& key, std::chrono::sys_seconds now) {
    Lookup local = local_.get(key, now);
    if (local.hit()) {
        if (accepted(local.value)) {
            ++local_hits_;
            return local;
        }
        local_.remove(key);  // an entry the caller cannot use is no entry
        local = {LookupStatus::Corrupt, {}};
    }
    for (const auto& r : remotes_) {
        if (!usable(*r)) {
            continue;
        }
        const remote::Result got = r->backend->get(key);
        if (got.status == remote::Status::absent) {
            continue;
        }
        if (!got.ok()) {
            fail(*r, "reading", got.error);
            continue;
        }
        remote::Opened opened = remote::open(got.bytes, key, options_.hmacKey, now);
        if (!opened.entry || !accepted(opened.entry->body)) {
            ++rejected_;
            continue;
        }
        (void)local_.adopt(*opened.entry);  // a failed local copy costs a later remote read
        ++remote_hits_;
        return {LookupStatus::Hit, std::move(opened.entry->body)};
    }
    ++misses_;
    return local;
}

bool TieredCache::put(const CacheKey& key, std::string_view value, std::chrono::minutes ttl) {
    return put(key, value, ttl, now_seconds());
}

bool TieredCache::put(const CacheKey& key, std::string_view value, std::chrono::minutes ttl,
                      std::chrono::sys_seconds now) {
    if (ttl.count() <= 0) {
        return true;  // the seed's lifetime 0: nothing is cached, anywhere
    }
    const Entry entry{key, now, now + ttl, ttl.count(), std::string(value)};
    const bool stored = local_.adopt(entry);
    std::optional<std::string> record;
    for (const auto& r : remotes_) {
        if (r->readOnly || r->noWrites.load() || !usable(*r)) {
            continue;
        }
        if (!record) {
            record = remote::seal(render_entry(entry), options_.hmacKey);
        }
        const remote::Result done = r->backend->put(key, *record, ttl);
        if (done.ok()) {
            ++remote_writes_;
        } else if (done.status == remote::Status::full) {
            if (!r->noWrites.exchange(true)) {
                ++remote_errors_;
                std::lock_guard lock(warn_mutex_);
                const std::string line = "qa-skill: warning: team cache " + r->backend->name() +
                                         ": writing failed (" + done.error +
                                         "); no more writes to it this run";
                if (options_.warn) {
                    options_.warn(line);
                } else {
                    std::fprintf(stderr, "%s\n", line.c_str());
                }
            }
        } else {
            fail(*r, "writing", done.error);
        }
    }
    return stored;
}

Counters TieredCache::counters() const {
    Counters c;
    c.localHits = local_hits_.load();
    c.remoteHits = remote_hits_.load();
    c.misses = misses_.load();
    c.rejected = rejected_.load();
    c.remoteErrors = remote_errors_.load();
    c.remoteWrites = remote_writes_.load();
    return c;
}

}  // namespace qa::cache

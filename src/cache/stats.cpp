#include "cache/stats.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <sstream>
#include <string>
#include <system_error>
#include <utility>

#include "util/atomic_file.hpp"
#include "util/file.hpp"

namespace qa::cache {
namespace {

constexpr const char* kFile = "stats";

std::pair<const char*, std::int64_t Counters::*> const kFields[] = {
    {"local_hits", &Counters::localHits},
    {"remote_hits", &Counters::remoteHits},
    {"misses", &Counters::misses},
    {"rejected", &Counters::rejected},
    {"remote_errors", &Counters::remoteErrors},
    {"remote_writes", &Counters::remoteWrites},
};

Counters parse(const std::string& text) {
    Counters c;
    std::istringstream in(text);
    std::string name;
    std::int64_t value = 0;
    while (in >> name >> value) {
        for (const auto& [field, member] : kFields) {
            if (name == field && value >= 0) {
                c.*member = value;
            }
        }
    }
    return c;
}

/// Holds an flock on a file until destroyed.
struct Lock {
    int fd = -1;
    explicit Lock(const std::filesystem::path& path)
        : fd(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
        if (fd >= 0 && ::flock(fd, LOCK_EX) != 0) {
            ::close(fd);
            fd = -1;
        }
    }
    ~Lock() {
        if (fd >= 0) {
            ::close(fd);  // releases the lock
        }
    }
    Lock(const Lock&) = delete;
    Lock& operator=(const Lock&) = delete;
};

}  // namespace

Counters read_counters(const std::filesystem::path& directory) {
    try {
        return parse(util::read_file(directory / kFile));
    } catch (const std::exception&) {
        return {};
    }
}

void add_counters(const std::filesystem::path& directory, const Counters& c) {
    std::error_code ec;
    std::filesystem::create_directories(directory, ec);
    if (ec) {
        return;
    }
    const Lock lock(directory / "stats.lock");
    if (lock.fd < 0) {
        return;
    }
    Counters total = read_counters(directory);
    std::string text;
    for (const auto& [field, member] : kFields) {
        total.*member += c.*member;
        text += std::string(field) + " " + std::to_string(total.*member) + "\n";
    }
    try {
        util::write_file_atomic(directory / kFile, text);
    } catch (const std::exception&) {
        // counts are a convenience: losing them never fails a run
    }
}

}  // namespace qa::cache

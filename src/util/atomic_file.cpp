#include "util/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "util/file.hpp"

namespace qa::util {
namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const char* what) {
    throw IoError(path.string() + ": " + what + ": " + std::strerror(errno));
}

}  // namespace

AtomicFile::AtomicFile(std::filesystem::path target, Sync sync, unsigned mode)
    : target_(std::move(target)), sync_(sync), mode_(mode) {
    std::string pattern = target_.string() + ".tmp.XXXXXX";
    fd_ = ::mkstemp(pattern.data());
    if (fd_ < 0) {
        fail(target_, "cannot create a temporary file beside it");
    }
    temp_ = pattern;
}

AtomicFile::~AtomicFile() {
    if (fd_ >= 0) {
        ::close(fd_);
    }
    if (!temp_.empty()) {
        std::error_code ignored;
        std::filesystem::remove(temp_, ignored);
    }
}

void AtomicFile::write(std::string_view data) {
    while (!data.empty()) {
        const ssize_t n = ::write(fd_, data.data(), data.size());
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            fail(target_, "write failed");
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
}

void AtomicFile::commit() {
    // Artifacts are read by other tools: give them ordinary permissions, not mkstemp's 0600.
    if (::fchmod(fd_, static_cast<mode_t>(mode_)) != 0 ||
        (sync_ == Sync::yes && ::fsync(fd_) != 0)) {
        fail(target_, "cannot finish writing");
    }
    if (::close(fd_) != 0) {
        fd_ = -1;
        fail(target_, "close failed");
    }
    fd_ = -1;
    if (::rename(temp_.c_str(), target_.c_str()) != 0) {
        fail(target_, "cannot rename into place");
    }
    temp_.clear();
}

void write_file_atomic(const std::filesystem::path& path, std::string_view data, Sync sync) {
    AtomicFile file(path, sync);
    file.write(data);
    file.commit();
}

}  // namespace qa::util

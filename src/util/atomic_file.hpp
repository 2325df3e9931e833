#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace qa::util {

/// Writes a file by way of a temporary sibling that is renamed over the target in commit().
/// The destructor does not commit: a crash or an exception never leaves a half-written file.
class AtomicFile {
  public:
    explicit AtomicFile(std::filesystem::path target);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    void write(std::string_view data);
    /// fsyncs and renames into place. Throws IoError.
    void commit();

  private:
    std::filesystem::path target_;
    std::filesystem::path temp_;
    int fd_ = -1;
};

/// Convenience: the whole of `data` into `path` atomically. Throws IoError.
void write_file_atomic(const std::filesystem::path& path, std::string_view data);

}  // namespace qa::util

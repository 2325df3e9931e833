#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace qa::util {

/// Whether commit() waits until the data is on disk. `no` is for files inside a folder that is
/// itself published by a rename once complete (a run's artifacts): the folder's rename is the
/// atomic step, and a hook should not wait for the disk once per file.
enum class Sync { yes, no };

/// Writes a file by way of a temporary sibling that is renamed over the target in commit().
/// The destructor does not commit: a crash or an exception never leaves a half-written file.
class AtomicFile {
  public:
    /// `mode`: the permissions the file gets (a file rewritten in place keeps its own).
    explicit AtomicFile(std::filesystem::path target, Sync sync = Sync::yes, unsigned mode = 0644);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    void write(std::string_view data);
    /// fsyncs (unless Sync::no) and renames into place. Throws IoError.
    void commit();

  private:
    std::filesystem::path target_;
    Sync sync_;
    unsigned mode_;
    std::filesystem::path temp_;
    int fd_ = -1;
};

/// Convenience: the whole of `data` into `path` atomically. Throws IoError.
void write_file_atomic(const std::filesystem::path& path, std::string_view data,
                       Sync sync = Sync::yes);

}  // namespace qa::util

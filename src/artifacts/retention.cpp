#include "artifacts/retention.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <tuple>
#include <vector>

namespace qa::artifacts {
namespace {

namespace fs = std::filesystem;

bool is_execution_key(const std::string& name) {
    return name.size() == 64 && std::all_of(name.begin(), name.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

/// A `.writing-*` or `.pruning-*` folder this old belongs to no live run: its process was
/// killed (SIGKILL, a power cut) before it could remove it. Writing a run takes milliseconds.
constexpr auto kAbandonedAfter = std::chrono::minutes(10);

bool is_in_progress(const std::string& name) {
    return name.starts_with(kStagingPrefix) || name.starts_with(kPruningPrefix);
}

struct RunFolder {
    fs::file_time_type modified;
    std::string name;
};

}  // namespace

void prune_runs(const fs::path& artifact_root, std::size_t keep, const fs::path& just_written) {
    const fs::path runs = artifact_root / "runs";
    std::error_code ec;
    std::vector<RunFolder> folders;
    for (fs::directory_iterator it(runs, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        std::error_code status_ec;
        if (is_in_progress(name)) {
            const auto modified = fs::last_write_time(it->path(), status_ec);
            if (!status_ec && fs::file_time_type::clock::now() - modified > kAbandonedAfter) {
                fs::remove_all(it->path(), status_ec);
            }
            continue;
        }
        if (!is_execution_key(name) || !it->is_directory(status_ec) || it->path() == just_written) {
            continue;
        }
        const auto modified = fs::last_write_time(it->path(), status_ec);
        if (!status_ec) {
            folders.push_back({modified, name});
        }
    }
    if (ec) {
        return;
    }
    // Newest first; equal times by name, so every process prunes the same folders.
    std::sort(folders.begin(), folders.end(), [](const RunFolder& a, const RunFolder& b) {
        return std::tie(b.modified, a.name) < std::tie(a.modified, b.name);
    });
    const std::size_t others = keep > 0 ? keep - 1 : 0;  // the run just written is one of them
    for (std::size_t i = others; i < folders.size(); ++i) {
        const fs::path aside = runs / (std::string(kPruningPrefix) + folders[i].name + "-" +
                                       std::to_string(::getpid()));
        std::error_code rename_ec;
        fs::rename(runs / folders[i].name, aside, rename_ec);
        if (!rename_ec) {  // else another process pruned or replaced it first
            fs::remove_all(aside, rename_ec);
        }
    }
}

}  // namespace qa::artifacts

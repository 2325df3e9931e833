#include "exec/change_watch.hpp"

#include <algorithm>
#include <optional>

#include "exec/checkout.hpp"
#include "util/file.hpp"

namespace qa::exec {
namespace {

namespace fs = std::filesystem;

/// What a file holds as far as a check is concerned: its bytes, or a link's target; nullopt
/// when it is gone (or neither).
std::optional<std::string> content_of(const fs::path& path) {
    std::error_code ec;
    const auto status = fs::symlink_status(path, ec);
    if (ec) {
        return std::nullopt;
    }
    if (fs::is_symlink(status)) {
        return "link:" + fs::read_symlink(path, ec).string();
    }
    if (!fs::is_regular_file(status)) {
        return std::nullopt;
    }
    try {
        return "file:" + util::read_file(path);
    } catch (const util::IoError&) {
        return std::nullopt;
    }
}

}  // namespace

ChangeWatch::ChangeWatch(const fs::path& dir, const std::set<std::string, std::less<>>& files,
                         const fs::path& marker)
    : dir_(dir) {
    before_.reserve(files.size());
    for (const auto& f : files) {
        before_.emplace(f, lstat_stamp(dir_ / f));
    }
    now_ = filesystem_now(marker);
}

std::vector<std::string> ChangeWatch::changed_and_restored(const git::Repository& repo,
                                                           const std::string& rev) const {
    std::vector<std::string> looked_at;
    std::vector<std::optional<std::string>> contents;
    for (const auto& [path, stamp] : before_) {
        const auto now = lstat_stamp(dir_ / path);
        if (!stamp || !now || !(*now == *stamp) || stamp->racy(now_)) {
            looked_at.push_back(path);
        }
    }
    if (looked_at.empty()) {
        return {};
    }
    std::sort(looked_at.begin(), looked_at.end());
    contents.reserve(looked_at.size());
    for (const auto& p : looked_at) {
        contents.push_back(content_of(dir_ / p));
    }
    // Check mode: what a formatter changed is its finding, not the next check's input.
    restore_files(repo, rev, dir_, looked_at);
    std::vector<std::string> changed;
    for (std::size_t i = 0; i < looked_at.size(); ++i) {
        if (content_of(dir_ / looked_at[i]) != contents[i]) {
            changed.push_back(looked_at[i]);
        }
    }
    return changed;
}

}  // namespace qa::exec

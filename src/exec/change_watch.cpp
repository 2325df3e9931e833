#include "exec/change_watch.hpp"

#include <algorithm>

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

TreeStamps TreeStamps::take(const fs::path& dir, const std::set<std::string, std::less<>>& files,
                            const fs::path& marker) {
    TreeStamps t;
    t.stamps = stamp_files(dir, files);
    t.taken = filesystem_now(marker);
    return t;
}

std::vector<std::string> changed_among(const std::function<const git::Repository&()>& repo,
                                       const std::string& rev, const fs::path& dir,
                                       const std::vector<std::string>& looked_at) {
    if (looked_at.empty()) {
        return {};
    }
    std::vector<std::optional<std::string>> contents;
    contents.reserve(looked_at.size());
    for (const auto& p : looked_at) {
        contents.push_back(content_of(dir / p));
    }
    // Check mode: what a formatter changed is its finding, not the next check's input.
    restore_files(repo(), rev, dir, looked_at);
    std::vector<std::string> changed;
    for (std::size_t k = 0; k < looked_at.size(); ++k) {
        if (content_of(dir / looked_at[k]) != contents[k]) {
            changed.push_back(looked_at[k]);
        }
    }
    return changed;
}

std::vector<std::string> changed_files(const std::function<const git::Repository&()>& repo,
                                       const std::string& rev, const fs::path& dir,
                                       const std::set<std::string, std::less<>>& files,
                                       const TreeStamps& before, TreeStamps& after) {
    std::vector<std::string> looked_at;  // sorted: the set is
    std::vector<std::size_t> at;
    std::size_t i = 0;
    for (const auto& path : files) {
        const auto& was = before.stamps[i];
        const auto& now = after.stamps[i];
        if (!was || !now || !(*now == *was) || was->racy(before.taken)) {
            looked_at.push_back(path);
            at.push_back(i);
        }
        ++i;
    }
    auto changed = changed_among(repo, rev, dir, looked_at);
    for (std::size_t k = 0; k < looked_at.size(); ++k) {
        after.stamps[at[k]] = lstat_stamp(dir / looked_at[k]);
    }
    return changed;
}

std::vector<std::string> files_touched(const std::set<std::string, std::less<>>& files,
                                       const std::set<std::string>& touched) {
    std::vector<std::string> out;
    for (const auto& t : touched) {
        if (t.empty()) {
            continue;  // the root's own attributes: no file's content
        }
        if (files.count(t) > 0) {
            out.push_back(t);
        }
        const std::string below = t + "/";
        for (auto it = files.lower_bound(below); it != files.end() && it->starts_with(below);
             ++it) {
            out.push_back(*it);
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace qa::exec

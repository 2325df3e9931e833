#include "plan/exclude.hpp"

#include <algorithm>

#include "plan/planner.hpp"
#include "util/glob.hpp"

namespace qa::plan {

ExcludeFilter::ExcludeFilter(std::span<const std::string> patterns) {
    for (std::string_view text : patterns) {
        Pattern p;
        if (text.starts_with('!')) {
            p.negated = true;
            text.remove_prefix(1);
        }
        if (text.ends_with('/')) {
            p.directoryOnly = true;
            text.remove_suffix(1);
        }
        if (text.starts_with('/')) {
            text.remove_prefix(1);
            p.rootOnly = text.find('/') == std::string_view::npos;
        }
        if (!text.empty()) {
            p.glob = std::string(text);
            patterns_.push_back(std::move(p));
        }
    }
}

bool ExcludeFilter::matches(const Pattern& p, std::string_view path) const {
    // The path itself (unless the pattern is for directories), then each directory above it.
    std::size_t end = path.size();
    while (end != 0 && end != std::string_view::npos) {
        const std::string_view prefix = path.substr(0, end);
        const bool is_file = end == path.size();
        const bool skip = (is_file && p.directoryOnly) ||
                          (p.rootOnly && prefix.find('/') != std::string_view::npos);
        if (!skip && util::glob_match(p.glob, prefix)) {
            return true;
        }
        end = path.rfind('/', end - 1);
    }
    return false;
}

bool ExcludeFilter::excluded(std::string_view path) const {
    bool out = false;
    for (const auto& p : patterns_) {
        if (p.negated == out && matches(p, path)) {
            out = !p.negated;
        }
    }
    return out;
}

std::size_t remove_excluded(const ExcludeFilter& filter, std::vector<PlanFile>& files) {
    if (filter.empty()) {
        return 0;
    }
    const auto before = files.size();
    std::erase_if(files, [&](const PlanFile& f) { return filter.excluded(f.path); });
    return before - files.size();
}

}  // namespace qa::plan

#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace qa::plan {

/// The `exclude` patterns of a configuration (top level, or one lens's), gitignore style:
/// - `*`, `?`, `[...]` stay within a path segment, `**` spans segments (util::glob_match);
/// - a pattern without '/' matches a file or directory name at any depth (`*.min.js`, `vendor`);
///   with a '/' inside, it is anchored at the repository root (`docs/gen/**`); a leading '/'
///   anchors a bare name (`/build`);
/// - a trailing '/' matches directories only (`vendor/`): everything under them;
/// - a matched directory excludes everything below it;
/// - `!pattern` takes a path back in; the last pattern that matches a path decides.
class ExcludeFilter {
  public:
    ExcludeFilter() = default;
    explicit ExcludeFilter(std::span<const std::string> patterns);

    /// Whether `path` (repository-relative, '/'-separated) is excluded.
    bool excluded(std::string_view path) const;
    bool empty() const { return patterns_.empty(); }

  private:
    struct Pattern {
        std::string glob;
        bool negated = false;
        bool directoryOnly = false;  ///< written with a trailing '/'
        bool rootOnly = false;       ///< a bare name anchored by a leading '/'
    };
    bool matches(const Pattern& p, std::string_view path) const;

    std::vector<Pattern> patterns_;
};

struct PlanFile;

/// Removes the files `filter` excludes from `files`; returns how many it removed.
std::size_t remove_excluded(const ExcludeFilter& filter, std::vector<PlanFile>& files);

}  // namespace qa::plan

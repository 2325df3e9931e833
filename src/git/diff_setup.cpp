#include "git/diff_setup.hpp"

#include <cstdint>

#include "git/error.hpp"

namespace qa::git {

namespace {

/// libgit2's default rename limit, set explicitly so that diff.renameLimit in the user's config
/// cannot change which renames are found.
constexpr std::uint16_t kRenameLimit = 1000;

}  // namespace

/// Every option spelled out, so results do not depend on the user's diff configuration. libgit2
/// runs no external diff drivers or textconv filters and ignores diff.noprefix, diff.algorithm
/// and diff.context; .gitattributes (`binary`, `-diff`) still decide binary-ness, as in git.
git_diff_options diff_options() {
    git_diff_options opts;
    git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
    // INCLUDE_TYPECHANGE: a file that became a symlink (or submodule) is one entry, not a
    // deletion plus an addition of the same path. INDENT_HEURISTIC: git's default since 2.14,
    // so hunk positions match `git diff`.
    opts.flags = GIT_DIFF_NORMAL | GIT_DIFF_INCLUDE_TYPECHANGE | GIT_DIFF_INDENT_HEURISTIC;
    // Submodule pointer changes are reported; a submodule's own working tree is never opened.
    opts.ignore_submodules = GIT_SUBMODULE_IGNORE_DIRTY;
    opts.context_lines = 0;  // only added and removed lines are needed
    opts.interhunk_lines = 0;
    opts.max_size = kMaxTextBytes;
    return opts;
}

/// Renames and copies with libgit2's default thresholds (50%), given explicitly so that
/// diff.renames in the user's config has no say. Copies are found from files modified in the
/// same diff (as `git diff -M -C`), not from unmodified ones.
void find_renames(git_diff* diff) {
    git_diff_find_options opts;
    git_diff_find_options_init(&opts, GIT_DIFF_FIND_OPTIONS_VERSION);
    opts.flags = GIT_DIFF_FIND_RENAMES | GIT_DIFF_FIND_COPIES;
    opts.rename_limit = kRenameLimit;
    check(git_diff_find_similar(diff, &opts), "detect renames");
}

git_diff_options forced_text_diff_options() {
    git_diff_options opts = diff_options();
    opts.flags |= GIT_DIFF_FORCE_TEXT;
    return opts;
}

}  // namespace qa::git

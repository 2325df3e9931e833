#pragma once

#include <git2.h>

namespace qa::git {

/// git's core.bigFileThreshold default: larger blobs count as binary, as in git.
inline constexpr git_off_t kMaxTextBytes = 512 * 1024 * 1024;

/// Every diff option spelled out, so results do not depend on the user's diff configuration.
git_diff_options diff_options();

/// The options of diff_options() that also treat both sides as text whatever the attributes say
/// (used once the content itself was judged text).
git_diff_options forced_text_diff_options();

/// Renames and copies with fixed thresholds, whatever diff.renames says.
void find_renames(git_diff* diff);

}  // namespace qa::git

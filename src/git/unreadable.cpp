#include "git/unreadable.hpp"

#include "git/handle.hpp"

namespace qa::git {

std::optional<std::string> unreadable_blob(git_repository* repo, git_diff* diff) {
    const std::size_t n = git_diff_num_deltas(diff);
    for (std::size_t i = 0; i < n; ++i) {
        const git_diff_delta* delta = git_diff_get_delta(diff, i);
        for (const git_diff_file* side : {&delta->old_file, &delta->new_file}) {
            if (git_oid_is_zero(&side->id) || side->mode == GIT_FILEMODE_COMMIT) {
                continue;
            }
            BlobHandle blob;
            if (git_blob_lookup(blob.out(), repo, &side->id) < 0) {
                const git_error* last = git_error_last();
                char hex[GIT_OID_HEXSZ + 1] = {};
                git_oid_tostr(hex, sizeof hex, &side->id);
                return "object " + std::string(hex) + " (" + side->path + "): " +
                       (last != nullptr && last->message != nullptr ? last->message
                                                                    : "cannot be read");
            }
        }
    }
    return std::nullopt;
}

}  // namespace qa::git

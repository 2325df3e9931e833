#include "git/layout.hpp"

#include <git2.h>

#include "git/error.hpp"
#include "util/error.hpp"

namespace qa::git {

void throw_if_unsupported_layout(std::string_view message) {
    if (message.find("objectformat") != std::string_view::npos) {
        throw util::InputError(
            "this repository uses SHA-256 object names (extensions.objectFormat), which qa-skill "
            "cannot read yet (libgit2 1.5 reads SHA-1 repositories only)");
    }
    if (message.find("extension: 'link'") != std::string_view::npos) {
        throw util::InputError(
            "this repository uses a split index (core.splitIndex, `git update-index "
            "--split-index`), which qa-skill cannot read: run `git update-index "
            "--no-split-index` (and `git config core.splitIndex false`)");
    }
    if (message.find("extension: 'sdir'") != std::string_view::npos) {
        throw util::InputError(
            "this repository uses a sparse index (index.sparse=true, as Scalar sets it), which "
            "qa-skill cannot read: run `git sparse-checkout init --no-sparse-index` or `git "
            "config index.sparse false` and `git sparse-checkout reapply`");
    }
    if (message.find("unsupported extension name") != std::string_view::npos ||
        message.find("unsupported mandatory extension") != std::string_view::npos) {
        throw util::InputError(std::string("this repository uses a git feature qa-skill cannot "
                                           "read: ") +
                               std::string(message));
    }
}

void require_readable_index(git_repository* repo) {
    if (git_repository_is_bare(repo) == 1) {
        return;
    }
    git_index* index = nullptr;
    const int rc = git_repository_index(&index, repo);
    if (rc == 0) {
        git_index_free(index);
        return;
    }
    const GitError error = make_error(rc, "read the index");
    throw_if_unsupported_layout(error.what());
    throw error;
}

}  // namespace qa::git

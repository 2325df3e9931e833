#include "git/error.hpp"

#include <git2.h>

namespace qa::git {

GitError make_error(int rc, std::string_view what) {
    const git_error* last = git_error_last();
    std::string message(what);
    int klass = GIT_ERROR_NONE;
    if (last != nullptr && last->message != nullptr) {
        message += ": ";
        message += last->message;
        klass = last->klass;
    } else {
        message += ": libgit2 error " + std::to_string(rc);
    }
    return GitError(rc, klass, message);
}

int check(int rc, std::string_view what) {
    if (rc < 0) {
        throw make_error(rc, what);
    }
    return rc;
}

}  // namespace qa::git

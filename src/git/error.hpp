#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace qa::git {

/// A libgit2 call that failed. The message names the operation and carries libgit2's own text
/// (git_error_last()), so a user can act on it; `code()` is the libgit2 return code (GIT_ENOTFOUND,
/// ...) and `error_class()` its git_error_t, for callers that branch on the kind of failure.
class GitError : public std::runtime_error {
  public:
    GitError(int code, int error_class, const std::string& message)
        : std::runtime_error(message), code_(code), error_class_(error_class) {}

    int code() const { return code_; }
    int error_class() const { return error_class_; }

  private:
    int code_;
    int error_class_;
};

/// Throws GitError when `rc` is negative (libgit2's failure convention); `what` names the
/// operation, e.g. "open repository '/x'". Returns `rc` otherwise.
int check(int rc, std::string_view what);

/// The GitError that check() would throw for `rc`, without throwing it.
GitError make_error(int rc, std::string_view what);

}  // namespace qa::git

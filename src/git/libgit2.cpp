#include "git/libgit2.hpp"

#include <git2.h>

#include "git/error.hpp"

namespace qa::git {

LibGit2::LibGit2() {
    check(git_libgit2_init(), "initialise libgit2");
}

LibGit2::~LibGit2() {
    git_libgit2_shutdown();
}

}  // namespace qa::git

#include "git/libgit2.hpp"

#include <git2.h>

#include "git/ca_bundle.hpp"
#include "git/error.hpp"

namespace qa::git {

LibGit2::LibGit2() {
    const SkipCaBundle no_certificates;  // no network through libgit2: see ca_bundle.hpp
    check(git_libgit2_init(), "initialise libgit2");
}

LibGit2::~LibGit2() {
    git_libgit2_shutdown();
}

}  // namespace qa::git

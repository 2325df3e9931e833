#include "git/libgit2.hpp"

#include <git2.h>

#include "git/ca_bundle.hpp"
#include "git/error.hpp"

namespace qa::git {

LibGit2::LibGit2() {
    const SkipCaBundle no_certificates;  // no network through libgit2: see ca_bundle.hpp
    check(git_libgit2_init(), "initialise libgit2");
    // libgit2 re-hashes every object it reads to check it against its id; git does not (fsck
    // does). Diffing a 20,000-file index against HEAD spent a tenth of the hook's instructions
    // in it. A store that someone can write to can be made to say anything anyway.
    check(git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0),
          "turn off re-hashing objects on read");
}

LibGit2::~LibGit2() {
    git_libgit2_shutdown();
}

}  // namespace qa::git

#pragma once

namespace qa::git {

/// The lifetime of libgit2's global state (git_libgit2_init / git_libgit2_shutdown). The caller
/// (main, a test) creates one and keeps it alive while any Repository exists; libgit2 counts
/// nested inits, so several scopes may overlap. Functions that need libgit2 take a
/// `const LibGit2&` so the requirement is visible in their signature.
class LibGit2 {
  public:
    LibGit2();
    ~LibGit2();
    LibGit2(const LibGit2&) = delete;
    LibGit2& operator=(const LibGit2&) = delete;
};

}  // namespace qa::git

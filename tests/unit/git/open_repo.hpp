#pragma once

#include <filesystem>

#include "git/repository.hpp"
#include "support/git_fixture.hpp"

namespace qa::test {

/// The repository at `dir`, opened so that discovery stops at the sandbox: a test never finds
/// a repository around its temp folder.
inline git::Repository open_repo(const git::LibGit2& lib, const GitSandbox& sandbox,
                                 const std::filesystem::path& dir) {
    git::GitEnv env;
    env.ceiling_directories = sandbox.root().string();
    return git::Repository::open(lib, dir, env);
}

}  // namespace qa::test

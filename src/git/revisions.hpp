#pragma once

#include <optional>
#include <string>
#include <vector>

#include "git/handle.hpp"

namespace qa::git {

/// 40 hex digits to an object id; throws GitError otherwise.
git_oid parse_oid(const std::string& hex);

/// The commit `spec` names, peeled through tags. Throws GitError when it does not name one.
git_oid resolve_commit(git_repository* repo, const std::string& spec);

/// Whether `spec` names a commit here (peeled through tags); never throws for an unknown name.
bool names_commit(git_repository* repo, const std::string& spec);

TreeHandle commit_tree(git_repository* repo, const git_oid& commit_id);

/// merge-base(a, b), or nullopt when they share no history.
std::optional<git_oid> merge_base(git_repository* repo, const git_oid& a, const git_oid& b);

/// The tips (peeled to commits) of every remote-tracking ref (refs/remotes/*, of every remote),
/// sorted and without duplicates: what the remotes are known to have, as `--remotes` means it.
std::vector<git_oid> remote_tips(git_repository* repo);

/// The best common ancestor of `local` with everything any remote is known to have
/// (`git merge-base local tip1 tip2 ...`); nullopt when there are no remote-tracking refs or no
/// common history.
std::optional<git_oid> base_against_remotes(git_repository* repo, const git_oid& local);

/// The commit `sha` names here, peeled through tags; nullopt when the object is not a commit,
/// or (unless `must_exist`) is missing.
std::optional<git_oid> lookup_commit(git_repository* repo, const std::string& sha,
                                     bool must_exist);

}  // namespace qa::git

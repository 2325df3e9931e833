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

/// The refs whose commits a push's destination is known to have: for pre-push every
/// remote-tracking ref of every remote (`--remotes`); for pre-receive, on the server, every ref.
inline constexpr const char* kRemoteTrackingRefs = "refs/remotes/*";
inline constexpr const char* kAllRefs = "refs/*";

/// The tips (peeled to commits) of the refs matching `known_refs`, sorted and without
/// duplicates.
std::vector<git_oid> known_tips(git_repository* repo, const char* known_refs);

/// The best common ancestor of `local` with everything the known refs reach
/// (`git merge-base local tip1 tip2 ...`); nullopt when there are no such refs or no common
/// history.
std::optional<git_oid> base_against_known(git_repository* repo, const git_oid& local,
                                          const char* known_refs);

/// The commit `sha` names here, peeled through tags; nullopt when the object is not a commit,
/// or (unless `must_exist`) is missing.
std::optional<git_oid> lookup_commit(git_repository* repo, const std::string& sha, bool must_exist);

/// Whether the object database holds `sha` (40 hex digits), of any type.
bool object_exists(git_repository* repo, const std::string& sha);

}  // namespace qa::git

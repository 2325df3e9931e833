#include "git/revisions.hpp"

#include <algorithm>

#include "git/error.hpp"

namespace qa::git {

git_oid parse_oid(const std::string& hex) {
    git_oid oid;
    check(git_oid_fromstrn(&oid, hex.data(), hex.size()), "parse object id '" + hex + "'");
    return oid;
}

git_oid resolve_commit(git_repository* repo, const std::string& spec) {
    ObjectHandle object;
    check(git_revparse_single(object.out(), repo, spec.c_str()), "resolve '" + spec + "'");
    ObjectHandle commit;
    check(git_object_peel(commit.out(), object.get(), GIT_OBJECT_COMMIT),
          "'" + spec + "' is not a commit");
    return *git_object_id(commit.get());
}

TreeHandle commit_tree(git_repository* repo, const git_oid& commit_id) {
    CommitHandle commit;
    check(git_commit_lookup(commit.out(), repo, &commit_id), "look up commit " + to_hex(commit_id));
    TreeHandle tree;
    check(git_commit_tree(tree.out(), commit.get()), "read tree of " + to_hex(commit_id));
    return tree;
}

std::optional<git_oid> merge_base(git_repository* repo, const git_oid& a, const git_oid& b) {
    git_oid base;
    const int rc = git_merge_base(&base, repo, &a, &b);
    if (rc == GIT_ENOTFOUND) {
        return std::nullopt;
    }
    check(rc, "find merge base of " + to_hex(a) + " and " + to_hex(b));
    return base;
}

std::vector<git_oid> known_tips(git_repository* repo, const char* known_refs) {
    std::vector<git_oid> tips;
    const std::string glob = known_refs;
    ReferenceIteratorHandle it;
    check(git_reference_iterator_glob_new(it.out(), repo, glob.c_str()), "list " + glob);
    for (;;) {
        ReferenceHandle ref;
        const int rc = git_reference_next(ref.out(), it.get());
        if (rc == GIT_ITEROVER) {
            break;
        }
        check(rc, "list " + glob);
        ObjectHandle commit;  // a dangling origin/HEAD or a non-commit is simply not a tip
        if (git_reference_peel(commit.out(), ref.get(), GIT_OBJECT_COMMIT) == 0) {
            tips.push_back(*git_object_id(commit.get()));
        }
    }
    std::sort(tips.begin(), tips.end(),
              [](const git_oid& a, const git_oid& b) { return git_oid_cmp(&a, &b) < 0; });
    tips.erase(
        std::unique(tips.begin(), tips.end(),
                    [](const git_oid& a, const git_oid& b) { return git_oid_equal(&a, &b); }),
        tips.end());
    return tips;
}

std::optional<git_oid> base_against_known(git_repository* repo, const git_oid& local,
                                          const char* known_refs) {
    std::vector<git_oid> commits = known_tips(repo, known_refs);
    if (commits.empty()) {
        return std::nullopt;
    }
    commits.insert(commits.begin(), local);
    git_oid base;
    const int rc = git_merge_base_many(&base, repo, commits.size(), commits.data());
    if (rc == GIT_ENOTFOUND) {
        return std::nullopt;
    }
    check(rc, "find merge base with " + std::string(known_refs));
    return base;
}

std::optional<git_oid> lookup_commit(git_repository* repo, const std::string& sha,
                                     bool must_exist) {
    const git_oid oid = parse_oid(sha);
    ObjectHandle object;
    int rc = git_object_lookup(object.out(), repo, &oid, GIT_OBJECT_ANY);
    if (rc == GIT_ENOTFOUND && !must_exist) {
        return std::nullopt;
    }
    check(rc, "look up " + sha);
    ObjectHandle commit;
    rc = git_object_peel(commit.out(), object.get(), GIT_OBJECT_COMMIT);
    if (rc == GIT_ENOTFOUND || rc == GIT_EINVALIDSPEC || rc == GIT_EPEEL || rc == GIT_EINVALID) {
        return std::nullopt;
    }
    check(rc, "peel " + sha + " to a commit");
    return *git_object_id(commit.get());
}

bool object_exists(git_repository* repo, const std::string& sha) {
    const git_oid oid = parse_oid(sha);
    OdbHandle odb;
    check(git_repository_odb(odb.out(), repo), "open the object database");
    return git_odb_exists(odb.get(), &oid) != 0;
}

bool names_commit(git_repository* repo, const std::string& spec) {
    ObjectHandle object;
    if (git_revparse_single(object.out(), repo, spec.c_str()) != 0) {
        git_error_clear();
        return false;
    }
    ObjectHandle commit;
    if (git_object_peel(commit.out(), object.get(), GIT_OBJECT_COMMIT) != 0) {
        git_error_clear();
        return false;
    }
    return true;
}

}  // namespace qa::git

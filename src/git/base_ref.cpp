#include "git/base_ref.hpp"

#include "git/error.hpp"
#include "git/handle.hpp"

namespace qa::git {

namespace {

/// The libgit2 codes that mean "this name does not give a commit here" rather than a broken repo.
bool is_not_found(int rc) {
    return rc == GIT_ENOTFOUND || rc == GIT_EAMBIGUOUS || rc == GIT_EINVALIDSPEC ||
           rc == GIT_EPEEL || rc == GIT_EINVALID || rc == GIT_EUNBORNBRANCH;
}

struct Resolved {
    std::string sha;
    std::optional<std::string> full_ref;
};

std::optional<Resolved> peel_to_commit(git_object* object, std::string_view what) {
    ObjectHandle commit;
    const int rc = git_object_peel(commit.out(), object, GIT_OBJECT_COMMIT);
    if (is_not_found(rc)) {
        return std::nullopt;
    }
    check(rc, "peel " + std::string(what) + " to a commit");
    return Resolved{to_hex(*git_object_id(commit.get())), std::nullopt};
}

std::optional<Resolved> resolve_revision(git_repository* repo, const std::string& spec) {
    ObjectHandle object;
    ReferenceHandle reference;
    int rc = git_revparse_ext(object.out(), reference.out(), repo, spec.c_str());
    if (is_not_found(rc)) {
        return std::nullopt;
    }
    check(rc, "resolve '" + spec + "'");
    auto resolved = peel_to_commit(object.get(), "'" + spec + "'");
    if (resolved && reference) {
        ReferenceHandle direct;
        rc = git_reference_resolve(direct.out(), reference.get());
        resolved->full_ref = git_reference_name(rc == 0 ? direct.get() : reference.get());
    }
    return resolved;
}

std::optional<Resolved> resolve_exact_ref(git_repository* repo, const char* name) {
    ReferenceHandle reference;
    int rc = git_reference_lookup(reference.out(), repo, name);
    if (is_not_found(rc)) {
        return std::nullopt;
    }
    check(rc, std::string("look up ") + name);
    ReferenceHandle direct;  // follows symbolic refs such as origin/HEAD -> origin/main
    rc = git_reference_resolve(direct.out(), reference.get());
    if (is_not_found(rc)) {
        return std::nullopt;  // dangling symbolic ref
    }
    check(rc, std::string("resolve ") + name);
    ObjectHandle object;
    rc = git_reference_peel(object.out(), direct.get(), GIT_OBJECT_COMMIT);
    if (is_not_found(rc)) {
        return std::nullopt;
    }
    check(rc, std::string("peel ") + name + " to a commit");
    return Resolved{to_hex(*git_object_id(object.get())), git_reference_name(direct.get())};
}

}  // namespace

BaseRefResolution resolve_base_ref(const Repository& repo,
                                   const std::optional<std::string>& configured) {
    BaseRefResolution result;
    auto accept = [&result](std::string ref, Resolved resolved) {
        result.ref = std::move(ref);
        result.full_ref = std::move(resolved.full_ref);
        result.sha = std::move(resolved.sha);
        return result;
    };

    if (configured && !configured->empty()) {
        if (auto resolved = resolve_revision(repo.raw(), *configured)) {
            return accept(*configured, std::move(*resolved));
        }
        result.codes.emplace_back(kBaseRefConfiguredNotFound);
    }
    if (auto resolved = resolve_exact_ref(repo.raw(), "refs/remotes/origin/HEAD")) {
        return accept("origin/HEAD", std::move(*resolved));
    }
    result.codes.emplace_back(kBaseRefOriginHeadUnavailable);
    if (auto resolved = resolve_exact_ref(repo.raw(), "refs/remotes/origin/main")) {
        result.codes.emplace_back(kBaseRefOriginMain);
        return accept("origin/main", std::move(*resolved));
    }
    if (auto resolved = resolve_exact_ref(repo.raw(), "refs/remotes/origin/master")) {
        result.codes.emplace_back(kBaseRefOriginMaster);
        return accept("origin/master", std::move(*resolved));
    }
    result.codes.emplace_back(kBaseRefResolutionFailed);
    return result;
}

}  // namespace qa::git

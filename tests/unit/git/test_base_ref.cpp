#include <catch2/catch.hpp>

#include "git/base_ref.hpp"
#include "support/git_fixture.hpp"

using qa::git::BaseRefResolution;
using qa::git::Repository;
using qa::test::shell_quote;
using Codes = std::vector<std::string>;

namespace {

/// A clone of a bare remote with branches main and feature; clone sets origin/HEAD -> main.
struct RemoteSetup {
    qa::test::GitSandbox sandbox;
    std::filesystem::path remote;
    std::filesystem::path work;
    std::string main_sha;
    std::string feature_sha;

    RemoteSetup() {
        remote = sandbox.init("remote.git", true);
        const auto seed = sandbox.init("seed");
        sandbox.add_file(seed, "a.txt", "a\n");
        main_sha = sandbox.commit(seed, "main");
        sandbox.git_ok(seed, "checkout -q -b feature");
        sandbox.add_file(seed, "f.txt", "f\n");
        feature_sha = sandbox.commit(seed, "feature");
        sandbox.git_ok(seed, "push -q " + shell_quote(remote.string()) + " main feature");
        sandbox.git_ok(sandbox.root(), "clone -q " + shell_quote(remote.string()) + " work");
        work = sandbox.root() / "work";
    }

    BaseRefResolution resolve(const std::optional<std::string>& configured) const {
        qa::git::LibGit2 lib;
        qa::git::GitEnv env;
        env.ceiling_directories = sandbox.root().string();
        return qa::git::resolve_base_ref(Repository::open(lib, work, env), configured);
    }
};

}  // namespace

TEST_CASE("base ref: configured and found", "[git]") {
    RemoteSetup s;
    auto r = s.resolve("origin/feature");
    CHECK(r.codes.empty());
    CHECK(r.ref == "origin/feature");
    CHECK(r.full_ref == "refs/remotes/origin/feature");
    CHECK(r.sha == s.feature_sha);

    r = s.resolve(s.main_sha);  // a sha is a revision too; it names no reference
    CHECK(r.codes.empty());
    CHECK(r.ref == s.main_sha);
    CHECK_FALSE(r.full_ref.has_value());
    CHECK(r.sha == s.main_sha);

    r = s.resolve("main");  // the local branch
    CHECK(r.full_ref == "refs/heads/main");
    CHECK(r.sha == s.main_sha);
}

TEST_CASE("base ref: configured but missing falls back along the chain", "[git]") {
    RemoteSetup s;
    auto r = s.resolve("origin/no-such-branch");
    CHECK(r.codes == Codes{"BASE_REF_CONFIGURED_NOT_FOUND"});
    CHECK(r.ref == "origin/HEAD");
    CHECK(r.sha == s.main_sha);

    s.sandbox.git_ok(s.work, "remote set-head origin -d");
    r = s.resolve("no-such-thing");
    CHECK(r.codes == Codes{"BASE_REF_CONFIGURED_NOT_FOUND",
                           "BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE",
                           "BASE_REF_FALLBACK_ORIGIN_MAIN"});
    CHECK(r.ref == "origin/main");
}

TEST_CASE("base ref: origin/HEAD when nothing is configured", "[git]") {
    RemoteSetup s;
    for (const auto& configured : {std::optional<std::string>(), std::optional<std::string>("")}) {
        const auto r = s.resolve(configured);
        CHECK(r.codes.empty());  // no configured baseRef is not a code of its own
        CHECK(r.ref == "origin/HEAD");
        CHECK(r.full_ref == "refs/remotes/origin/main");
        CHECK(r.sha == s.main_sha);
        CHECK(r.resolved());
    }
    // origin/HEAD pointing at another branch is followed.
    s.sandbox.git_ok(s.work, "remote set-head origin feature");
    const auto r = s.resolve(std::nullopt);
    CHECK(r.full_ref == "refs/remotes/origin/feature");
    CHECK(r.sha == s.feature_sha);
}

TEST_CASE("base ref: origin/HEAD missing, origin/main present", "[git]") {
    RemoteSetup s;
    s.sandbox.git_ok(s.work, "remote set-head origin -d");
    const auto r = s.resolve(std::nullopt);
    CHECK(r.codes ==
          Codes{"BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE", "BASE_REF_FALLBACK_ORIGIN_MAIN"});
    CHECK(r.ref == "origin/main");
    CHECK(r.full_ref == "refs/remotes/origin/main");
    CHECK(r.sha == s.main_sha);
}

TEST_CASE("base ref: only origin/master", "[git]") {
    RemoteSetup s;
    s.sandbox.git_ok(s.work, "remote set-head origin -d");
    s.sandbox.git_ok(s.work, "update-ref refs/remotes/origin/master refs/remotes/origin/feature");
    s.sandbox.git_ok(s.work, "update-ref -d refs/remotes/origin/main");
    const auto r = s.resolve(std::nullopt);
    CHECK(r.codes ==
          Codes{"BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE", "BASE_REF_FALLBACK_ORIGIN_MASTER"});
    CHECK(r.ref == "origin/master");
    CHECK(r.sha == s.feature_sha);

    // A dangling origin/HEAD (its target is gone) counts as unavailable.
    s.sandbox.git_ok(s.work, "symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/gone");
    CHECK(s.resolve(std::nullopt).codes ==
          Codes{"BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE", "BASE_REF_FALLBACK_ORIGIN_MASTER"});
}

TEST_CASE("base ref: nothing resolves", "[git]") {
    RemoteSetup s;
    s.sandbox.git_ok(s.work, "remote set-head origin -d");
    s.sandbox.git_ok(s.work, "update-ref -d refs/remotes/origin/main");
    // A local branch literally named origin/main must not stand in for the remote-tracking ref.
    s.sandbox.git_ok(s.work, "branch origin/main");
    auto r = s.resolve(std::nullopt);
    CHECK(r.codes ==
          Codes{"BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE", "BASE_REF_RESOLUTION_FAILED"});
    CHECK_FALSE(r.ref.has_value());
    CHECK_FALSE(r.sha.has_value());
    CHECK_FALSE(r.resolved());

    r = s.resolve("also-missing");
    CHECK(r.codes == Codes{"BASE_REF_CONFIGURED_NOT_FOUND",
                           "BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE",
                           "BASE_REF_RESOLUTION_FAILED"});

    // A fresh repository without any remote or commit.
    qa::git::LibGit2 lib;
    const auto empty = s.sandbox.init("empty");
    qa::git::GitEnv env;
    env.ceiling_directories = s.sandbox.root().string();
    r = qa::git::resolve_base_ref(Repository::open(lib, empty, env), "HEAD");
    CHECK(r.codes == Codes{"BASE_REF_CONFIGURED_NOT_FOUND",
                           "BASE_REF_FALLBACK_ORIGIN_HEAD_UNAVAILABLE",
                           "BASE_REF_RESOLUTION_FAILED"});
}

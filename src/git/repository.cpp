#include "git/repository.hpp"

#include "util/atomic_file.hpp"
#include "util/error.hpp"
#include "util/file.hpp"

#include <cstdlib>

#include "git/error.hpp"
#include "git/handle.hpp"
#include "git/layout.hpp"

#include <git2/sys/repository.h>

namespace qa::git {

namespace {

std::optional<std::string> env_value(const char* name) {
    const char* value = std::getenv(name);
    if (value == nullptr) {
        return std::nullopt;
    }
    return std::string(value);
}

std::filesystem::path without_trailing_slash(const char* path) {
    std::string text(path);
    while (text.size() > 1 && text.back() == '/') {
        text.pop_back();
    }
    return text;
}

/// check() for opening: a layout libgit2 cannot read is named (exit 2), not "no repository".
void opened(int rc, const std::string& what) {
    if (rc < 0) {
        const GitError error = make_error(rc, what);
        throw_if_unsupported_layout(error.what());
        throw error;
    }
}

}  // namespace

GitEnv GitEnv::from_process() {
    GitEnv env;
    env.git_dir = env_value("GIT_DIR");
    env.work_tree = env_value("GIT_WORK_TREE");
    env.index_file = env_value("GIT_INDEX_FILE");
    env.ceiling_directories = env_value("GIT_CEILING_DIRECTORIES");
    env.quarantine_path = env_value("GIT_QUARANTINE_PATH");
    return env;
}

void Repository::Free::operator()(git_repository* repo) const {
    git_repository_free(repo);
}

Repository::Repository(git_repository* repo) : repo_(repo) {}
Repository::Repository(Repository&&) noexcept = default;
Repository& Repository::operator=(Repository&&) noexcept = default;
Repository::~Repository() = default;

Repository Repository::open(const LibGit2& /*lib*/, const std::filesystem::path& start,
                            const GitEnv& env) {
    Handle<git_repository, &git_repository_free> repo;
    if (env.git_dir && !env.git_dir->empty()) {
        // GIT_DIR names the repository exactly; git does no discovery then, and neither do we.
        opened(git_repository_open_ext(repo.out(), env.git_dir->c_str(),
                                       GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr),
               "open repository '" + *env.git_dir + "' (GIT_DIR)");
        if (env.work_tree && !env.work_tree->empty()) {
            // update_gitlink = 0: only the in-memory repository changes, nothing is written.
            // Skipped when it is already the work tree: libgit2 1.5 leaks its path buffer then.
            const auto work_tree = std::filesystem::weakly_canonical(*env.work_tree);
            const char* current = git_repository_workdir(repo.get());
            if (current == nullptr ||
                std::filesystem::weakly_canonical(without_trailing_slash(current)) != work_tree) {
                check(git_repository_set_workdir(repo.get(), work_tree.c_str(), 0),
                      "use work tree '" + *env.work_tree + "' (GIT_WORK_TREE)");
            }
        }
    } else {
        const char* ceiling = env.ceiling_directories && !env.ceiling_directories->empty()
                                  ? env.ceiling_directories->c_str()
                                  : nullptr;
        opened(git_repository_open_ext(repo.out(), start.c_str(), 0, ceiling),
               "open repository at or above '" + start.string() + "'");
    }
    if (env.index_file && !env.index_file->empty()) {
        // git_index_open only reads the file; it is written by git_index_write, never called here.
        const auto index_path = std::filesystem::absolute(*env.index_file).string();
        // libgit2 opens a missing index as an empty one: every file would look deleted, or
        // nothing staged, and the commit would pass unchecked.
        std::error_code ec;
        if (!std::filesystem::is_regular_file(index_path, ec)) {
            throw util::InputError("GIT_INDEX_FILE names '" + index_path +
                                   "', which is not an index file (" +
                                   (ec ? ec.message() : "missing") + ")");
        }
        IndexHandle index;
        opened(git_index_open(index.out(), index_path.c_str()),
               "open index '" + index_path + "' (GIT_INDEX_FILE)");
        check(git_repository_set_index(repo.get(), index.get()), "use index '" + index_path + "'");
    }
    require_readable_index(repo.get());
    if (env.quarantine_path && !env.quarantine_path->empty()) {
        git_odb* odb = nullptr;
        check(git_repository_odb(&odb, repo.get()), "open the object database");
        const int rc = git_odb_add_disk_alternate(odb, env.quarantine_path->c_str());
        git_odb_free(odb);
        check(rc, "read the pushed objects in '" + *env.quarantine_path + "'");
    }
    return Repository(repo.release());
}

std::filesystem::path Repository::root() const {
    const char* workdir = git_repository_workdir(raw());
    return without_trailing_slash(workdir != nullptr ? workdir : git_repository_path(raw()));
}

std::filesystem::path Repository::git_dir() const {
    return without_trailing_slash(git_repository_path(raw()));
}

bool Repository::is_bare() const {
    return git_repository_is_bare(raw()) == 1;
}

bool Repository::head_unborn() const {
    return check(git_repository_head_unborn(raw()), "read HEAD") == 1;
}

std::optional<std::string> Repository::head_sha() const {
    ReferenceHandle head;
    const int rc = git_repository_head(head.out(), raw());
    if (rc == GIT_EUNBORNBRANCH || rc == GIT_ENOTFOUND) {
        return std::nullopt;
    }
    check(rc, "read HEAD");
    ObjectHandle commit;
    check(git_reference_peel(commit.out(), head.get(), GIT_OBJECT_COMMIT), "peel HEAD to a commit");
    return to_hex(*git_object_id(commit.get()));
}

std::string Repository::repo_id() const {
    const auto head = head_sha();
    if (!head) {
        return kUnbornRepoId;
    }
    // Computed once per repository and kept in the git directory: walking a long history on
    // every commit costs seconds. The cached root is checked in O(1): it must be a commit here
    // without parents.
    const char* common = git_repository_commondir(raw());
    const std::filesystem::path cache =
        std::filesystem::path(common != nullptr ? common : git_repository_path(raw())) /
        "qa-skill-repo-id";
    const bool shallow = git_repository_is_shallow(raw()) == 1;
    if (!shallow) {
        std::error_code ec;
        if (std::filesystem::is_regular_file(cache, ec)) {
            try {
                std::string cached = util::read_file(cache);
                while (!cached.empty() && (cached.back() == '\n' || cached.back() == '\r')) {
                    cached.pop_back();
                }
                git_oid oid;
                CommitHandle commit;
                if (cached.size() == 40 && git_oid_fromstrn(&oid, cached.data(), 40) == 0 &&
                    git_commit_lookup(commit.out(), raw(), &oid) == 0 &&
                    git_commit_parentcount(commit.get()) == 0) {
                    return cached;
                }
                git_error_clear();
            } catch (const util::IoError&) {
                // unreadable cache: computed again below
            }
        }
    }
    // The first-parent chain from HEAD to its root, commit by commit. In a shallow clone the
    // chain ends at a commit whose parent is missing: "shallow:" + that commit, visibly not a
    // clone-stable id (configure repo_id for shallow CI checkouts; it is then never computed).
    git_oid oid;
    check(git_oid_fromstrn(&oid, head->data(), head->size()), "parse HEAD");
    for (;;) {
        CommitHandle commit;
        const int rc = git_commit_lookup(commit.out(), raw(), &oid);
        if (rc != 0 && shallow) {
            git_error_clear();
            return "shallow:" + to_hex(oid);
        }
        check(rc, "look up commit " + to_hex(oid));
        if (git_commit_parentcount(commit.get()) == 0) {
            break;
        }
        const git_oid* parent = git_commit_parent_id(commit.get(), 0);
        if (shallow) {
            git_odb* odb = nullptr;
            bool present = false;
            if (git_repository_odb(&odb, raw()) == 0) {
                present = git_odb_exists(odb, parent) == 1;
                git_odb_free(odb);
            }
            if (!present) {
                git_error_clear();
                return "shallow:" + to_hex(oid);
            }
        }
        oid = *parent;
    }
    std::string root = to_hex(oid);
    if (!shallow) {
        try {
            util::write_file_atomic(cache, root + "\n");
        } catch (const std::exception&) {
            // a read-only git directory: the id is still right, only not cached
        }
    }
    return root;
}

}  // namespace qa::git

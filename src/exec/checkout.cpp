#include "exec/checkout.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <memory>
#include <set>
#include <vector>

#include "exec/exec_error.hpp"
#include "git/error.hpp"
#include "git/handle.hpp"  // src/exec is inside libqaskill, which links libgit2 privately
#include "util/atomic_file.hpp"
#include "util/file.hpp"

namespace qa::exec {
namespace {

namespace fs = std::filesystem;

constexpr const char* kExecRoot = ".worktrees/qa-skill";

/// libgit2's default checkout options, from its init function (the *_INIT macro leaves
/// fields to zero-initialisation, which clang reports as missing initializers).
git_checkout_options checkout_defaults() {
    git_checkout_options opts;
    git_checkout_options_init(&opts, GIT_CHECKOUT_OPTIONS_VERSION);
    return opts;
}

/// Checkout options that write every file of the source into `target` and nothing elsewhere:
/// an empty baseline (so no file counts as already there), force, and no index update.
struct TargetCheckout {
    git_checkout_options opts = checkout_defaults();
    git::IndexHandle empty_baseline;
    std::string target;

    explicit TargetCheckout(const fs::path& dir) : target(dir.string()) {
        git::check(git_index_new(empty_baseline.out()), "create an empty index");
        opts.checkout_strategy =
            GIT_CHECKOUT_FORCE | GIT_CHECKOUT_DONT_UPDATE_INDEX | GIT_CHECKOUT_DONT_WRITE_INDEX;
        opts.target_directory = target.c_str();
        opts.baseline_index = empty_baseline.get();
        opts.disable_filters = 0;
    }
};

void copy_entry(const fs::path& from, const fs::path& to) {
    std::error_code ec;
    const auto status = fs::symlink_status(from, ec);
    if (ec || !(fs::is_regular_file(status) || fs::is_symlink(status))) {
        return;  // deleted since it was listed, or not a file git tracks
    }
    fs::create_directories(to.parent_path(), ec);
    if (fs::is_symlink(status)) {
        fs::copy_symlink(from, to, ec);
    } else {
        fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
    }
    if (ec) {
        throw util::IoError("copy " + from.string() + ": " + ec.message());
    }
}

bool under_exec_root(std::string_view path) {
    return path.starts_with(".worktrees/qa-skill/") || path == ".worktrees/qa-skill";
}

}  // namespace

fs::path execution_dir(const fs::path& repo_root, const std::string& execution_key,
                       std::int64_t plan_ordinal) {
    return repo_root / execution_dir_relative(execution_key, plan_ordinal);
}

std::string execution_dir_relative(const std::string& execution_key, std::int64_t plan_ordinal) {
    return std::string(kExecRoot) + "/" + execution_key + "/" + std::to_string(plan_ordinal);
}

void checkout_index(const git::Repository& repo, const fs::path& target) {
    git::IndexHandle index;
    git::check(git_repository_index(index.out(), repo.raw()), "read the index");
    TargetCheckout co(target);
    git::check(git_checkout_index(repo.raw(), index.get(), &co.opts),
               "check out the index into " + target.string());
}

void checkout_commit(const git::Repository& repo, const std::string& rev, const fs::path& target) {
    git::ObjectHandle object;
    git::check(git_revparse_single(object.out(), repo.raw(), rev.c_str()), "resolve '" + rev + "'");
    git::ObjectHandle tree;
    git::check(git_object_peel(tree.out(), object.get(), GIT_OBJECT_TREE),
               "find the tree of '" + rev + "'");
    TargetCheckout co(target);
    git::check(git_checkout_tree(repo.raw(), tree.get(), &co.opts),
               "check out '" + rev + "' into " + target.string());
}

void restore_files(const git::Repository& repo, const std::string& rev, const fs::path& target,
                   const std::vector<std::string>& paths) {
    std::vector<char*> raw;
    raw.reserve(paths.size());
    for (const auto& p : paths) {
        raw.push_back(const_cast<char*>(p.c_str()));
    }
    TargetCheckout co(target);
    co.opts.checkout_strategy |= GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH;
    co.opts.paths.strings = raw.data();
    co.opts.paths.count = raw.size();
    if (rev.empty()) {
        git::IndexHandle index;
        git::check(git_repository_index(index.out(), repo.raw()), "read the index");
        git::check(git_checkout_index(repo.raw(), index.get(), &co.opts),
                   "restore files of the index into " + target.string());
        return;
    }
    git::ObjectHandle object;
    git::check(git_revparse_single(object.out(), repo.raw(), rev.c_str()), "resolve '" + rev + "'");
    git::ObjectHandle tree;
    git::check(git_object_peel(tree.out(), object.get(), GIT_OBJECT_TREE),
               "find the tree of '" + rev + "'");
    git::check(git_checkout_tree(repo.raw(), tree.get(), &co.opts),
               "restore files of '" + rev + "' into " + target.string());
}

std::set<std::string> index_files(const git::Repository& repo) {
    git::IndexHandle index;
    git::check(git_repository_index(index.out(), repo.raw()), "read the index");
    std::set<std::string> paths;
    const std::size_t n = git_index_entrycount(index.get());
    for (std::size_t i = 0; i < n; ++i) {
        const git_index_entry* e = git_index_get_byindex(index.get(), i);
        const unsigned type = e == nullptr ? 0 : (e->mode & 0170000);
        if (e != nullptr && GIT_INDEX_ENTRY_STAGE(e) == 0 && (type == 0100000 || type == 0120000)) {
            paths.emplace(e->path);
        }
    }
    return paths;
}

std::set<std::string> commit_files(const git::Repository& repo, const std::string& rev) {
    git::ObjectHandle object;
    git::check(git_revparse_single(object.out(), repo.raw(), rev.c_str()), "resolve '" + rev + "'");
    git::ObjectHandle tree;
    git::check(git_object_peel(tree.out(), object.get(), GIT_OBJECT_TREE),
               "find the tree of '" + rev + "'");
    std::set<std::string> paths;
    const auto collect = [](const char* root, const git_tree_entry* e, void* payload) -> int {
        const git_filemode_t mode = git_tree_entry_filemode(e);
        if (mode == GIT_FILEMODE_BLOB || mode == GIT_FILEMODE_BLOB_EXECUTABLE ||
            mode == GIT_FILEMODE_LINK) {
            static_cast<std::set<std::string>*>(payload)->emplace(std::string(root) +
                                                                  git_tree_entry_name(e));
        }
        return 0;
    };
    git::check(git_tree_walk(reinterpret_cast<const git_tree*>(tree.get()), GIT_TREEWALK_PRE,
                             collect, &paths),
               "list the tree of '" + rev + "'");
    return paths;
}

void snapshot_worktree(const git::Repository& repo, const fs::path& target) {
    const fs::path root = repo.root();
    std::set<std::string> paths;
    git::IndexHandle index;
    git::check(git_repository_index(index.out(), repo.raw()), "read the index");
    const std::size_t n = git_index_entrycount(index.get());
    for (std::size_t i = 0; i < n; ++i) {
        const git_index_entry* e = git_index_get_byindex(index.get(), i);
        if (e != nullptr && GIT_INDEX_ENTRY_STAGE(e) == 0 && (e->mode & 0170000) != 0160000) {
            paths.insert(e->path);
        }
    }
    git_status_options so;
    git_status_options_init(&so, GIT_STATUS_OPTIONS_VERSION);
    so.show = GIT_STATUS_SHOW_WORKDIR_ONLY;
    so.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS |
               GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
    git_status_list* raw = nullptr;
    git::check(git_status_list_new(&raw, repo.raw(), &so), "list the working tree");
    std::unique_ptr<git_status_list, void (*)(git_status_list*)> list(raw, &git_status_list_free);
    const std::size_t m = git_status_list_entrycount(list.get());
    for (std::size_t i = 0; i < m; ++i) {
        const git_status_entry* e = git_status_byindex(list.get(), i);
        if (e != nullptr && (e->status & GIT_STATUS_WT_NEW) && e->index_to_workdir != nullptr) {
            paths.insert(e->index_to_workdir->new_file.path);
        }
    }
    for (const auto& p : paths) {
        if (!under_exec_root(p)) {
            copy_entry(root / p, target / p);
        }
    }
}

ScratchDir::ScratchDir(fs::path dir, fs::path keep_root, const fs::path& adopt)
    : dir_(std::move(dir)), keep_root_(std::move(keep_root)) {
    // The same plan of the same change in another live run: never pull its tree away.
    long owner = 0;
    std::ifstream(dir_.string() + ".owner") >> owner;
    if (owner > 0 && owner != ::getpid() &&
        (::kill(static_cast<pid_t>(owner), 0) == 0 || errno == EPERM)) {
        throw util::IoError(dir_.string() + " is in use by another qa-skill run (pid " +
                            std::to_string(owner) + "); try again when it has finished");
    }
    std::error_code ec;
    fs::remove_all(dir_, ec);
    // Another plan's ScratchDir may remove a parent it left empty just as this one creates it:
    // then create again. The owner comes first, so a kill at any point leaves nothing unowned.
    for (int attempt = 0; attempt < 5; ++attempt) {
        ec.clear();
        fs::create_directories(dir_.parent_path(), ec);
        if (ec) {
            continue;
        }
        try {
            // Whole or not at all: a sweep in a parallel plan must never read a half-written
            // owner.
            util::write_file_atomic(owner_file(), std::to_string(::getpid()) + "\n",
                                    util::Sync::no);
        } catch (const util::IoError&) {
            continue;
        }
        if (!adopted_ && !adopt.empty() && ::rename(adopt.c_str(), dir_.c_str()) == 0) {
            adopted_ = true;
        }
        if (adopted_ || fs::create_directory(dir_, ec) || (!ec && fs::is_directory(dir_, ec))) {
            break;
        }
    }
    if (ec || !fs::is_directory(dir_, ec)) {
        throw util::IoError("create " + dir_.string() + ": " + ec.message());
    }
}

ScratchDir::~ScratchDir() {
    std::error_code ec;
    // A command may have left read-only directories behind (go's module cache does).
    for (auto it = fs::recursive_directory_iterator(
             dir_, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_directory(ec) && !it->is_symlink(ec)) {
            fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
        }
    }
    fs::remove_all(dir_, ec);
    fs::remove(dir_.string() + ".owner", ec);
    for (fs::path p = dir_.parent_path(); !p.empty() && p != keep_root_ && p != p.parent_path();
         p = p.parent_path()) {
        if (!fs::is_empty(p, ec) || ec || !fs::remove(p, ec)) {
            break;
        }
    }
}

void refuse_linked_path(const fs::path& repo_root, const std::string& relative) {
    fs::path at = repo_root;
    for (const auto& part : fs::path(relative)) {
        at /= part;
        std::error_code ec;
        const auto status = fs::symlink_status(at, ec);
        if (ec || status.type() == fs::file_type::not_found) {
            return;  // created fresh from here on
        }
        const std::string shown = at.lexically_relative(repo_root).string();
        if (fs::is_symlink(status)) {
            throw ExecError(contracts::ErrorCode::EXECUTION_DENIED,
                            shown + " is a symbolic link (to " + fs::read_symlink(at, ec).string() +
                                "): the execution checkout would pass through it, so nothing "
                                "runs; remove it (is it tracked?) and commit again");
        }
        if (!fs::is_directory(status)) {
            throw ExecError(contracts::ErrorCode::EXECUTION_DENIED,
                            shown +
                                " is not a directory: the execution checkout needs that path; "
                                "remove it (is it tracked?) and commit again");
        }
    }
}

std::size_t sweep_stale_execution_dirs(const fs::path& repo_root) {
    const fs::path base = repo_root / kExecRoot;
    std::error_code ec;
    std::size_t removed = 0;
    // Never through a link: what it points at is not ours to remove.
    if (fs::is_symlink(repo_root / ".worktrees", ec) || fs::is_symlink(base, ec)) {
        return 0;
    }
    std::vector<fs::path> owners;
    for (auto it = fs::recursive_directory_iterator(base, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it.depth() == 1 && it->path().extension() == ".owner") {
            owners.push_back(it->path());
        }
        if (it.depth() >= 1) {
            it.disable_recursion_pending();
        }
    }
    for (const auto& owner : owners) {
        long pid = 0;
        std::ifstream(owner) >> pid;
        if (pid <= 0 || pid == ::getpid() || ::kill(static_cast<pid_t>(pid), 0) == 0 ||
            errno == EPERM) {
            continue;  // still running (this process's other plans included), or unreadable
        }
        fs::path dir = owner;
        dir.replace_extension();
        ScratchDir gone(dir, repo_root);  // takes the leftover over and removes it on scope exit
        ++removed;
    }
    return removed;
}

}  // namespace qa::exec

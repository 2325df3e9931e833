#include "git/tree_blob.hpp"

#include "git/handle.hpp"

namespace qa::git {

std::optional<std::string> blob_id_at(const Repository& repo, std::string_view revision,
                                      std::string_view path) {
    ObjectHandle object;
    if (git_revparse_single(object.out(), repo.raw(), std::string(revision).c_str()) != 0) {
        return std::nullopt;
    }
    ObjectHandle tree;
    if (git_object_peel(tree.out(), object.get(), GIT_OBJECT_TREE) != 0) {
        return std::nullopt;
    }
    Handle<git_tree_entry, &git_tree_entry_free> entry;
    if (git_tree_entry_bypath(entry.out(), reinterpret_cast<git_tree*>(tree.get()),
                              std::string(path).c_str()) != 0) {
        return std::nullopt;
    }
    if (git_tree_entry_type(entry.get()) != GIT_OBJECT_BLOB) {
        return std::nullopt;
    }
    char hex[GIT_OID_HEXSZ + 1] = {};
    git_oid_tostr(hex, sizeof hex, git_tree_entry_id(entry.get()));
    return std::string(hex);
}

std::optional<std::string> index_blob_id(const Repository& repo, std::string_view path) {
    if (repo.is_bare()) {
        return blob_id_at(repo, "HEAD", path);
    }
    IndexHandle index;  // never written
    if (git_repository_index(index.out(), repo.raw()) != 0) {
        git_error_clear();
        return std::nullopt;
    }
    const git_index_entry* entry = git_index_get_bypath(index.get(), std::string(path).c_str(), 0);
    if (entry == nullptr || entry->mode == GIT_FILEMODE_COMMIT) {
        return std::nullopt;
    }
    return to_hex(entry->id);
}

}  // namespace qa::git

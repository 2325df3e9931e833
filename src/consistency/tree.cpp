#include "consistency/tree.hpp"

#include "git/blob.hpp"
#include "git/change_set.hpp"
#include "git/repository.hpp"
#include "git/revisions.hpp"
#include "util/error.hpp"

namespace qa::consistency {

Tree read_tree(const git::Repository& repo, const std::string& revision) {
    if (!git::names_commit(repo.raw(), revision)) {
        throw util::InputError("'" + revision + "' names no commit of this repository");
    }
    Tree tree;
    tree.revision = git::to_hex(git::resolve_commit(repo.raw(), revision));
    const git::ChangeSet all = git::all_files(repo, tree.revision);
    for (const auto& f : all.files) {
        if (f.is_submodule || f.is_symlink) {
            continue;
        }
        TreeFile file;
        file.path = f.path;
        file.blob = f.new_oid;
        if (!f.binary && f.text_encoding.empty() &&
            git::blob_size(repo, f.new_oid) <= kMaxTextBytes) {
            file.text = git::read_blob(repo, f.new_oid).value_or("");
        }
        const std::string_view text = file.text;
        const auto class_ = plan::classify(file.path, text.substr(0, text.find('\n')), f.binary);
        if (class_.kind == plan::FileKind::vendored || class_.kind == plan::FileKind::generated ||
            class_.kind == plan::FileKind::lockfile) {
            continue;
        }
        file.language = class_.language;
        file.kind = class_.kind;
        tree.files.push_back(std::move(file));
    }
    return tree;
}

}  // namespace qa::consistency

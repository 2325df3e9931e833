#pragma once

#include <string>
#include <vector>

#include "plan/classify.hpp"

namespace qa::git {
class Repository;
}

namespace qa::consistency {

/// One file of the tree a draft measures.
struct TreeFile {
    std::string path;
    std::string language;  ///< plan::classify() language; "" when unknown
    plan::FileKind kind = plan::FileKind::docs;
    std::string blob;  ///< its blob id
    std::string text;  ///< the content; empty for binary files and files over kMaxTextBytes
};

/// The files of a tree, sorted by path: what every signal of a draft reads, so that the draft is
/// a function of the tree alone.
struct Tree {
    std::string revision;  ///< the commit sha
    std::vector<TreeFile> files;
};

/// Files larger than this are named (file naming) but not read: generated data, not code.
inline constexpr std::size_t kMaxTextBytes = 512 * 1024;

/// The tree of the commit `revision` names (any revision git accepts), without submodules,
/// symlinks, vendored, generated and lock files. Throws util::InputError when it names no commit.
Tree read_tree(const git::Repository& repo, const std::string& revision);

}  // namespace qa::consistency

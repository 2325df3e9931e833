#include "exec/tree_manifest.hpp"

#include "util/file.hpp"
#include "util/sha256.hpp"

namespace qa::exec {

namespace fs = std::filesystem;

namespace {

std::string content_hash(const fs::path& path) {
    std::error_code ec;
    if (fs::is_symlink(path, ec)) {
        return util::sha256_hex("link:" + fs::read_symlink(path, ec).string());
    }
    return util::sha256_hex(util::read_file(path));
}

}  // namespace

TreeManifest tree_manifest(const fs::path& dir) {
    TreeManifest m;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_symlink(ec) || it->is_regular_file(ec)) {
            m[fs::relative(it->path(), dir).generic_string()] = content_hash(it->path());
        }
    }
    return m;
}

std::vector<std::string> changed_paths(const TreeManifest& before, const fs::path& dir) {
    std::vector<std::string> changed;
    for (const auto& [path, hash] : before) {
        const fs::path p = dir / path;
        std::error_code ec;
        const bool exists = fs::is_symlink(p, ec) || fs::is_regular_file(p, ec);
        if (!exists || content_hash(p) != hash) {
            changed.push_back(path);
        }
    }
    return changed;
}

void copy_directory(const fs::path& from, const fs::path& to) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(from, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (it.depth() == 0 && (name == ".git" || name == ".worktrees")) {
            it.disable_recursion_pending();
            continue;
        }
        const fs::path dest = to / fs::relative(it->path(), from);
        std::error_code op;
        if (it->is_symlink(op)) {
            fs::copy_symlink(it->path(), dest, op);
        } else if (it->is_directory(op)) {
            fs::create_directories(dest, op);
        } else if (it->is_regular_file(op)) {
            fs::copy_file(it->path(), dest, fs::copy_options::overwrite_existing, op);
        }
        if (op) {
            throw util::IoError("copy " + it->path().string() + ": " + op.message());
        }
    }
    if (ec) {
        throw util::IoError("read " + from.string() + ": " + ec.message());
    }
}

}  // namespace qa::exec

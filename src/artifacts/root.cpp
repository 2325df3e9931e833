#include "artifacts/root.hpp"

#include <git2.h>

#include "git/handle.hpp"
#include "settings/config_error.hpp"

namespace qa::artifacts {

namespace fs = std::filesystem;

std::filesystem::path resolve_root(const git::Repository& repo, const std::string& configured,
                                   const std::string& config_source) {
    const auto refuse = [&](const std::string& why) {
        throw settings::ConfigError(config_source, 0, 0, "artifact_root",
                                    "\"" + configured + "\" " + why);
    };
    const fs::path rel(configured);
    if (rel.is_absolute()) {
        refuse("must be a path relative to the repository");
    }
    fs::path normal;
    for (const auto& part : rel) {
        if (part == "..") {
            refuse("must stay inside the repository (no '..')");
        }
        if (part != "." && !part.empty()) {
            normal /= part;
        }
    }
    if (normal.empty()) {
        refuse("must name a folder inside the repository, not the repository itself");
    }
    auto it = normal.begin();
    if (*it == ".git" && std::next(it) != normal.end() && *std::next(it) == "hooks") {
        refuse("must not point into .git/hooks");
    }
    const fs::path base = repo.root();
    fs::path at = base;
    for (const auto& part : normal) {
        at /= part;
        std::error_code ec;
        if (fs::is_symlink(fs::symlink_status(at, ec))) {
            refuse("goes through the symbolic link " + at.string());
        }
    }
    if (!repo.is_bare() && *it != ".git") {
        git::IndexHandle index;
        if (git_repository_index(index.out(), repo.raw()) == 0) {
            const std::string path = normal.generic_string();
            const std::string prefix = path + "/";
            std::size_t pos = 0;
            if (git_index_get_bypath(index.get(), path.c_str(), 0) != nullptr ||
                git_index_find_prefix(&pos, index.get(), prefix.c_str()) == 0) {
                refuse(
                    "holds files git tracks; use a folder of its own (the default is "
                    "\".qa-skill\")");
            }
        }
        git_error_clear();
    }
    return base / normal;
}

}  // namespace qa::artifacts

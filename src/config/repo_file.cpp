#include "config/repo_file.hpp"

#include "config/config.hpp"

namespace qa::config {

namespace fs = std::filesystem;

fs::path resolve_repo_file(const fs::path& repo_root, const std::string& relative,
                           const RepoFileRef& ref) {
    const auto refuse = [&](const std::string& why) {
        throw ConfigError(ref.source, ref.line, ref.column, ref.key, "\"" + relative + "\" " + why);
    };
    const fs::path rel(relative);
    if (relative.empty() || rel.is_absolute()) {
        refuse("must be a file path relative to the repository");
    }
    fs::path at = repo_root;
    for (const auto& part : rel) {
        if (part.empty() || part == "." || part == ".." || part == ".git") {
            refuse("must stay inside the working tree (no \".\", \"..\" or \".git\" parts)");
        }
        at /= part;
        std::error_code ec;
        const auto status = fs::symlink_status(at, ec);
        if (fs::is_symlink(status)) {
            refuse("goes through the symbolic link " + at.string() +
                   ": qa-skill reads and writes only files inside the repository");
        }
        if (!fs::exists(status)) {
            break;  // nothing below a missing folder can be a link
        }
    }
    return repo_root / rel;
}

}  // namespace qa::config

#include "config/repo_file.hpp"

#include "config/config.hpp"

namespace qa::config {

namespace fs = std::filesystem;

fs::path resolve_repo_file(const fs::path& repo_root, const std::string& relative,
                           const RepoFileRef& ref) {
    const auto refuse = [&](const std::string& why) {
        throw settings::ConfigError(ref.source, ref.line, ref.column, ref.key,
                                    "\"" + relative + "\" " + why);
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

/// Why `path` is not a plain repository-relative file path ("a/b.json"), or nullopt when it is.
/// The baseline is read from git trees, which know no absolute paths, "." or "..".
std::optional<std::string> repo_path_problem(std::string_view path) {
    if (path.empty()) {
        return "must not be empty";
    }
    if (path.front() == '/' || path.back() == '/') {
        return "\"" + std::string(path) +
               "\" is not a repository-relative file path (no leading or trailing '/')";
    }
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        const std::string_view part = path.substr(start, end - start);
        if (part.empty() || part == "." || part == ".." || part == ".git") {
            return "\"" + std::string(path) +
                   "\" is not a repository-relative file path (no empty, \".\", \"..\" or "
                   "\".git\" parts)";
        }
        start = end + 1;
    }
    return std::nullopt;
}

}  // namespace qa::config

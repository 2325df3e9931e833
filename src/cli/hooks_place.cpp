#include "cli/hooks_place.hpp"

#include <git2.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "cli/hook_shim.hpp"
#include "git/handle.hpp"
#include "util/args.hpp"

namespace qa::cli {
namespace {

namespace fs = std::filesystem;

bool inside(const fs::path& path, const fs::path& folder) {
    const auto rel = path.lexically_relative(folder);
    return !rel.empty() && *rel.begin() != "..";
}

std::string guidance(const std::string& dir) {
    return "call qa-skill-hook from those hooks yourself (qa-skill-hook must be on PATH):\n"
           "  " +
           dir + "/pre-commit:        qa-skill-hook pre-commit\n  " + dir +
           "/pre-merge-commit:  qa-skill-hook pre-merge-commit\n  " + dir +
           "/commit-msg:        qa-skill-hook commit-msg \"$1\"\n  " + dir +
           "/pre-push:          qa-skill-hook pre-push \"$@\"   (it reads the pushed refs on "
           "standard input)\n"
           "or use the pre-commit framework's qa-skill entry (doc/hooks.md, 'The pre-commit "
           "framework').";
}

bool mentions_husky(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::string text(4096, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return text.find("husky") != std::string::npos;
}

/// husky v9 (`.husky/_` with its `h` dispatcher) or v4-v8 (`.husky` with `_/husky.sh`).
bool husky_managed(const fs::path& dir) {
    std::error_code ec;
    if (fs::exists(dir / "h", ec) || fs::exists(dir / "husky.sh", ec) ||
        fs::exists(dir / "_" / "husky.sh", ec)) {
        return true;
    }
    for (const std::string hook : kShimHooks) {
        if (mentions_husky(dir / hook)) {
            return true;
        }
    }
    return false;
}

bool hook_binary_on_path() {
    const char* path = std::getenv("PATH");
    std::string rest = path != nullptr ? path : "";
    std::size_t start = 0;
    while (start <= rest.size()) {
        const std::size_t end = std::min(rest.find(':', start), rest.size());
        const std::string folder = rest.substr(start, end - start);
        const fs::path candidate = fs::path(folder.empty() ? "." : folder) / "qa-skill-hook";
        if (::access(candidate.c_str(), X_OK) == 0) {
            return true;
        }
        start = end + 1;
    }
    return false;
}

}  // namespace

ShimBinary check_hooks_place(const git::Repository& repo, const fs::path& hooks_dir) {
    for (const std::string hook : kShimHooks) {
        for (const auto& file : {hooks_dir / hook, hooks_dir / (hook + kPreviousSuffix)}) {
            if (is_framework_hook(file)) {
                throw util::UsageError(
                    file.string() +
                    " is the pre-commit framework's hook (pre-commit install): chained with "
                    "qa-skill's shim, each would run the other. Use the framework's qa-skill "
                    "entry instead: list it in .pre-commit-config.yaml (doc/hooks.md) and "
                    "run 'pre-commit install --hook-type pre-commit --hook-type "
                    "pre-push'; or run 'pre-commit uninstall' first to use qa-skill's own hooks.");
            }
        }
    }
    if (repo.is_bare()) {
        return ShimBinary::absolute;
    }
    std::error_code ec;
    const fs::path dir = fs::weakly_canonical(hooks_dir, ec);
    const fs::path root = fs::weakly_canonical(repo.root(), ec);
    const fs::path git_dir = fs::weakly_canonical(repo.git_dir(), ec);
    if (!inside(dir, root) || inside(dir, git_dir)) {
        return ShimBinary::absolute;
    }
    const std::string shown = dir.lexically_relative(root).generic_string();
    if (husky_managed(dir)) {
        throw util::UsageError(
            "core.hooksPath is \"" + shown +
            "\", a folder husky manages in the working tree: qa-skill's shims would hide "
            "your husky hooks from it. " +
            // husky v9 runs the user's `.husky/<hook>` from `.husky/_`; v4-v8 keeps both there.
            guidance(fs::exists(dir / "h", ec)
                         ? dir.parent_path().lexically_relative(root).generic_string()
                         : shown));
    }
    git::IndexHandle index;
    std::vector<std::string> tracked;
    if (git_repository_index(index.out(), repo.raw()) == 0) {
        for (const std::string hook : kShimHooks) {
            for (const auto& name : {hook, hook + kPreviousSuffix}) {
                const std::string rel = (fs::path(shown) / name).generic_string();
                if (git_index_get_bypath(index.get(), rel.c_str(), 0) != nullptr) {
                    tracked.push_back(rel);
                }
            }
        }
    }
    git_error_clear();
    if (!tracked.empty()) {
        std::string list;
        for (const auto& t : tracked) {
            list += (list.empty() ? "" : ", ") + t;
        }
        throw util::UsageError("core.hooksPath is \"" + shown +
                               "\", a folder of the working tree, and git tracks " + list +
                               " there: qa-skill install does not modify tracked files or write "
                               "this machine's paths into them. " +
                               guidance(shown));
    }
    if (!hook_binary_on_path()) {
        throw util::UsageError(
            "core.hooksPath is \"" + shown +
            "\", a folder of the working tree that may be committed: the shims written there "
            "find qa-skill-hook on PATH, and it is not on PATH. Put it there (cmake --install, "
            "or a link in /usr/local/bin) and run qa-skill install again.");
    }
    return ShimBinary::on_path;
}

}  // namespace qa::cli

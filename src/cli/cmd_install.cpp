// `qa-skill install` / `qa-skill uninstall`: the git hook shims.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "cli/hook_shim.hpp"
#include "cli/hooks_place.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "util/args.hpp"
#include "util/atomic_file.hpp"
#include "util/exit_code.hpp"
#include "util/file.hpp"
#include "util/process.hpp"

namespace qa::cli {
namespace {

namespace fs = std::filesystem;

/// The hooks directory git itself runs hooks from: core.hooksPath, worktrees and all.
fs::path hooks_directory() {
    util::ProcessSpec spec;
    spec.argv = {"git", "rev-parse", "--git-path", "hooks"};
    const auto result = util::run_process(spec);
    if (result.exit_code != 0) {
        throw util::UsageError(
            "not inside a git repository (git rev-parse failed: " + result.stderr_data + ")");
    }
    std::string path = result.stdout_data;
    while (!path.empty() && (path.back() == '\n' || path.back() == '\r')) {
        path.pop_back();
    }
    return fs::absolute(path);
}

fs::path hook_binary() {
    // qa-skill-hook is installed beside qa-skill; the shim records its absolute path.
    return fs::canonical("/proc/self/exe").parent_path() / "qa-skill-hook";
}

int install(const util::ParsedArgs&) {
    const fs::path dir = hooks_directory();
    // A layout the hooks cannot read (SHA-256, split or sparse index) is refused now, with the
    // message every commit would otherwise print.
    const git::LibGit2 lib;
    const auto repo = git::Repository::open(lib, ".", git::GitEnv::from_process());
    // Refusals come before any write: all the hooks are installed, or none.
    const ShimBinary kind = check_hooks_place(repo, dir);
    for (const std::string hook : kShimHooks) {
        const fs::path target = dir / hook;
        const fs::path previous = dir / (hook + kPreviousSuffix);
        std::error_code ec;
        if (fs::exists(fs::symlink_status(target, ec)) && !is_shim(target) &&
            fs::exists(fs::symlink_status(previous, ec))) {
            throw util::UsageError(target.string() + " exists and so does " + previous.string() +
                                   "; refusing to overwrite either");
        }
    }
    fs::create_directories(dir);
    const std::optional<fs::path> binary =
        kind == ShimBinary::absolute ? std::optional<fs::path>(hook_binary()) : std::nullopt;
    for (const std::string hook : kShimHooks) {
        const fs::path target = dir / hook;
        const fs::path previous = dir / (hook + kPreviousSuffix);
        std::error_code ec;
        const bool exists = fs::exists(fs::symlink_status(target, ec));
        if (exists && !is_shim(target)) {
            fs::rename(target, previous);
            std::printf("kept existing %s hook as %s (it runs first)\n", hook.c_str(),
                        previous.filename().c_str());
        }
        util::write_file_atomic(target, shim_text(hook, binary));
        fs::permissions(target, fs::perms::owner_all | fs::perms::group_read |
                                    fs::perms::group_exec | fs::perms::others_read |
                                    fs::perms::others_exec);
        std::printf("installed %s\n", target.c_str());
    }
    if (kind == ShimBinary::on_path) {
        std::printf(
            "the hooks are in the working tree (core.hooksPath): they find qa-skill-hook on "
            "PATH\n");
    }
    return util::kExitPass;
}

int uninstall(const util::ParsedArgs&) {
    const fs::path dir = hooks_directory();
    for (const std::string hook : kShimHooks) {
        const fs::path target = dir / hook;
        const fs::path previous = dir / (hook + kPreviousSuffix);
        std::error_code ec;
        if (!fs::exists(fs::symlink_status(target, ec)) &&
            fs::exists(fs::symlink_status(previous, ec))) {
            // The shim was removed by hand: the user's own hook still comes back.
            fs::rename(previous, target);
            std::printf("restored %s (the qa-skill shim was already gone)\n", target.c_str());
            continue;
        }
        const fs::path legacy = dir / (hook + ".legacy");
        if (!is_shim(target) && is_shim(legacy)) {
            // `pre-commit install` moved the shim to <hook>.legacy and runs it from there.
            fs::remove(legacy);
            if (fs::exists(fs::symlink_status(previous, ec)) && !is_framework_hook(previous)) {
                fs::rename(previous, legacy);
                std::printf("restored %s (run by the pre-commit framework)\n", legacy.c_str());
            } else {
                fs::remove(previous, ec);
                std::printf("removed %s (the pre-commit framework's hook stays)\n", legacy.c_str());
            }
            continue;
        }
        if (!is_shim(target)) {
            std::printf("%s: not a qa-skill shim, left alone\n", target.c_str());
            continue;
        }
        fs::remove(target);
        if (fs::exists(fs::symlink_status(previous, ec))) {
            fs::rename(previous, target);
            std::printf("restored %s\n", target.c_str());
        } else {
            std::printf("removed %s\n", target.c_str());
        }
    }
    return util::kExitPass;
}

}  // namespace

int run_install(const std::vector<std::string>& args) {
    const auto parsed = util::parse_args("qa-skill install", {}, args);
    if (parsed.help) {
        std::printf("%s", util::usage_text("qa-skill install", {}).c_str());
        return util::kExitPass;
    }
    if (!parsed.positional.empty()) {
        throw util::UsageError("install takes no arguments");
    }
    return install(parsed);
}

int run_uninstall(const std::vector<std::string>& args) {
    const auto parsed = util::parse_args("qa-skill uninstall", {}, args);
    if (parsed.help) {
        std::printf("%s", util::usage_text("qa-skill uninstall", {}).c_str());
        return util::kExitPass;
    }
    if (!parsed.positional.empty()) {
        throw util::UsageError("uninstall takes no arguments");
    }
    return uninstall(parsed);
}

}  // namespace qa::cli

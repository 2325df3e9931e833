// `qa-skill install` / `qa-skill uninstall`: the git hook shims.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "cli/commands.hpp"
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

constexpr const char* kMarker = "# qa-skill shim v1";
constexpr const char* kHooks[] = {"pre-commit", "pre-merge-commit", "pre-push"};
constexpr const char* kPreviousSuffix = ".qa-skill-previous";

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

std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) {
        out += (c == '\'') ? std::string("'\\''") : std::string(1, c);
    }
    return out + "'";
}

// The previous hook runs first, with the same arguments and standard input; a failure of either
// blocks. The shim's exit code is qa-skill-hook's (a missing binary exits 127: still a block).
std::string shim_text(const std::string& hook, const fs::path& binary) {
    std::string text = "#!/bin/sh\n";
    text += std::string(kMarker) + " - written by `qa-skill install`; `qa-skill uninstall` " +
            "restores the previous hook.\n";
    text += "qa_skill_hook=" + shell_quote(binary.string()) + "\n";
    text += "previous=\"$(dirname \"$0\")/" + hook + kPreviousSuffix + "\"\n";
    if (hook == "pre-push") {
        text +=
            "input=$(mktemp) || exit 3\n"
            "trap 'rm -f \"$input\"' EXIT\n"
            "cat > \"$input\"\n"
            "if [ -x \"$previous\" ]; then \"$previous\" \"$@\" < \"$input\" || exit $?; fi\n"
            "\"$qa_skill_hook\" pre-push \"$@\" < \"$input\"\n";
    } else {
        text +=
            "if [ -x \"$previous\" ]; then \"$previous\" \"$@\" || exit $?; fi\n"
            "exec \"$qa_skill_hook\" " +
            hook + " \"$@\"\n";
    }
    return text;
}

bool is_our_shim(const fs::path& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) {
        return false;
    }
    return util::read_file(path).find(kMarker) != std::string::npos;
}

int install(const util::ParsedArgs&) {
    const fs::path dir = hooks_directory();
    {
        // A layout the hooks cannot read (SHA-256, split or sparse index) is refused now, with
        // the message every commit would otherwise print.
        const git::LibGit2 lib;
        git::Repository::open(lib, ".", git::GitEnv::from_process());
    }
    fs::create_directories(dir);
    const fs::path binary = hook_binary();
    for (const std::string hook : kHooks) {
        const fs::path target = dir / hook;
        const fs::path previous = dir / (hook + kPreviousSuffix);
        std::error_code ec;
        const bool exists = fs::exists(fs::symlink_status(target, ec));
        if (exists && !is_our_shim(target)) {
            if (fs::exists(fs::symlink_status(previous, ec))) {
                throw util::UsageError(target.string() + " exists and so does " +
                                       previous.string() + "; refusing to overwrite either");
            }
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
    return util::kExitPass;
}

int uninstall(const util::ParsedArgs&) {
    const fs::path dir = hooks_directory();
    for (const std::string hook : kHooks) {
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
        if (!is_our_shim(target)) {
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

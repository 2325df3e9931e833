// `qa-skill fix`: the safe hygiene fixes (trailing whitespace, final newline, CRLF line endings)
// applied to the working-tree files of the staged change; nothing is staged.
#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "config/config.hpp"
#include "git/blob.hpp"
#include "git/change_set.hpp"
#include "git/error.hpp"
#include "git/libgit2.hpp"
#include "git/repository.hpp"
#include "orchestrator/run.hpp"
#include "plan/exclude.hpp"
#include "plan/registry.hpp"
#include "prepare/tree_config.hpp"
#include "report/quote_path.hpp"
#include "rules/hygiene_fix.hpp"
#include "util/args.hpp"
#include "util/atomic_file.hpp"
#include "util/exit_code.hpp"
#include "util/file.hpp"

namespace qa::cli {
namespace {

const util::OptionSpec kOptions[] = {
    {"dry-run", "say what would change; write nothing", ""},
};

const char* const kUsage =
    "qa-skill fix [--dry-run]\n"
    "\n"
    "Applies the safe hygiene fixes to the files of the staged change, in the working tree:\n"
    "trailing whitespace removed, the final newline added, CRLF line endings in a file that\n"
    "uses LF made LF; on the lines the style lens judges (the lines the change adds, or every\n"
    "line with `mode = \"file\"`). Stages nothing: review with git diff, then git add.\n"
    "A file whose working-tree bytes differ from the staged ones (unstaged edits) is left alone.\n"
    "Exit 0 when every fix was applied (or there was none), 1 when a file was left alone.";

/// What the style lens judges of a commit, as the staged configuration says.
struct Scope {
    bool enabled = true;
    bool wholeFiles = false;  ///< mode file or all: every line, not only the added ones
    plan::ExcludeFilter excluded;
    plan::ExcludeFilter lensExcluded;
    std::set<std::string> disabledRules;
};

Scope scope_of(const config::Config& config) {
    Scope scope;
    scope.excluded = plan::ExcludeFilter(config.exclude);
    if (const auto style = config.lenses.find("style"); style != config.lenses.end()) {
        scope.enabled = style->second.enabled;
        scope.wholeFiles = style->second.mode == settings::LensMode::file ||
                           style->second.mode == settings::LensMode::all;
        scope.lensExcluded = plan::ExcludeFilter(style->second.exclude);
    }
    for (const auto& [id, o] : config.rules) {
        if (o.enabled == std::optional<bool>(false)) {
            scope.disabledRules.insert(id);
        }
    }
    return scope;
}

/// The lines of `f` the style lens reports on; empty: every line.
std::vector<std::uint32_t> judged_lines(const git::FileChange& f, const Scope& scope) {
    std::vector<std::uint32_t> lines;
    const bool moved = f.status == git::FileStatus::renamed || f.status == git::FileStatus::copied;
    if (scope.wholeFiles || moved || !f.lines_in_blobs()) {
        return lines;
    }
    for (const auto& hunk : f.hunks) {
        for (std::uint32_t i = 0; i < hunk.new_lines; ++i) {
            lines.push_back(hunk.new_start + i);
        }
    }
    return lines;
}

/// The bytes of the regular file `path`, or nullopt when it is missing or something else.
std::optional<std::string> worktree_bytes(const std::filesystem::path& path, mode_t& mode) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
        return std::nullopt;
    }
    mode = st.st_mode & 07777;
    return util::read_file(path);
}

}  // namespace

int run_fix(const std::vector<std::string>& args) {
    const auto parsed = util::parse_args("qa-skill fix", kOptions, args);
    if (parsed.help) {
        std::fputs(util::usage_text(kUsage, kOptions).c_str(), stdout);
        return util::kExitPass;
    }
    if (!parsed.positional.empty()) {
        throw util::UsageError("qa-skill fix takes no operands (it fixes the staged files)");
    }
    const bool dry_run = parsed.flag("dry-run");
    const git::LibGit2 lib;
    std::optional<git::Repository> repo;
    try {
        repo.emplace(git::Repository::open(lib, ".", git::GitEnv::from_process()));
    } catch (const git::GitError&) {
        throw util::UsageError("not in a git repository");
    }
    if (repo->is_bare()) {
        throw util::UsageError("qa-skill fix needs a working tree");
    }
    prepare::RunRequest request;
    request.gitEnv = git::GitEnv::from_process();
    const Scope scope = scope_of(
        prepare::load_tree_config(*repo, request, plan::read_builtin_registry().lens_ids()));
    if (!scope.enabled) {
        std::printf("qa-skill fix: the style lens is off in .qa-skill.toml: nothing to fix\n");
        return util::kExitPass;
    }
    const git::ChangeSet changes = git::staged_changes(*repo);
    std::vector<std::string> fixed;
    std::size_t left_alone = 0;
    for (const auto& f : changes.files) {
        const bool regular = f.new_mode == 0100644 || f.new_mode == 0100755;
        if (f.status == git::FileStatus::deleted || f.is_submodule || !regular || f.binary ||
            !f.text_encoding.empty() || scope.excluded.excluded(f.path) ||
            scope.lensExcluded.excluded(f.path)) {
            continue;  // nothing the safe fixes apply to, or a file the gate does not judge
        }
        const std::string shown = report::quote_path(f.path);
        if (f.path.starts_with('"')) {
            continue;  // a name that is not UTF-8 (git-quoted): not one to write to by name
        }
        const auto blob = git::read_blob(*repo, f.new_oid);
        if (!blob) {
            continue;
        }
        const std::vector<std::uint32_t> lines = judged_lines(f, scope);
        rules::HygieneFix fix = rules::fix_hygiene({f.path, *blob, blob->size(), lines, UINT64_MAX},
                                                   scope.disabledRules);
        if (!fix.changed()) {
            continue;
        }
        // The fix is made to the staged content: it may replace the working-tree file only when
        // that file holds exactly those bytes, or unstaged edits would be lost.
        const std::filesystem::path path = repo->root() / f.path;
        mode_t mode = 0644;
        const auto on_disk = worktree_bytes(path, mode);
        if (on_disk && *on_disk == fix.content) {
            // Fixed by an earlier run (or by hand), not staged yet.
            std::printf("qa-skill fix: %s: fixed in the working tree already, not staged\n",
                        shown.c_str());
            fixed.push_back(shown);
            continue;
        }
        if (!on_disk || *on_disk != *blob) {
            ++left_alone;
            std::printf(
                "qa-skill fix: %s: left alone: the working-tree file differs from the staged one "
                "(unstaged edits, or a git filter such as core.autocrlf); stage or stash the "
                "edits, then run qa-skill fix again (it would fix: %s)\n",
                shown.c_str(), fix.describe().c_str());
            continue;
        }
        if (!dry_run) {
            util::AtomicFile out(path, util::Sync::yes, mode);
            out.write(fix.content);
            out.commit();
        }
        std::printf("qa-skill fix: %s: %s%s\n", shown.c_str(), dry_run ? "would be: " : "",
                    fix.describe().c_str());
        fixed.push_back(shown);
    }
    if (fixed.empty() && left_alone == 0) {
        std::printf("qa-skill fix: nothing to fix in the staged files\n");
    } else if (!fixed.empty()) {
        std::string add = "git add --";
        for (const auto& p : fixed) {
            add += " " + p;
        }
        if (dry_run) {
            std::printf("qa-skill fix: %zu file(s) would change (--dry-run: nothing written)\n",
                        fixed.size());
        } else {
            std::printf(
                "qa-skill fix: %zu file(s) fixed in the working tree, nothing staged: "
                "review with git diff, then %s\n",
                fixed.size(), add.c_str());
        }
    }
    return left_alone == 0 ? util::kExitPass : util::kExitFail;
}

}  // namespace qa::cli

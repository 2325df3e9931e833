// qa-skill-hook: the git hook entry point (pre-commit, pre-push, --dry-run).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "git/error.hpp"
#include "git/push_refs.hpp"
#include "orchestrator/main_guard.hpp"
#include "orchestrator/run.hpp"
#include "prepare/skip.hpp"
#include "report/output_options.hpp"
#include "report/progress.hpp"
#include "report/report.hpp"
#include "util/args.hpp"
#include "util/build_info.hpp"
#include "util/exit_code.hpp"
#include "util/file.hpp"
#include "util/stdin_text.hpp"

namespace {

using qa::util::UsageError;

constexpr const char* kUsage =
    "qa-skill-hook pre-commit [FILE...] | pre-merge-commit | commit-msg <message-file> | "
    "pre-push <remote> <url> | pre-receive | --dry-run  [options]";

const qa::util::OptionSpec kHookOptions[] = {
    {"dry-run", "run what the pre-commit hook would run; print the plan and verdict; never block",
     ""},
    {"format", "output format", "text|json|sarif"},
    {"jobs", "worker threads (default: max_concurrency of the config)", "N"},
    {"version", "print the version and the git revision built from", ""},
};

/// The hook's own options, then the output options it shares with `qa-skill run`.
std::vector<qa::util::OptionSpec> hook_options() {
    std::vector<qa::util::OptionSpec> out(std::begin(kHookOptions), std::end(kHookOptions));
    out.insert(out.end(), qa::report::kOutputOptions.begin(), qa::report::kOutputOptions.end());
    return out;
}

std::optional<std::string> env(const char* name) {
    const char* v = std::getenv(name);
    return (v == nullptr || *v == '\0') ? std::nullopt : std::optional<std::string>(v);
}

/// Whether the commit being made stages the working tree's edits itself: git names the index a
/// commit hook sees in GIT_INDEX_FILE, `index.lock` for `git commit -a` and
/// `next-index-<pid>.lock` for `git commit <paths>`.
bool commit_stages_edits() {
    const auto index = env("GIT_INDEX_FILE");
    if (!index) {
        return false;
    }
    const auto slash = index->rfind('/');
    const std::string name = slash == std::string::npos ? *index : index->substr(slash + 1);
    return name == "index.lock" || (name.starts_with("next-index-") && name.ends_with(".lock"));
}

/// The hook's stdin, bounded: git writes one short line per ref, so more than this is not git.
std::string read_hook_stdin() {
    constexpr std::size_t kMaxInput = 16 * 1024 * 1024;
    return qa::util::read_stdin(kMaxInput, "git's ref lines");
}

/// The push the pre-commit framework describes in its environment, when it runs a pre-push
/// hook (it consumes git's stdin itself): the first pushed ref, from PRE_COMMIT_FROM_REF (the
/// remote's commit, unset on the first push of a new repository) to PRE_COMMIT_TO_REF (unset
/// then too: the local branch's tip). nullopt outside the framework's pre-push.
std::optional<qa::git::PushUpdate> framework_push(const qa::prepare::RunRequest& request) {
    const auto local = env("PRE_COMMIT_LOCAL_BRANCH");
    const auto remote = env("PRE_COMMIT_REMOTE_BRANCH");
    if (!local || !remote) {
        return std::nullopt;
    }
    qa::git::PushUpdate update;
    update.local_ref = *local;
    update.remote_ref = *remote;
    const auto to = env("PRE_COMMIT_TO_REF");
    update.local_sha = qa::orchestrator::resolve_commit(request, to.value_or(*local));
    // No FROM_REF: the framework found no commit of the push on the remote (a new repository),
    // so everything is sent, as for a new ref.
    update.remote_sha = env("PRE_COMMIT_FROM_REF").value_or(std::string(40, '0'));
    return update;
}

/// Fills in the request for a pre-push: git's own hook gives refs on stdin; the pre-commit
/// framework consumes stdin and describes the push in its environment instead.
void prepare_pre_push(qa::prepare::RunRequest& request,
                      const std::vector<std::string>& positional) {
    if (auto update = framework_push(request)) {
        // Judged as git's own pre-push judges it: every commit the push sends, each on its own.
        request.kind = qa::prepare::ChangeKind::pushed;
        request.remote = positional.size() >= 2 ? positional[1] : "origin";
        request.pushUpdates = {std::move(*update)};
        return;
    }
    // `pre-commit run --hook-stage push --from-ref A --to-ref B` (CI): the range A...B.
    const auto from = env("PRE_COMMIT_FROM_REF");
    const auto to = env("PRE_COMMIT_TO_REF");
    if (from && to) {
        request.kind = qa::prepare::ChangeKind::range;
        request.base = *from;
        request.head = *to;
        return;
    }
    if (positional.size() < 2) {
        throw UsageError("pre-push needs the remote name and URL git passes to the hook");
    }
    request.kind = qa::prepare::ChangeKind::pushed;
    request.remote = positional[1];
    request.pushUpdates = qa::git::parse_push_lines(read_hook_stdin());
}

/// A server-side pre-receive hook: "<old sha> <new sha> <ref>" lines on stdin. Each is judged as
/// a push of <ref> from <old> to <new>, against every ref the server already has.
void prepare_pre_receive(qa::prepare::RunRequest& request,
                         const std::vector<std::string>& positional) {
    if (positional.size() != 1) {
        throw UsageError("pre-receive takes no arguments (the refs come on stdin)");
    }
    request.kind = qa::prepare::ChangeKind::pushed;
    request.remote.clear();  // the receiving side: see git::pushed_changes
    request.pushUpdates = qa::git::parse_receive_lines(read_hook_stdin());
}

int run_hook(int argc, char** argv, const qa::orchestrator::RunControl& control) {
    const auto options = hook_options();
    const auto args = qa::util::parse_args("qa-skill-hook", options,
                                           std::vector<std::string>(argv + 1, argv + argc));
    if (args.help) {
        std::fputs(qa::util::usage_text(kUsage, options).c_str(), stdout);
        return qa::util::kExitPass;
    }
    if (args.flag("version")) {
        std::printf("%s\n", qa::util::version_line("qa-skill-hook").c_str());
        return qa::util::kExitPass;
    }
    const bool dry_run = args.flag("dry-run");
    const std::string format = args.value("format").value_or("text");
    if (format != "text" && format != "json" && format != "sarif") {
        throw UsageError("--format must be text, json or sarif, not \"" + format + "\"");
    }
    qa::prepare::RunRequest request;
    request.gitEnv = qa::git::GitEnv::from_process();
    request.execution = qa::prepare::ExecutionEnv::from_process();
    request.skipLensIds = qa::prepare::parse_skip(std::getenv(qa::prepare::kSkipVariable.data()));
    request.jobsOverride = args.positive_count("jobs");
    std::string action;
    const std::string hook = args.positional.empty() ? "" : args.positional[0];
    if (dry_run) {
        if (!hook.empty() && hook != "pre-commit") {
            throw UsageError("--dry-run runs the pre-commit check and takes no hook name");
        }
        request.kind = qa::prepare::ChangeKind::staged;
    } else if (hook == "pre-commit" && args.positional.size() > 1) {
        // File names come from the pre-commit framework (pass_filenames): git passes none.
        // `pre-commit run --all-files` or `--files` then audits those files, a commit its diff.
        request.kind = qa::prepare::ChangeKind::files;
        request.files.assign(args.positional.begin() + 1, args.positional.end());
        // git gives its commit hooks GIT_INDEX_FILE; `pre-commit run` by hand blocks nothing.
        action = env("GIT_INDEX_FILE") ? "commit" : "";
    } else if (hook == "pre-commit" || hook == "pre-merge-commit") {
        // pre-merge-commit: git runs it for a merge that needs no conflict resolution, with the
        // merge result in the index; it is judged as the commit it is.
        if (args.positional.size() != 1) {
            throw UsageError(hook + " takes no arguments");
        }
        request.kind = qa::prepare::ChangeKind::staged;
        action = hook == "pre-commit" ? "commit" : "merge";
    } else if (hook == "commit-msg") {
        // The message of the commit being made, before it exists: credentials only (fast).
        if (args.positional.size() != 2) {
            throw UsageError("commit-msg takes the message file git passes to the hook");
        }
        request.kind = qa::prepare::ChangeKind::message;
        request.message = qa::util::read_file(args.positional[1]);
        // The pre-commit hook just reported on this commit: this one speaks only when it blocks
        // (-v shows it), and its verdict is in the output rather than in a run folder.
        request.writeArtifacts = false;
        action = "commit";
    } else if (hook == "pre-push") {
        prepare_pre_push(request, args.positional);
        action = "push";
    } else if (hook == "pre-receive") {
        prepare_pre_receive(request, args.positional);
        action = "push";
    } else {
        throw UsageError(hook.empty() ? "which hook? " + std::string(kUsage)
                                      : "unknown hook \"" + hook + "\"");
    }

    // A hook's report goes to stderr (git shows it); a dry run's to stdout, after the plan.
    const int text_fd = dry_run ? STDOUT_FILENO : STDERR_FILENO;
    auto style = qa::report::style_from(args, text_fd, action);
    style.commitStagesEdits = action == "commit" && commit_stages_edits();
    style.serverSide = hook == "pre-receive";
    if (hook == "commit-msg" && style.verbosity == qa::report::Verbosity::normal) {
        style.verbosity = qa::report::Verbosity::quiet;
    }
    qa::orchestrator::RunControl logged = control;
    logged.log = qa::report::log_from(args);
    const auto report = [&] {
        const qa::report::Progress progress(
            request.kind == qa::prepare::ChangeKind::pushed ? "the push" : "the commit",
            style.verbosity != qa::report::Verbosity::quiet && qa::report::Progress::wanted());
        return qa::orchestrator::run(request, logged);
    }();
    if (dry_run && format == "text") {
        std::fputs(qa::report::plan_table(report).c_str(), stdout);
    }
    qa::report::print_report(report, format, style, dry_run ? stdout : stderr);
    return dry_run || report.passed() ? qa::util::kExitPass : qa::util::kExitFail;
}

}  // namespace

int main(int argc, char** argv) {
    // Every way out is an exit code: 0 PASS, 1 FAIL, 2 usage or config, 3 internal.
    return qa::orchestrator::guarded_main("qa-skill-hook",
                                          [&](qa::orchestrator::Failsafe& failsafe) {
                                              return run_hook(argc, argv, failsafe.control());
                                          });
}

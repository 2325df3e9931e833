#include "exec/phase_validate.hpp"

#include <algorithm>
#include <chrono>
#include <system_error>

#include "contracts/enums.hpp"
#include "exec/checkout.hpp"
#include "exec/exec_error.hpp"
#include "exec/language.hpp"
#include "exec/policy.hpp"
#include "exec/sandbox.hpp"
#include "exec/test_summary.hpp"
#include "exec/tree_manifest.hpp"
#include "git/error.hpp"
#include "git/libgit2.hpp"
#include "json/canonical.hpp"
#include "util/sha256.hpp"

namespace qa::exec {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using contracts::ErrorCode;

constexpr std::size_t kMaxIssueLines = 20;

enum class Kind { formatter, linter, build, tests };

/// One check as planned: its commands (with their ordinals) or why it has none.
struct PlannedCheck {
    Kind kind;
    CheckCommands commands;
    std::vector<std::int64_t> ordinals;
    bool skipped = false;
    std::string missing;  ///< no command: why (the check fails with it)
    std::string display() const {
        std::string out;
        for (const auto& argv : commands.commands) {
            out += (out.empty() ? "" : " && ") + display_command(argv);
        }
        return out;
    }
};

/// The outcome of all attempts of one check.
struct CheckRun {
    bool passed = false;
    std::int64_t retries = 0;
    std::int64_t timeMs = 0;
    std::vector<std::string> issues;
    std::optional<long> failing;
    bool failingUnreadable = false;
};

std::string strip(std::string text, const std::string& prefix) {
    for (auto pos = text.find(prefix); pos != std::string::npos; pos = text.find(prefix, pos)) {
        text.erase(pos, prefix.size());
    }
    return text;
}

/// The lines of a command's output worth showing: error lines for a build, all non-empty
/// lines otherwise, at most kMaxIssueLines, with the checkout's path taken out.
std::vector<std::string> output_lines(const CapturedRun& run, const fs::path& checkout,
                                      bool errors_only) {
    const std::string text =
        strip(strip(run.out.kept + "\n" + run.err.kept, checkout.string() + "/"),
              std::string(kSandboxWork) + "/");
    std::vector<std::string> all, errors;
    std::size_t start = 0;
    while (start < text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        std::string line = text.substr(start, end - start);
        start = end + 1;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos)
            continue;
        std::string lower = line;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (lower.find("error") != std::string::npos)
            errors.push_back(line);
        all.push_back(std::move(line));
    }
    auto& chosen = errors_only && !errors.empty() ? errors : all;
    if (chosen.size() > kMaxIssueLines)
        chosen.resize(kMaxIssueLines);
    return chosen;
}

const char* name_of(Kind k) {
    switch (k) {
        case Kind::formatter:
            return "formatter";
        case Kind::linter:
            return "linter";
        case Kind::build:
            return "build";
        case Kind::tests:
            return "tests";
    }
    return "";
}

PlannedCheck plan_check(Kind kind, const std::optional<std::string>& override_text,
                        const CheckCommands& defaults, bool skip,
                        const std::optional<Language>& language) {
    PlannedCheck c{kind, {}, {}, skip, {}};
    if (skip) {
        return c;
    }
    if (override_text) {
        c.commands.commands.push_back(split_command(*override_text));
        return c;
    }
    c.commands = defaults;
    if (c.commands.commands.empty()) {
        if (kind == Kind::build && language) {
            c.skipped = true;  // the language has no build step (seed: "or language has no build")
        } else {
            c.missing = std::string("no default ") + name_of(kind) + " command for " +
                        (language ? std::string(to_string(*language)) + " projects"
                                  : std::string("this project (language not detected)")) +
                        "; set " +
                        (kind == Kind::formatter ? "format_command"
                         : kind == Kind::linter  ? "lint_command"
                         : kind == Kind::build   ? "build_command"
                                                 : "test_command");
        }
    }
    return c;
}

class CheckRunner {
  public:
    CheckRunner(const Sandbox& sandbox, fs::path checkout, fs::path cwd, TreeManifest manifest,
                std::int64_t max_retries, contracts::ExecutionAudit& audit,
                util::CancellationToken cancel)
        : sandbox_(sandbox),
          cancel_(std::move(cancel)),
          checkout_(std::move(checkout)),
          cwd_(std::move(cwd)),
          manifest_(std::move(manifest)),
          max_retries_(max_retries),
          audit_(audit) {}

    CheckRun run(const PlannedCheck& check) {
        CheckRun result;
        for (std::int64_t attempt = 0;; ++attempt) {
            const auto start = Clock::now();
            auto outcomes = run_once(check);
            result.timeMs +=
                std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
            result.issues.clear();
            result.passed = judge(check, outcomes, result);
            if (result.passed || attempt >= max_retries_ || cancel_.cancelled()) {
                break;
            }
            ++result.retries;
        }
        return result;
    }

  private:
    std::vector<CommandOutcome> run_once(const PlannedCheck& check) {
        std::vector<CommandOutcome> outcomes;
        for (std::size_t i = 0; i < check.commands.commands.size(); ++i) {
            contracts::ExecutionCommandSpec spec;
            spec.ordinal = check.ordinals[i];
            spec.command = check.commands.commands[i];
            spec.purpose = name_of(check.kind);
            CommandOutcome outcome{spec, {}};
            try {
                outcome.run = sandbox_.run(spec.command, checkout_, cwd_, cancel_);
            } catch (const std::system_error& e) {
                throw ExecError(ErrorCode::EXECUTION_AUDIT_UNAVAILABLE,
                                std::string(name_of(check.kind)) + ": " + e.what());
            }
            audit_.commands.push_back(audit_entry(outcome));
            const bool failed = outcome_failure(outcome).has_value();
            outcomes.push_back(std::move(outcome));
            if (failed)
                break;
        }
        return outcomes;
    }

    bool judge(const PlannedCheck& check, const std::vector<CommandOutcome>& outcomes,
               CheckRun& result) {
        bool passed = true;
        for (const auto& o : outcomes) {
            const std::string cmd = display_command(o.spec.command);
            if (o.run.out.truncated() || o.run.err.truncated()) {
                result.issues.push_back(
                    "output of `" + cmd + "` truncated at " +
                    std::to_string(o.run.out.kept.size() + o.run.err.kept.size()) + " of " +
                    std::to_string(o.run.out.total + o.run.err.total) +
                    " bytes (all of it is hashed in the execution audit)");
            }
            const auto failure = outcome_failure(o);
            if (failure == ErrorCode::EXECUTION_TIMEOUT) {
                passed = false;
                result.issues.push_back(
                    "EXECUTION_TIMEOUT: `" + cmd + "` passed its " +
                    std::to_string(sandbox_.profile().profile.commandTimeoutMs) +
                    " ms timeout; its process group was killed");
                continue;
            }
            if (failure) {
                passed = false;
                result.issues.push_back(
                    "EXECUTION_EXIT_NONZERO: `" + cmd + "` " +
                    (o.run.exitCode ? "exited with " + std::to_string(*o.run.exitCode)
                                    : "was killed by signal " + std::to_string(o.run.signal)));
                for (auto& line : output_lines(o.run, checkout_, check.kind == Kind::build)) {
                    result.issues.push_back(std::move(line));
                }
            } else if (check.commands.outputIsFailure &&
                       (o.run.out.total > 0 || o.run.err.total > 0)) {
                passed = false;
                for (auto& line : output_lines(o.run, checkout_, false)) {
                    result.issues.push_back("File " + line + " is not formatted");
                }
            }
        }
        if (check.kind == Kind::formatter || check.kind == Kind::linter) {
            for (const auto& path : changed_paths(manifest_, checkout_)) {
                passed = false;
                result.issues.push_back("File " + path + " is changed by the " +
                                        name_of(check.kind) +
                                        " (it ran on a copy; your file is untouched)");
            }
        }
        if (check.kind == Kind::tests) {
            std::string all;
            for (const auto& o : outcomes)
                all += o.run.out.kept + "\n" + o.run.err.kept + "\n";
            result.failing = failing_test_count(all);
            result.failingUnreadable = !passed && !result.failing;
        }
        return passed;
    }

    const Sandbox& sandbox_;
    util::CancellationToken cancel_;
    fs::path checkout_;
    fs::path cwd_;
    TreeManifest manifest_;
    std::int64_t max_retries_;
    contracts::ExecutionAudit& audit_;
};

std::string execution_key(const PhaseInput& in) {
    json::Array files;
    for (const auto& f : in.changedFiles)
        files.emplace_back(f);
    const auto opt = [](const std::optional<std::string>& s) {
        return s ? json::Value(*s) : json::Value(nullptr);
    };
    return util::sha256_hex(
        json::canonical(json::Value(json::Object{{"phase", "phase-validation.v1"},
                                                 {"working_directory", in.workingDirectory},
                                                 {"changed_files", std::move(files)},
                                                 {"language", opt(in.language)},
                                                 {"format_command", opt(in.formatCommand)},
                                                 {"lint_command", opt(in.lintCommand)},
                                                 {"build_command", opt(in.buildCommand)},
                                                 {"test_command", opt(in.testCommand)},
                                                 {"max_retries", in.maxRetries},
                                                 {"skip_build", in.skipBuild},
                                                 {"skip_tests", in.skipTests}})));
}

}  // namespace

PhaseRun run_phase_validation(const PhaseInput& input, const PhaseEnv& env) {
    const auto started = Clock::now();
    const fs::path wd = fs::weakly_canonical(input.workingDirectory);
    const git::LibGit2 lib;
    std::optional<git::Repository> repo;
    try {
        repo.emplace(git::Repository::open(lib, wd, git::GitEnv::none()));
        if (repo->is_bare())
            repo.reset();
    } catch (const git::GitError&) {
        repo.reset();  // a plain directory: copied as it is
    }
    const fs::path root = repo ? fs::weakly_canonical(repo->root()) : wd;
    const fs::path rel = fs::relative(wd, root);

    // Refusals come first, before anything is written or run.
    const PhaseSettings settings = env.settings(root);
    require_trust(env.trust, root, settings.executionHash);
    const auto profile_id = env.profileOverride.value_or(settings.defaultPermissionProfile);
    const ExecProfile profile = resolve_profile(settings.permissionProfiles, profile_id);
    require_execution_allowed(kPhaseLensClass, settings.allowExecutionLensClasses, profile.profile);

    std::optional<Language> language;
    if (input.language) {
        language = parse_language(*input.language);
    } else {
        language = detect_language(wd);
    }
    const LanguageDefaults defaults =
        language ? language_defaults(*language, wd, input.changedFiles) : LanguageDefaults{};
    std::vector<PlannedCheck> checks = {
        plan_check(Kind::formatter, input.formatCommand, defaults.formatter, false, language),
        plan_check(Kind::linter, input.lintCommand, defaults.linter, false, language),
        plan_check(Kind::build, input.buildCommand, defaults.build, input.skipBuild, language),
        plan_check(Kind::tests, input.testCommand, defaults.tests, input.skipTests, language)};
    std::vector<contracts::ExecutionCommandSpec> specs;
    for (auto& c : checks) {
        if (c.skipped)
            continue;
        for (const auto& argv : c.commands.commands) {
            c.ordinals.push_back(static_cast<std::int64_t>(specs.size()) + 1);
            specs.push_back(
                {c.ordinals.back(), argv, contracts::CwdMode::ephemeral_worktree, name_of(c.kind)});
        }
    }
    checked_commands(specs, profile.profile);
    const Sandbox sandbox(profile, env.runner, env.commands);

    PhaseRun run;
    run.audit.permissionProfileId = profile.profile.profileId;
    const std::string key = execution_key(input);
    const std::string relative = execution_dir_relative(key, 0);
    run.audit.worktreePath = relative;
    {
        sweep_stale_execution_dirs(root);
        const ScratchDir dir(root / relative, root);
        if (repo) {
            snapshot_worktree(*repo, dir.path());
        } else {
            copy_directory(root, dir.path());
        }
        const fs::path cwd = rel == "." ? dir.path() : dir.path() / rel;
        std::error_code ec;
        fs::create_directories(cwd, ec);
        CheckRunner runner(sandbox, dir.path(), cwd, tree_manifest(dir.path()), input.maxRetries,
                           run.audit, env.cancel);
        for (const auto& c : checks) {
            CheckRun r;
            if (!c.skipped && c.missing.empty()) {
                r = runner.run(c);
            }
            const std::string status = c.skipped            ? "skipped"
                                       : !c.missing.empty() ? "fail"
                                       : r.passed           ? "pass"
                                                            : "fail";
            if (!c.missing.empty())
                r.issues.push_back(c.missing);
            if (c.kind == Kind::tests) {
                auto& t = run.output.tests;
                t.status = status;
                t.retryCount = r.retries;
                t.command = c.skipped ? "" : c.display();
                t.executionTimeMs = r.timeMs;
                t.failingCount = status == "fail" ? r.failing.value_or(0) : 0;
                if (r.failingUnreadable) {
                    run.notes.push_back(
                        "tests: the failing count could not be read from the "
                        "output of `" +
                        c.display() + "`; failing_count is 0");
                }
                for (const auto& issue : r.issues)
                    run.notes.push_back("tests: " + issue);
                continue;
            }
            CommandCheck& out = c.kind == Kind::formatter ? run.output.formatter
                                : c.kind == Kind::linter  ? run.output.linter
                                                          : run.output.build;
            out.status = status;
            out.retryCount = r.retries;
            out.command = c.skipped ? "" : c.display();
            out.executionTimeMs = r.timeMs;
            out.issues = status == "fail" ? r.issues : std::vector<std::string>{};
        }
    }
    if (env.reviews) {
        const PhaseReviews reviews = env.reviews(input, root, repo.has_value());
        run.output.codeReview = reviews.codeReview;
        run.output.securityReview = reviews.securityReview;
        run.output.criticalSecurityIssue = reviews.criticalSecurityIssue;
    }
    const auto ok = [](const std::string& s) { return s == "pass" || s == "skipped"; };
    const auto& o = run.output;
    run.output.status = ok(o.formatter.status) && ok(o.linter.status) && ok(o.build.status) &&
                                ok(o.tests.status) && ok(o.codeReview.status) &&
                                ok(o.securityReview.status) && !o.criticalSecurityIssue
                            ? "pass"
                            : "fail";
    run.output.executionTimeMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
    return run;
}

}  // namespace qa::exec

#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "git/push_refs.hpp"
#include "git/repository.hpp"
#include "prepare/execution_env.hpp"

namespace qa::prepare {

/// Which change a run checks.
enum class ChangeKind {
    staged,     ///< the index against HEAD (pre-commit, --dry-run)
    range,      ///< base...head (CI, `qa-skill run --base X --head Y`)
    all_files,  ///< every tracked file as added (onboarding, baselines)
    pushed,     ///< one run per pushed ref (pre-push)
    /// Named files (the pre-commit framework's file list): a file with staged changes is judged
    /// on its staged diff, any other named file of the index whole, so `pre-commit run
    /// --all-files` audits the tree while a commit judges what it changes.
    files,
    message,  ///< the commit-msg hook: RunRequest::message, for credentials only
    history,  ///< `qa-skill audit`: every commit of RunRequest::revision, for credentials only
};

/// Everything a run needs from its caller. Hooks and the CLI only fill this in.
struct RunRequest {
    std::filesystem::path startDir = ".";
    git::GitEnv gitEnv;
    ChangeKind kind = ChangeKind::staged;
    std::optional<std::string> base;  ///< --base (range), overrides config base_ref
    std::optional<std::string> head;  ///< --head (range); default HEAD
    std::string remote;               ///< pre-push: the remote's name or URL
    std::vector<git::PushUpdate> pushUpdates;
    std::vector<std::string> files;  ///< ChangeKind::files: repository-relative paths
    std::string message;             ///< ChangeKind::message: the message file's text
    std::string revision;            ///< ChangeKind::history: REV, A..B or --all
    std::optional<std::filesystem::path> configFile;    ///< --config: overrides the tree's config
    std::optional<contracts::RunMode> runModeOverride;  ///< --run-mode
    std::optional<std::size_t> jobsOverride;            ///< --jobs: host fact, not in SkillInput
    std::optional<std::vector<std::string>> lensIds;    ///< requestedLensIds
    /// QA_SKILL_SKIP: lenses left out of this run (never security or gate); the rest fill
    /// requestedLensIds, and the gate lens reports the skip as gate-weakened.
    std::vector<std::string> skipLensIds;
    bool writeArtifacts = true;
    /// --verify-determinism: replay each written run from its stored input and compare.
    bool verifyDeterminism = false;
    /// --input FILE: the normalized SkillInput the run was asked for; each target's repoId and
    /// configHash must be its own (exit 2 otherwise). `inputFile` names it in messages.
    std::optional<contracts::SkillInput> input;
    std::string inputFile;
    /// Execution lenses' environment (trust store, bubblewrap); nullopt offers no execution:
    /// their plans then fail with EXECUTION_DENIED. The binaries set it from the process.
    std::optional<ExecutionEnv> execution;
};

}  // namespace qa::prepare

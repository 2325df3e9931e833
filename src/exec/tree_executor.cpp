#include "exec/tree_executor.hpp"

#include <algorithm>

#include "contracts/enums.hpp"
#include "exec/checkout.hpp"
#include "exec/exec_error.hpp"

namespace qa::exec {

TreeExecutor::TreeExecutor(const git::LibGit2& lib, const git::Repository& repo, Settings settings,
                           RunnerEnv env, const dispatch::CommandRunner* commands)
    : lib_(lib), settings_(std::move(settings)), env_(std::move(env)), commands_(commands) {
    auto files = settings_.source == TreeSource::commit ? commit_files(repo, settings_.rev)
                                                        : index_files(repo);
    files_.insert(std::make_move_iterator(files.begin()), std::make_move_iterator(files.end()));
}

bool TreeExecutor::has_file(std::string_view path) const {
    return files_.find(path) != files_.end();
}

PlanExecution TreeExecutor::execute(const contracts::LensPlan& plan,
                                    contracts::PermissionProfileId profile_id,
                                    std::vector<contracts::ExecutionCommandSpec> commands,
                                    bool report_changed_files,
                                    const util::CancellationToken& cancel) const {
    if (settings_.denied) {
        throw ExecError(contracts::ErrorCode::EXECUTION_DENIED, *settings_.denied);
    }
    const auto profile =
        std::find_if(settings_.profiles.begin(), settings_.profiles.end(),
                     [&](const ExecProfile& p) { return p.profile.profileId == profile_id; });
    if (profile == settings_.profiles.end()) {
        throw ExecError(contracts::ErrorCode::EXECUTION_DENIED,
                        "permission profile " + std::string(contracts::to_string(profile_id)) +
                            " is not resolved in this run");
    }
    ExecutionRequest request;
    request.repoRoot = settings_.repoRoot;
    request.source = settings_.source;
    request.rev = settings_.rev;
    request.executionKey = settings_.executionKey;
    request.planOrdinal = plan.planOrdinal;
    request.lensClass = plan.lensClass;
    request.allowExecutionLensClasses = settings_.allowExecutionLensClasses;
    request.profile = *profile;
    request.commands = std::move(commands);
    request.reportChangedFiles = report_changed_files;
    // A handle of its own: libgit2 objects are not shared between the workers' threads. With
    // the run's git environment, so the index is the one being committed (GIT_INDEX_FILE).
    const auto repo = git::Repository::open(lib_, settings_.repoRoot, settings_.gitEnv);
    return execute_plan(repo, request, env_, ExecutionControl{commands_, cancel});
}

}  // namespace qa::exec

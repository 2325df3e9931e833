#include "orchestrator/execution_service.hpp"

#include <algorithm>

namespace qa::orchestrator {

std::unique_ptr<const exec::TreeExecutor> make_tree_executor(
    const git::LibGit2& lib, const git::Repository& repo, const git::GitEnv& git_env,
    const exec::ExecutionPolicy& policy, const std::optional<prepare::ExecutionEnv>& env,
    const input::RunInput& input, const std::vector<contracts::LensPlan>& plans,
    const prepare::TreeUnderTest& tree, const std::string& execution_key,
    const lenses::api::CommandRunner& commands, const log::Log* log) {
    const auto is_execution_lens = [&input](const std::string& lens_id) {
        const input::LensInput* lens = input.lens(lens_id);
        return lens != nullptr && lens->kind == input::LensKind::execution;
    };
    if (std::none_of(plans.begin(), plans.end(),
                     [&](const contracts::LensPlan& p) { return is_execution_lens(p.lensId); })) {
        return nullptr;
    }
    exec::TreeExecutor::Settings s;
    s.gitEnv = git_env;
    s.repoRoot = repo.root();
    if (tree.index()) {
        s.source = exec::TreeSource::index;
    } else {
        s.source = exec::TreeSource::commit;
        s.rev = *tree.commit;
    }
    s.executionKey = execution_key;
    s.log = log;
    s.allowExecutionLensClasses = policy.allowedClasses;
    for (const auto& p : plans) {
        if (is_execution_lens(p.lensId)) {
            s.executionPlanOrdinals.push_back(p.planOrdinal);
        }
    }
    s.profiles = policy.profiles;
    exec::RunnerEnv runner;
    if (!env) {
        s.denied = "this caller offers no command execution";
        runner.lookup = [](const std::string&) { return std::optional<std::string>(); };
    } else {
        runner = env->runner;
        s.denied = policy.untrusted;
    }
    return std::make_unique<const exec::TreeExecutor>(lib, repo, std::move(s), std::move(runner),
                                                      &commands);
}

}  // namespace qa::orchestrator

#include "orchestrator/execution_service.hpp"

#include <algorithm>

#include "contracts/enums.hpp"
#include "exec/exec_error.hpp"
#include "exec/profile.hpp"
#include "plan/registry.hpp"
#include "util/file.hpp"

namespace qa::orchestrator {
namespace {

bool is_execution_lens(const std::string& lens_id) {
    const auto& lenses = plan::builtin_registry().lenses;
    return std::any_of(lenses.begin(), lenses.end(), [&](const plan::LensEntry& e) {
        return e.lensId == lens_id && e.kind == input::LensKind::execution;
    });
}

}  // namespace

ExecutionEnv ExecutionEnv::from_process() {
    return ExecutionEnv{exec::TrustEnv::from_process(), exec::RunnerEnv::from_process()};
}

std::unique_ptr<const exec::TreeExecutor> make_tree_executor(
    const git::LibGit2& lib, const git::Repository& repo, const git::GitEnv& git_env,
    const config::Config& config, const std::optional<ExecutionEnv>& env,
    const std::vector<contracts::LensPlan>& plans, const TreeUnderTest& tree,
    const std::string& execution_key, const lenses::api::CommandRunner& commands,
    const log::Log* log) {
    if (std::none_of(plans.begin(), plans.end(),
                     [](const contracts::LensPlan& p) { return is_execution_lens(p.lensId); })) {
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
    s.allowExecutionLensClasses = config.allowExecutionLensClasses;
    for (const auto& p : plans) {
        if (is_execution_lens(p.lensId)) {
            s.executionPlanOrdinals.push_back(p.planOrdinal);
        }
    }
    for (const auto id :
         {contracts::PermissionProfileId::read_only, contracts::PermissionProfileId::exec_sandboxed,
          contracts::PermissionProfileId::exec_sandboxed_network_off}) {
        s.profiles.push_back(exec::resolve_profile(config, id));
    }
    exec::RunnerEnv runner;
    if (!env) {
        s.denied = "this caller offers no command execution";
        runner.lookup = [](const std::string&) { return std::optional<std::string>(); };
    } else {
        runner = env->runner;
        try {
            exec::require_trust(env->trust, repo.root(), config);
        } catch (const exec::ExecError& e) {
            s.denied = e.what();
        } catch (const util::IoError& e) {
            s.denied = std::string("the trust store cannot be read (") + e.what() +
                       "); execution needs 'qa-skill trust' (CI: QA_SKILL_TRUST=1)";
        }
    }
    return std::make_unique<const exec::TreeExecutor>(lib, repo, std::move(s), std::move(runner),
                                                      &commands);
}

}  // namespace qa::orchestrator

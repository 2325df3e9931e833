#include "orchestrator/execute.hpp"

#include <algorithm>

#include "dispatch/dispatcher.hpp"
#include "lenses/builtin.hpp"
#include "lenses/model/model_services.hpp"
#include "orchestrator/execution_service.hpp"
#include "util/error.hpp"

namespace qa::orchestrator {

Execution::Execution(const git::LibGit2& lib, const prepare::Prepared& prepared,
                     const RunControl& control)
    : lib_(lib), prepared_(prepared), control_(control), commands_(control.children, &control.log) {
    // Lenses that run a program of their own (external lenses) run in the sandbox, under the
    // run's execution policy (trust, classes, profiles), and like execution lenses only when
    // the caller offers execution (request.execution); without it the external lenses fail
    // with EXECUTION_DENIED.
    const auto& lenses = prepared.registry.lenses;
    const auto& execution = prepared.request.execution;
    if (execution && std::any_of(lenses.begin(), lenses.end(), [](const plan::LensEntry& lens) {
            return lens.kind == input::LensKind::external;
        })) {
        sandbox_.emplace(prepared.execution, prepared.repo.root(), execution->runner);
    }
}

Executed Execution::run(const prepare::PreparedTarget& target,
                        const std::vector<contracts::LensPlan>& plans,
                        const std::string& execution_key,
                        const lenses::api::ChangeSource& changes) const {
    const input::RunInput& input = target.input;
    lenses::api::Services services;
    services.commands = &commands_;
    services.clock = &clock_;
    services.sandbox = sandbox_ ? &*sandbox_ : nullptr;
    services.log = &control_.log;
    // Execution lenses run on this target's tree, in checkouts named by its key.
    const auto executor =
        make_tree_executor(lib_, prepared_.repo, prepared_.request.gitEnv, prepared_.execution,
                           prepared_.request.execution, input, plans, target.tree, execution_key,
                           commands_, &control_.log);
    services.execution = executor.get();
    // The model lenses of this change share one connection pool, budget ledger and cache.
    std::optional<lenses::model::ModelServices> models;
    if (lenses::model::has_model_plans(input, plans)) {
        std::optional<std::filesystem::path> cache;
        if (prepared_.artifactRoot) {
            cache = *prepared_.artifactRoot / "cache" / "model";
        }
        models.emplace(input, plans, cache, prepared_.teamCache, prepared_.keys, &control_.log);
        models->offer(services);
    }
    dispatch::DispatchOptions options;
    options.on_overdue = control_.onOverdueLens;
    const dispatch::Dispatcher dispatcher(prepared_.jobs,
                                          lenses::lens_lookup(input, prepared_.lenses), options);
    Executed out;
    out.results = dispatcher.run(plans, changes, input, services, control_.cancel);
    out.exactKeys = baseline::take_exact_keys(out.results);
    // An interrupted run decides nothing: its cancelled lenses are not findings.
    if (control_.cancel.cancelled()) {
        throw util::Interrupted();
    }
    if (models && !models->provenance().empty()) {
        out.provenance = models->provenance().to_json();
    }
    return out;
}

}  // namespace qa::orchestrator

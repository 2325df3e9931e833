#include "lenses/execution_commands.hpp"

#include "lenses/phase_plan.hpp"

namespace qa::lenses {

std::vector<contracts::ExecutionCommandSpec> execution_commands(const contracts::LensPlan& plan,
                                                                const input::LensInput& settings,
                                                                const exec::HasRootFile& has) {
    switch (settings.kind) {
        case input::LensKind::execution:
            return plan.lensId == "phase" ? phase_commands(plan, settings, has)
                                          : std::vector<contracts::ExecutionCommandSpec>{};
        case input::LensKind::external:
            if (settings.command.empty()) {
                return {};
            }
            return {{kExternalCommandOrdinal, settings.command, contracts::CwdMode::repo_root,
                     plan.lensId}};
        case input::LensKind::rule:
        case input::LensKind::model:
            return {};
    }
    return {};
}

}  // namespace qa::lenses

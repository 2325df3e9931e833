#pragma once

#include <optional>
#include <string>
#include <vector>

#include "contracts/types.hpp"
#include "exec/language.hpp"
#include "input/run_input.hpp"
#include "lenses/phase_options.hpp"

namespace qa::lenses {

/// The four checks of the phase lens, one per sub-lens.
enum class PhaseCheck { formatter, linter, build, tests };

/// The sub-lens id of `check` ("formatter", "linter", "build", "tests").
const char* to_string(PhaseCheck check);

/// The check a phase plan's sub-lens names; nullopt for any other sub-lens.
std::optional<PhaseCheck> phase_check_of(const std::optional<std::string>& sub_lens_id);

/// What one check runs, or why it runs nothing.
struct PlannedCheck {
    exec::CheckCommands commands;
    std::string skipped;  ///< why the check does not apply (skip_build, no build step)
    std::string missing;  ///< why it cannot run (no command): the lens fails
    std::string language;
};

/// The commands of `check`: the options' `*_command`, else the defaults of the language (the
/// options' `language`, else detected from the tree's root files through `has`).
PlannedCheck plan_phase_check(PhaseCheck check, const PhaseOptions& options,
                              const exec::HasRootFile& has,
                              const std::vector<std::string>& changed_files);

/// `planned`'s commands as the plan records them: ordinals from 1, run in a checkout of the
/// tree under test, for `purpose` (the sub-lens).
std::vector<contracts::ExecutionCommandSpec> command_specs(const PlannedCheck& planned,
                                                           const std::string& purpose);

/// The commands a phase plan will run (lenses/execution_commands.hpp): its check on the tree
/// `has` reads. Empty for a plan of no check, and for a check that is skipped, has no command
/// or whose options do not parse (the lens then says why).
std::vector<contracts::ExecutionCommandSpec> phase_commands(const contracts::LensPlan& plan,
                                                            const input::LensInput& settings,
                                                            const exec::HasRootFile& has);

}  // namespace qa::lenses

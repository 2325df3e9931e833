#pragma once

#include <cstdint>
#include <vector>

#include "contracts/types.hpp"
#include "exec/language.hpp"
#include "input/run_input.hpp"

namespace qa::lenses {

/// The ordinal of an external lens's one command, in its plan and in its execution audit.
inline constexpr std::int64_t kExternalCommandOrdinal = 1;

/// The commands a plan will run, known before anything runs: the plan step fills
/// LensPlan::executionCommands with them, so `qa-skill plan` and lens-plans.json show them.
/// An execution lens's (the phase lens's check, on the tree `has` reads: phase_commands), an
/// external lens's program (ordinal 1, run from the repository root in its sandbox); empty for
/// rule and model lenses, which run nothing.
std::vector<contracts::ExecutionCommandSpec> execution_commands(const contracts::LensPlan& plan,
                                                                const input::LensInput& settings,
                                                                const exec::HasRootFile& has);

}  // namespace qa::lenses

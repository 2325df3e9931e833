#pragma once

#include <functional>
#include <string>

#include "orchestrator/failsafe.hpp"

namespace qa::orchestrator {

/// The one main() of both binaries: installs the Failsafe before anything else, runs `body`
/// and turns everything that escapes into an exit code with one line on stderr: a util::Error
/// exits with its own class ("<program>: [<label>: ]<message>"), anything else with 3
/// ("<program>: internal error: ..."). A process interrupted by a signal exits 3 whatever
/// `body` returned.
int guarded_main(const std::string& program, const std::function<int(Failsafe&)>& body);

}  // namespace qa::orchestrator

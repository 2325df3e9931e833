#pragma once

#include "exec/runner.hpp"
#include "exec/trust.hpp"

namespace qa::prepare {

/// What execution lenses need from the process, read by the binaries (never by library code):
/// the trust store's location and override (QA_SKILL_TRUST) and bubblewrap's environment.
struct ExecutionEnv {
    exec::TrustEnv trust;
    exec::RunnerEnv runner;

    static ExecutionEnv from_process();
};

}  // namespace qa::prepare

#include "prepare/execution_env.hpp"

namespace qa::prepare {

ExecutionEnv ExecutionEnv::from_process() {
    return ExecutionEnv{exec::TrustEnv::from_process(), exec::RunnerEnv::from_process()};
}

}  // namespace qa::prepare

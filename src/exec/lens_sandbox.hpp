#pragma once

#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <variant>

#include "exec/execution_policy.hpp"
#include "exec/runner.hpp"
#include "lenses/api/services.hpp"

namespace qa::exec {

/// The run's CommandSandbox for lenses that run a program of their own (external lenses): the
/// same rules as execution lenses, from the run's ExecutionPolicy. The configuration must be
/// trusted, the lens's class must be in allow_execution_lens_classes and its profile not
/// read-only; the program runs in
/// bubblewrap with the repository read-only as its directory, a private /tmp, the profile's
/// environment and network, and the profile's output caps.
class LensSandbox final : public lenses::api::CommandSandbox {
  public:
    /// `policy` must outlive the sandbox.
    LensSandbox(const ExecutionPolicy& policy, std::filesystem::path repo_root, RunnerEnv env);

    std::variant<util::ProcessSpec, std::string> confine(const input::LensInput& lens,
                                                         util::ProcessSpec spec) const override;

  private:
    /// bwrap, found and probed once (a probe starts a sandbox) on first use.
    std::variant<std::filesystem::path, std::string> bwrap() const;

    const ExecutionPolicy& policy_;
    std::filesystem::path repoRoot_;
    RunnerEnv env_;
    mutable std::once_flag probed_;
    mutable std::variant<std::filesystem::path, std::string> bwrap_;
};

}  // namespace qa::exec

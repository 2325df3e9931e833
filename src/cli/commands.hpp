#pragma once

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "orchestrator/run_control.hpp"

namespace qa::cli {

/// A `qa-skill` subcommand: its arguments after the subcommand name; returns the exit code.
using CommandFn = std::function<int(const std::vector<std::string>& args)>;

struct Command {
    const char* name;
    const char* summary;
    CommandFn run;
};

/// A sub-subcommand (`qa-skill schema validate`): its name and entry.
struct Subcommand {
    const char* name;
    CommandFn run;
};

/// Runs the subcommand `args[0]` names with the rest of `args`; prints `usage` for none or help
/// (exit 2 or 0), throws UsageError naming `group` for an unknown one.
int run_subcommand(const char* group, const char* usage, std::initializer_list<Subcommand> table,
                   const std::vector<std::string>& args);

// One file per subcommand: cmd_<name>.cpp.
int run_schema(const std::vector<std::string>& args);
int run_install(const std::vector<std::string>& args);
int run_uninstall(const std::vector<std::string>& args);
/// `run` and `baseline` run lenses: they take the process's control (signals, children).
int run_run(const std::vector<std::string>& args, const orchestrator::RunControl& control);
int run_plan(const std::vector<std::string>& args);
int run_audit(const std::vector<std::string>& args, const orchestrator::RunControl& control);
/// `drift-check` replays stored runs: it takes the control like `run`.
int run_drift_check(const std::vector<std::string>& args, const orchestrator::RunControl& control);
int run_config(const std::vector<std::string>& args);
int run_rules(const std::vector<std::string>& args);
int run_fix(const std::vector<std::string>& args);
int run_baseline(const std::vector<std::string>& args, const orchestrator::RunControl& control);
int run_skill(const std::vector<std::string>& args);
int run_trust(const std::vector<std::string>& args);
int run_consistency_init(const std::vector<std::string>& args);
int run_consistency_approve(const std::vector<std::string>& args);
int run_cache(const std::vector<std::string>& args);
int run_phase_validate(const std::vector<std::string>& args,
                       const orchestrator::RunControl& control);

}  // namespace qa::cli

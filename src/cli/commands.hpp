#pragma once

#include <string>
#include <vector>

namespace qa::cli {

/// A `qa-skill` subcommand: its arguments after the subcommand name; returns the exit code.
using CommandFn = int (*)(const std::vector<std::string>& args);

struct Command {
    const char* name;
    const char* summary;
    CommandFn run;
};

// One file per subcommand: cmd_<name>.cpp.
int run_schema(const std::vector<std::string>& args);
int run_install(const std::vector<std::string>& args);
int run_uninstall(const std::vector<std::string>& args);
int run_run(const std::vector<std::string>& args);
int run_plan(const std::vector<std::string>& args);
int run_config(const std::vector<std::string>& args);
int run_baseline(const std::vector<std::string>& args);

}  // namespace qa::cli

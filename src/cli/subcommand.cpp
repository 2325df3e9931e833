// Dispatch of sub-subcommands (`qa-skill schema validate`), shared by the subcommands.
#include <cstdio>
#include <string>

#include "cli/commands.hpp"
#include "util/args.hpp"
#include "util/exit_code.hpp"

namespace qa::cli {

int run_subcommand(const char* group, const char* usage, std::initializer_list<Subcommand> table,
                   const std::vector<std::string>& args) {
    if (args.empty()) {
        std::fputs(usage, stderr);
        return util::kExitUsage;
    }
    const std::string& name = args.front();
    if (name == "--help" || name == "-h" || name == "help") {
        std::fputs(usage, stdout);
        return util::kExitPass;
    }
    for (const auto& sub : table) {
        if (name == sub.name) {
            return sub.run(std::vector<std::string>(args.begin() + 1, args.end()));
        }
    }
    throw util::UsageError("unknown " + std::string(group) + " subcommand '" + name + "'\n\n" +
                           usage);
}

}  // namespace qa::cli

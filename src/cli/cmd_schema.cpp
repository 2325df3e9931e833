#include "cli/commands.hpp"
#include "util/exit_code.hpp"

namespace qa::cli {

int run_schema(const std::vector<std::string>&) {
    return util::kExitInternal;
}

}  // namespace qa::cli

#include "orchestrator/main_guard.hpp"

#include <cstdio>
#include <exception>
#include <optional>

#include "util/error.hpp"
#include "util/exit_code.hpp"

namespace qa::orchestrator {

int guarded_main(const std::string& program, const std::function<int(Failsafe&)>& body) {
    std::optional<Failsafe> guard;
    try {
        guard.emplace(program);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: internal error: %s\n", program.c_str(), e.what());
        return util::kExitInternal;
    }
    Failsafe& failsafe = *guard;
    int code = util::kExitInternal;
    try {
        code = body(failsafe);
    } catch (const util::Error& e) {
        if (e.label().empty()) {
            std::fprintf(stderr, "%s: %s\n", program.c_str(), e.what());
        } else {
            std::fprintf(stderr, "%s: %s: %s\n", program.c_str(), e.label().c_str(), e.what());
        }
        code = e.exit_class();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: internal error: %s\n", program.c_str(), e.what());
        code = util::kExitInternal;
    } catch (...) {
        std::fprintf(stderr, "%s: internal error\n", program.c_str());
        code = util::kExitInternal;
    }
    std::fflush(stdout);
    std::fflush(stderr);
    return failsafe.interrupted() != 0 ? int{util::kExitInternal} : code;
}

}  // namespace qa::orchestrator

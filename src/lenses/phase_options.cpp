#include "lenses/phase_options.hpp"

#include <string>
#include <vector>

#include "exec/language.hpp"
#include "util/suggest.hpp"

namespace qa::lenses {

PhaseOptions parse_phase_options(const json::Value& options) {
    PhaseOptions out;
    if (!options.is_object()) {
        throw PhaseOptionsError("", "expected a table");
    }
    for (const auto& member : options.as_object()) {
        // Not structured bindings: clang before 16 cannot capture them in the lambdas below.
        const std::string& key = member.first;
        const json::Value& value = member.second;
        const auto text = [&]() -> std::string {
            if (!value.is_string()) {
                throw PhaseOptionsError(key, "expected a string");
            }
            return value.as_string();
        };
        const auto command = [&]() -> std::string {
            std::string t = text();
            try {
                exec::split_command(t);
            } catch (const std::invalid_argument& e) {
                throw PhaseOptionsError(key, e.what());
            }
            return t;
        };
        const auto flag = [&]() {
            if (!value.is_bool()) {
                throw PhaseOptionsError(key, "expected true or false");
            }
            return value.as_bool();
        };
        if (key == "language") {
            out.language = text();
            if (!exec::parse_language(*out.language)) {
                throw PhaseOptionsError(key, "unknown language \"" + *out.language + "\"");
            }
        } else if (key == "format_command") {
            out.formatCommand = command();
        } else if (key == "lint_command") {
            out.lintCommand = command();
        } else if (key == "build_command") {
            out.buildCommand = command();
        } else if (key == "test_command") {
            out.testCommand = command();
        } else if (key == "max_retries") {
            if (!value.is_integer() || value.as_integer() < 0 || value.as_integer() > 10) {
                throw PhaseOptionsError(key, "expected an integer from 0 to 10");
            }
            out.maxRetries = value.as_integer();
        } else if (key == "skip_build") {
            out.skipBuild = flag();
        } else if (key == "skip_tests") {
            out.skipTests = flag();
        } else {
            static const std::vector<std::string> kOptions = {
                "language",     "format_command", "lint_command", "build_command",
                "test_command", "max_retries",    "skip_build",   "skip_tests"};
            throw PhaseOptionsError(key,
                                    "unknown option" + util::did_you_mean(key, kOptions) +
                                        "; expected language, format_command, lint_command, "
                                        "build_command, test_command, max_retries, skip_build "
                                        "or skip_tests",
                                    true);
        }
    }
    return out;
}

}  // namespace qa::lenses

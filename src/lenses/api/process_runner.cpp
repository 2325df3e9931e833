#include <chrono>
#include <string>
#include <vector>

#include "lenses/api/services.hpp"

namespace qa::lenses::api {
namespace {

/// `argv` as one line a person can read and paste into a shell: words with anything but
/// [A-Za-z0-9_./=:,+@%-] in single quotes.
std::string command_line(const std::vector<std::string>& argv) {
    std::string out;
    for (const auto& word : argv) {
        const bool plain =
            !word.empty() && word.find_first_not_of(
                                 "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                 "0123456789_./=:,+@%-") == std::string::npos;
        std::string quoted = "'";
        for (const char c : word) {
            quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
        }
        out += (out.empty() ? "" : " ") + (plain ? word : quoted + "'");
    }
    return out;
}

}  // namespace

util::ProcessResult ProcessRunner::run(util::ProcessSpec spec,
                                       const util::CancellationToken& cancel) const {
    spec.cancel = cancel;
    spec.children = children_;
    if (log_ != nullptr) {
        log_->debug("command", [&] {
            return (spec.cwd.empty() ? std::string() : "in " + spec.cwd.string() + ": ") +
                   command_line(spec.argv);
        });
    }
    const auto started = std::chrono::steady_clock::now();
    util::ProcessResult result = util::run_process(spec);
    if (log_ != nullptr) {
        log_->debug("command", [&] {
            const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                std::chrono::steady_clock::now() - started)
                                .count();
            const std::string end = result.exit_code   ? "exit " + std::to_string(*result.exit_code)
                                    : result.timed_out ? "timed out"
                                    : result.cancelled ? "cancelled"
                                                       : "signal " + std::to_string(result.signal);
            return spec.argv.front() + ": " + end + ", " + std::to_string(ms) + " ms";
        });
    }
    return result;
}

}  // namespace qa::lenses::api

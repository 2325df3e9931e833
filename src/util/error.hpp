#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "util/exit_code.hpp"

namespace qa::util {

/// The base of every error the binaries expect to meet: it carries the exit code it ends the
/// process with (2 for bad usage, config or input; 3 for internal errors) and the label the
/// main wrapper prints before the message ("config error"). Anything else that escapes is an
/// internal error (exit 3). Expected failures inside a run (a lens that failed, HTTP 429, a
/// non-zero exit) are values, not exceptions.
class Error : public std::runtime_error {
  public:
    Error(ExitCode exit_class, const std::string& message, std::string_view label = {})
        : std::runtime_error(message), exit_class_(exit_class), label_(label) {}

    ExitCode exit_class() const noexcept { return exit_class_; }
    /// Printed as "<program>: <label>: <message>"; empty prints "<program>: <message>".
    const std::string& label() const noexcept { return label_; }

  private:
    ExitCode exit_class_;
    std::string label_;
};

/// Bad input the library meets that is not the configuration's (settings::ConfigError names file,
/// line and key): a revision that names no commit, a repository in a shape qa-skill cannot read,
/// unresolved conflicts. Exit 2 like a usage error, printed without a label; the command-line
/// parsers' own errors are util::UsageError (util/args.hpp), which the library does not throw.
class InputError : public Error {
  public:
    explicit InputError(const std::string& message) : Error(kExitUsage, message) {}
};

/// The run was cancelled (a signal) before it finished: nothing is decided, nothing written.
class Interrupted : public Error {
  public:
    Interrupted() : Error(kExitInternal, "the run was interrupted before it finished") {}
};

}  // namespace qa::util

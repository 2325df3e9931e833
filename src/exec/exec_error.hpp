#pragma once

#include <stdexcept>
#include <string>

#include "contracts/enums.hpp"

namespace qa::exec {

/// An execution that must not happen or could not: one of the seed's EXECUTION_* codes with a
/// message that says what to do about it.
class ExecError : public std::runtime_error {
  public:
    ExecError(contracts::ErrorCode code, const std::string& message)
        : std::runtime_error(message), code_(code) {}
    contracts::ErrorCode code() const { return code_; }

  private:
    contracts::ErrorCode code_;
};

}  // namespace qa::exec

#pragma once

#include "util/source_error.hpp"

namespace qa::rules {

/// A rules file that cannot be used: "file:line:col: rules[<id>].<key>: problem".
class RuleError : public util::SourceError {
  public:
    using util::SourceError::SourceError;
};

}  // namespace qa::rules

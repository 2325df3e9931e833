#pragma once

#include <stdexcept>
#include <string>

namespace qa::json {

/// A document that cannot be read or written as JSON. `pointer` is the RFC 6901 JSON pointer of
/// the offending value ("" for the whole document).
class Error : public std::runtime_error {
  public:
    Error(std::string pointer, const std::string& message)
        : std::runtime_error(pointer.empty() ? message : pointer + ": " + message),
          pointer_(std::move(pointer)) {}

    const std::string& pointer() const { return pointer_; }

  private:
    std::string pointer_;
};

/// Appends one reference token to a JSON pointer, escaping '~' and '/' as RFC 6901 requires.
std::string pointer_append(const std::string& pointer, std::string_view token);
std::string pointer_append(const std::string& pointer, std::size_t index);

}  // namespace qa::json

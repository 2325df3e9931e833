#pragma once

#include <string>

#include "json/value.hpp"

namespace qa::json {

/// `value` for people to read and review (a committed file): members sorted as canonical()
/// sorts them, two spaces per level, one member or element per line, every scalar in its
/// canonical form, and a final newline. Equal values give equal bytes. Throws what canonical()
/// throws.
std::string pretty(const Value& value);

}  // namespace qa::json

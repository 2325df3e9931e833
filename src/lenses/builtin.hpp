#pragma once

#include <string_view>

#include "dispatch/lens.hpp"

namespace qa::lenses {

/// The lens implementation built into the binary for `lens_id`, or nullptr when there is none
/// (model lenses without an adapter yet). The instances are immutable and live for the whole
/// process; their rule data is compiled on first use.
const dispatch::Lens* builtin_lens(std::string_view lens_id);

}  // namespace qa::lenses

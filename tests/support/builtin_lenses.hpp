#pragma once

// The built-in lenses for unit tests that run one lens directly: the catalog a run without
// rules files of its own builds (lenses::make_catalog over the built-in registry), compiled once
// per test process.

#include <string_view>

#include "lenses/builtin.hpp"
#include "plan/registry.hpp"

namespace qa::test {

/// The built-in lens `lens_id`, or nullptr when the catalog has none.
inline const lenses::api::Lens* builtin_lens(std::string_view lens_id) {
    static const auto catalog = lenses::make_catalog(plan::read_builtin_registry());
    return catalog->find(lens_id);
}

}  // namespace qa::test

#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "input/run_input.hpp"
#include "lenses/api/lens.hpp"
#include "lenses/catalog.hpp"
#include "plan/registry.hpp"
#include "rules/rule_set.hpp"

namespace qa::lenses {

/// The lens catalog of a run: each lens of `registry` (the built-in lenses) built by the engine
/// its entry declares, the rules engine's lenses from their embedded rules files and `extra` (a
/// repository's own rules files, `rules_files`) compiled together; their rules join the lens
/// each source names. For one run: the caller keeps it alive as long as a lens thread may use
/// it. Throws rules::RuleError.
std::shared_ptr<const Catalog> make_catalog(const plan::Registry& registry,
                                            std::span<const rules::RuleSource> extra = {});

/// The dispatcher's lookup for a run: in `catalog` (the run's, make_catalog), its external lens
/// for the lenses `input` declares external. `input` must outlive the lookup.
lenses::api::LensLookup lens_lookup(const input::RunInput& input,
                                    std::shared_ptr<const Catalog> catalog);

}  // namespace qa::lenses

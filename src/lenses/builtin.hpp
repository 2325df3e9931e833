#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "input/run_input.hpp"
#include "lenses/api/lens.hpp"
#include "lenses/catalog.hpp"
#include "rules/rule_set.hpp"

namespace qa::lenses {

/// The lens implementation built into the binary for `lens_id`, or nullptr when there is none
/// (model lenses without an adapter yet). The instances are immutable and live for the whole
/// process; their rule data is compiled on first use.
const lenses::api::Lens* builtin_lens(std::string_view lens_id);

/// The built-in catalog with `extra` rules files (a repository's own, `rules_files`) compiled
/// together with the embedded rules; their rules join the lens each source names. For one run: the
/// caller keeps it alive as long as a lens thread may use it. Throws rules::RuleError.
std::shared_ptr<const Catalog> catalog_with_rules(std::span<const rules::RuleSource> extra);

/// The dispatcher's lookup for a run: in `own` (the run's catalog with a repository's own rules,
/// lenses_for()) or, when null, the built-in catalog; the catalog's external lens for the
/// lenses `input` declares external. `input` must outlive the lookup.
lenses::api::LensLookup lens_lookup(const input::RunInput& input,
                                    std::shared_ptr<const Catalog> own);

}  // namespace qa::lenses

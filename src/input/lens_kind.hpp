#pragma once

#include <optional>
#include <string_view>

namespace qa::input {

/// How a lens is implemented (lenses/registry.v1.json `kind`, or `kind = "external"` in the
/// config): what the lens catalog builds it from, and what the planner and the run ask of a
/// lens's entry. Spelled as the registry spells it only at its edges (to_string,
/// lens_kind_from).
enum class LensKind { rule, model, execution, external };

std::string_view to_string(LensKind kind);
std::optional<LensKind> lens_kind_from(std::string_view text);

}  // namespace qa::input

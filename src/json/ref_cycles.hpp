#pragma once

#include "json/schema_set.hpp"

namespace qa::json {

/// Throws json::Error naming the chain when a subschema of `set` applies itself to the very
/// value it is checking through `$ref`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else` or
/// `dependencies` (`{"$ref": "#"}`, two definitions that refer to each other). Such a schema
/// never finishes: valijson recursed until the stack overflowed. Recursion through a part of
/// the value (`{"items": {"$ref": "#"}}`) ends with the value and is fine.
void check_ref_cycles(const SchemaSet& set);

}  // namespace qa::json

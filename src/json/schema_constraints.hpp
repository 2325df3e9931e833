#pragma once

namespace valijson {
class SchemaParser;
}

namespace qa::json {

/// Registers qa-skill's `format`, `multipleOf` and `pattern` constraints with `parser`, under
/// the keyword names of json/schema_keywords.hpp.
void add_custom_constraints(valijson::SchemaParser& parser);

}  // namespace qa::json

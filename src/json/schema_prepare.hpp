#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "json/value.hpp"

namespace qa::json {

/// One schema document rewritten for valijson: every `$ref` absolute
/// ("<document URI>#<pointer>"), identifiers renamed away, and `format`, `multipleOf` and
/// `pattern` renamed to qa-skill's own constraints (json/schema_keywords.hpp).
struct PreparedSchema {
    Value schema;                        ///< the rewritten document
    std::string text;                    ///< the same, as JSON text for valijson
    std::optional<std::string> root_id;  ///< the root's `$id`: absolute, without fragment
};

/// Prepares the schema document `text` whose URI is `uri`. Throws json::Error when the text is
/// not JSON.
PreparedSchema prepare_schema(std::string_view text, const std::string& uri);

/// The value at an RFC 6901 pointer (already %-decoded) inside `root`, or nullptr.
const Value* resolve_pointer(const Value& root, std::string_view pointer);

}  // namespace qa::json

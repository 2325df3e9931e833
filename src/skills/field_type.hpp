#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "json/value.hpp"

namespace qa::skills {

/// The types of seed 001's type system, plus `object[]`, which the seed's own example uses.
enum class FieldType { String, StringArray, Number, Boolean, Object, ObjectArray };

/// "string", "string[]", "number", "boolean", "object", "object[]".
std::string_view type_name(FieldType type);
std::optional<FieldType> parse_type(std::string_view name);
/// The type names, for messages: "string | string[] | number | boolean | object | object[]".
std::string_view type_names();

/// The name of a JSON value's type in the seed's words ("string", "number", "boolean", "object",
/// "string[]", "object[]", "array", "null").
std::string actual_type(const json::Value& value);

/// Seed 001's coercion table applied to `value` for a `type` input:
///   string    accepts any scalar (number, boolean) converted to its string form
///   string[]  accepts a single string (wrapped in an array); elements coerce as strings
///   number    accepts numeric strings (parsed as a JSON number)
///   boolean   accepts "true" / "false"
///   object    accepts a JSON string holding an object (parsed)
///   object[]  accepts an array whose elements coerce to objects
/// A value that already has the type comes back unchanged; nullopt when neither applies.
std::optional<json::Value> coerce(const json::Value& value, FieldType type);

/// True when `value` has `type` without coercion.
bool has_type(const json::Value& value, FieldType type);

/// Seed 001's chain compatibility matrix: may an output declared `source` feed an input declared
/// `target`? Same type; string[], object, object[], number, boolean into string; string into
/// string[]; object[] into object (the seed's "via array access"). `how` receives the note.
bool compatible(FieldType source, FieldType target, std::string* how = nullptr);

}  // namespace qa::skills

#pragma once

#include <algorithm>
#include <iterator>
#include <string_view>

// Keywords that schema preparation (schema_prepare.cpp) renames so that valijson leaves them to
// qa-skill's own constraints (schema_constraints.cpp), and the member that holds copies of
// `$ref` targets valijson cannot reach.

namespace qa::json {

/// valijson's own `format` check reads numbers and objects as strings and fails them.
inline constexpr std::string_view kFormatKeyword = "x-qa-format";
/// valijson's `multipleOf` compares a float remainder with machine epsilon, which fails for large
/// quotients (12391239123 is a multiple of 1e-8).
inline constexpr std::string_view kMultipleOfKeyword = "x-qa-multipleOf";
/// valijson matches `pattern` with std::regex, whose backtracking recurses once per character
/// (a 40 kB string overflows the stack) and is exponential on patterns such as `^(a+)+$`. RE2
/// matches in linear time.
inline constexpr std::string_view kPatternKeyword = "x-qa-pattern";
/// Targets of `$ref` pointers valijson cannot follow (it drops empty reference tokens) are
/// copied under this root member and the `$ref` pointed at the copy.
inline constexpr std::string_view kRefCopiesKeyword = "x-qa-ref-targets";

enum class Shape { Single, List, Map };

struct SubschemaKeyword {
    std::string_view name;
    Shape shape;
    /// The subschema applies to the same value as the schema holding it (`allOf`, `not`,
    /// `if`, ...), rather than to a part of it (`items`, `properties`, ...). A cycle of these
    /// (with `$ref`s) would apply a schema to one value forever.
    bool sameValue;
};

/// Where a draft-07 schema holds subschemas; `items` may also be a list.
inline constexpr SubschemaKeyword kSubschemaKeywords[] = {
    {"additionalItems", Shape::Single, false},
    {"additionalProperties", Shape::Single, false},
    {"contains", Shape::Single, false},
    {"else", Shape::Single, true},
    {"if", Shape::Single, true},
    {"items", Shape::Single, false},
    {"not", Shape::Single, true},
    {"propertyNames", Shape::Single, false},
    {"then", Shape::Single, true},
    {"allOf", Shape::List, true},
    {"anyOf", Shape::List, true},
    {"oneOf", Shape::List, true},
    {"definitions", Shape::Map, false},
    {"dependencies", Shape::Map, true},
    {"patternProperties", Shape::Map, false},
    {"properties", Shape::Map, false},
};

/// The subschema keyword `name`, or nullptr for any other member.
inline const SubschemaKeyword* subschema_keyword(std::string_view name) {
    const auto* kw = std::find_if(std::begin(kSubschemaKeywords), std::end(kSubschemaKeywords),
                                  [name](const SubschemaKeyword& k) { return k.name == name; });
    return kw == std::end(kSubschemaKeywords) ? nullptr : kw;
}

}  // namespace qa::json

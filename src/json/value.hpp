#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace qa::json {

class Value;
/// What a Value holds, in the order of its variant's alternatives. Declared before the aliases
/// below: inside Value, GCC's -Wshadow took the enumerators for shadows of Array and Object.
enum class ValueKind { Null, Bool, Integer, Number, String, Array, Object };
using Array = std::vector<Value>;
/// Members in insertion order; the canonical writer sorts them, so order here never leaks out.
using Object = std::vector<std::pair<std::string, Value>>;

/// A JSON document in memory: the common currency between contracts, artifacts and hashing.
/// Integers and non-integral numbers are kept apart so counts never pass through a double.
class Value {
  public:
    using Kind = ValueKind;

    Value() = default;
    Value(std::nullptr_t) {}
    Value(bool b) : v_(b) {}
    Value(int i) : v_(static_cast<std::int64_t>(i)) {}
    Value(std::int64_t i) : v_(i) {}
    Value(double d) : v_(d) {}
    Value(std::string s) : v_(std::move(s)) {}
    Value(std::string_view s) : v_(std::string(s)) {}
    Value(const char* s) : v_(std::string(s)) {}
    Value(Array a) : v_(std::move(a)) {}
    Value(Object o) : v_(std::move(o)) {}

    Kind kind() const { return static_cast<Kind>(v_.index()); }
    bool is_null() const { return kind() == Kind::Null; }
    bool is_bool() const { return kind() == Kind::Bool; }
    bool is_integer() const { return kind() == Kind::Integer; }
    /// True for integers and for non-integral numbers alike.
    bool is_number() const { return kind() == Kind::Integer || kind() == Kind::Number; }
    bool is_string() const { return kind() == Kind::String; }
    bool is_array() const { return kind() == Kind::Array; }
    bool is_object() const { return kind() == Kind::Object; }

    bool as_bool() const { return std::get<bool>(v_); }
    std::int64_t as_integer() const { return std::get<std::int64_t>(v_); }
    /// Any number as a double (integers converted).
    double as_double() const;
    const std::string& as_string() const { return std::get<std::string>(v_); }
    const Array& as_array() const { return std::get<Array>(v_); }
    Array& as_array() { return std::get<Array>(v_); }
    const Object& as_object() const { return std::get<Object>(v_); }
    Object& as_object() { return std::get<Object>(v_); }

    /// The member `key` of an object, or nullptr when absent (or when this is not an object).
    const Value* find(std::string_view key) const;

    friend bool operator==(const Value& a, const Value& b);

  private:
    std::variant<std::nullptr_t, bool, std::int64_t, double, std::string, Array, Object> v_;
};

/// Name of a kind as used in error messages ("string", "integer", ...).
std::string_view kind_name(Value::Kind kind);

}  // namespace qa::json

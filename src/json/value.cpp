#include "json/value.hpp"

#include <algorithm>

namespace qa::json {

double Value::as_double() const {
    if (kind() == Kind::Integer) {
        return static_cast<double>(std::get<std::int64_t>(v_));
    }
    return std::get<double>(v_);
}

const Value* Value::find(std::string_view key) const {
    if (!is_object()) {
        return nullptr;
    }
    for (const auto& [k, v] : as_object()) {
        if (k == key) {
            return &v;
        }
    }
    return nullptr;
}

bool operator==(const Value& a, const Value& b) {
    // Numbers compare by value across the integer/number split, as JSON has one number type.
    if (a.is_number() && b.is_number() && a.kind() != b.kind()) {
        return a.as_double() == b.as_double();
    }
    if (a.is_object() && b.is_object()) {
        const auto& x = a.as_object();
        const auto& y = b.as_object();
        if (x.size() != y.size()) {
            return false;
        }
        return std::all_of(x.begin(), x.end(), [&](const auto& member) {
            const Value* other = b.find(member.first);
            return other != nullptr && *other == member.second;
        });
    }
    return a.v_ == b.v_;
}

std::string_view kind_name(Value::Kind kind) {
    switch (kind) {
        case Value::Kind::Null:
            return "null";
        case Value::Kind::Bool:
            return "boolean";
        case Value::Kind::Integer:
            return "integer";
        case Value::Kind::Number:
            return "number";
        case Value::Kind::String:
            return "string";
        case Value::Kind::Array:
            return "array";
        case Value::Kind::Object:
            return "object";
    }
    return "unknown";
}

}  // namespace qa::json

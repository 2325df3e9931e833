#include "contracts/io/read.hpp"

#include <cmath>

#include "json/canonical.hpp"
#include "json/error.hpp"

namespace qa::contracts::io {
namespace {

/// A short rendering of a value for messages: scalars as JSON, containers by kind.
std::string describe(const json::Value& v) {
    switch (v.kind()) {
        case json::Value::Kind::Null:
            return "null";
        case json::Value::Kind::Bool:
            return v.as_bool() ? "true" : "false";
        case json::Value::Kind::Integer:
            return std::to_string(v.as_integer());
        case json::Value::Kind::Number:
            return std::isfinite(v.as_double()) ? json::format_number(v.as_double()) : "NaN";
        case json::Value::Kind::String: {
            constexpr std::size_t kMax = 64;
            const std::string& s = v.as_string();
            return "\"" + (s.size() > kMax ? s.substr(0, kMax) + "..." : s) + "\"";
        }
        case json::Value::Kind::Array:
            return "an array";
        case json::Value::Kind::Object:
            return "an object";
    }
    return "?";
}

/// 2^53: the largest magnitude up to which every integer is a double, as JSON numbers are.
constexpr double kMaxExactInteger = 9007199254740992.0;

}  // namespace

Field item(const Field& array, std::size_t index, const json::Value& value) {
    return {value, json::pointer_append(array.pointer, index),
            array.name + "[" + std::to_string(index) + "]"};
}

void fail(const Field& f, const std::string& expected) {
    throw json::Error(f.pointer, f.name + ": expected " + expected +
                                     (f.nullable ? " or null" : "") + ", got " + describe(f.value));
}

Members::Members(const Field& f, std::string_view type,
                 std::initializer_list<std::string_view> names,
                 std::initializer_list<std::string_view> optional_names)
    : field_(f) {
    if (!f.value.is_object()) {
        fail(f, "an object (" + std::string(type) + ")");
    }
    const json::Object& members = f.value.as_object();
    for (std::size_t i = 0; i < members.size(); ++i) {
        const std::string& key = members[i].first;
        const std::string at = json::pointer_append(f.pointer, key);
        bool known = false;
        for (const std::string_view n : names) {
            known = known || n == key;
        }
        for (const std::string_view n : optional_names) {
            known = known || n == key;
        }
        if (!known) {
            throw json::Error(at, f.name + ": unknown field \"" + key + "\" (" + std::string(type) +
                                      " is a closed object)");
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (members[j].first == key) {
                throw json::Error(at, f.name + ": duplicate field \"" + key + "\"");
            }
        }
    }
    for (const std::string_view n : names) {
        if (f.value.find(n) == nullptr) {
            throw json::Error(json::pointer_append(f.pointer, n),
                              f.name + ": missing required field \"" + std::string(n) + "\" (" +
                                  std::string(type) + ")");
        }
    }
}

bool Members::has(std::string_view name) const {
    return field_.value.find(name) != nullptr;
}

Field Members::operator[](std::string_view name) const {
    return {*field_.value.find(name), json::pointer_append(field_.pointer, name),
            field_.name + "." + std::string(name)};
}

std::string read_string(const Field& f) {
    if (!f.value.is_string()) {
        fail(f, "a string");
    }
    return f.value.as_string();
}

bool read_bool(const Field& f) {
    if (!f.value.is_bool()) {
        fail(f, "a boolean");
    }
    return f.value.as_bool();
}

std::int64_t read_integer(const Field& f, std::optional<std::int64_t> minimum) {
    const std::string expected =
        minimum ? "an integer >= " + std::to_string(*minimum) : std::string("an integer");
    std::int64_t i = 0;
    if (f.value.is_integer()) {
        i = f.value.as_integer();
    } else if (f.value.is_number() && std::isfinite(f.value.as_double()) &&
               std::trunc(f.value.as_double()) == f.value.as_double() &&
               std::fabs(f.value.as_double()) <= kMaxExactInteger) {
        i = static_cast<std::int64_t>(f.value.as_double());
    } else {
        fail(f, expected);
    }
    if (minimum && i < *minimum) {
        fail(f, expected);
    }
    return i;
}

double read_cost(const Field& f) {
    if (!f.value.is_number() || !std::isfinite(f.value.as_double()) || f.value.as_double() < 0) {
        fail(f, "a number >= 0");
    }
    return f.value.as_double();
}

std::string read_hash(const Field& f) {
    const auto is_hex = [](const std::string& s) {
        if (s.size() != 64) {
            return false;
        }
        for (const char c : s) {
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    };
    if (!f.value.is_string() || !is_hex(f.value.as_string())) {
        fail(f, "a SHA-256 digest (64 lowercase hex digits)");
    }
    return f.value.as_string();
}

std::string read_literal(const Field& f, std::string_view literal) {
    if (!f.value.is_string() || f.value.as_string() != literal) {
        fail(f, "the literal \"" + std::string(literal) + "\"");
    }
    return f.value.as_string();
}

double read_literal_number(const Field& f, double literal) {
    if (!f.value.is_number() || f.value.as_double() != literal) {
        fail(f, "the literal " + json::format_number(literal));
    }
    return f.value.as_double();
}

std::vector<std::string> read_strings(const Field& f) {
    return read_array(f, read_string);
}

std::optional<std::string> read_opt_string(const Field& f) {
    return nullable<std::string>(f, read_string);
}

std::optional<std::int64_t> read_opt_integer(const Field& f, std::optional<std::int64_t> min) {
    return nullable<std::int64_t>(f, [&](const Field& g) { return read_integer(g, min); });
}

std::optional<double> read_opt_cost(const Field& f) {
    return nullable<double>(f, read_cost);
}

}  // namespace qa::contracts::io

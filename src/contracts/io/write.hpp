#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "contracts/enums.hpp"
#include "contracts/json_io.hpp"
#include "json/value.hpp"

/// The pieces every contract type's writer (to_json) is made of.
namespace qa::contracts::io {

template <class E>
json::Value enum_value(E e) {
    return json::Value(to_string(e));
}

inline json::Value opt_string(const std::optional<std::string>& s) {
    return s ? json::Value(*s) : json::Value();
}

inline json::Value opt_integer(const std::optional<std::int64_t>& i) {
    return i ? json::Value(*i) : json::Value();
}

inline json::Value opt_number(const std::optional<double>& d) {
    return d ? json::Value(*d) : json::Value();
}

inline json::Value strings(const std::vector<std::string>& list) {
    return json::Array(list.begin(), list.end());
}

template <class E>
json::Value enums(const std::vector<E>& list) {
    json::Array out;
    out.reserve(list.size());
    for (const E e : list) {
        out.push_back(enum_value(e));
    }
    return out;
}

template <class T>
json::Value objects(const std::vector<T>& list) {
    json::Array out;
    out.reserve(list.size());
    for (const T& item : list) {
        out.push_back(to_json(item));
    }
    return out;
}

}  // namespace qa::contracts::io

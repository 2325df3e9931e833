#include "json/parse.hpp"

#include <simdjson.h>

#include <string>

#include "json/big_integers.hpp"
#include "json/error.hpp"

namespace qa::json {
namespace {

Value convert(simdjson::dom::element element) {
    using simdjson::dom::element_type;
    switch (element.type()) {
        case element_type::NULL_VALUE:
            return Value();
        case element_type::BOOL:
            return Value(bool(element.get_bool().value_unsafe()));
        case element_type::INT64:
            return Value(std::int64_t(element.get_int64().value_unsafe()));
        case element_type::UINT64:
            // Above INT64_MAX: JSON has one number type, keep its magnitude as a double.
            return Value(static_cast<double>(element.get_uint64().value_unsafe()));
        case element_type::DOUBLE:
            return Value(double(element.get_double().value_unsafe()));
        case element_type::STRING:
            return Value(std::string_view(element.get_string().value_unsafe()));
        case element_type::ARRAY: {
            Array items;
            const simdjson::dom::array array = element.get_array().value_unsafe();
            for (simdjson::dom::element item : array) {
                items.push_back(convert(item));
            }
            return Value(std::move(items));
        }
        case element_type::OBJECT: {
            Object members;
            const simdjson::dom::object object = element.get_object().value_unsafe();
            for (simdjson::dom::key_value_pair field : object) {
                members.emplace_back(std::string(field.key), convert(field.value));
            }
            return Value(std::move(members));
        }
    }
    return Value();
}

}  // namespace

Value parse(std::string_view text) {
    simdjson::dom::parser parser;
    simdjson::dom::element root;
    auto error = parser.parse(simdjson::padded_string(text)).get(root);
    if (error == simdjson::NUMBER_ERROR) {
        // An integer beyond simdjson's range: read it as the double it denotes.
        if (const auto widened = widen_big_integers(text)) {
            error = parser.parse(simdjson::padded_string(*widened)).get(root);
        }
    }
    if (error != simdjson::SUCCESS) {
        throw Error("", std::string("not valid JSON: ") + simdjson::error_message(error));
    }
    return convert(root);
}

}  // namespace qa::json

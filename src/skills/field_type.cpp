#include "skills/field_type.hpp"

#include <cctype>

#include "json/canonical.hpp"
#include "json/error.hpp"
#include "json/parse.hpp"

namespace qa::skills {
namespace {

struct TypeName {
    FieldType type;
    std::string_view name;
};
constexpr TypeName kTypes[] = {
    {FieldType::String, "string"}, {FieldType::StringArray, "string[]"},
    {FieldType::Number, "number"}, {FieldType::Boolean, "boolean"},
    {FieldType::Object, "object"}, {FieldType::ObjectArray, "object[]"},
};

/// `text` parsed as JSON when it is exactly one JSON value with no surrounding space.
std::optional<json::Value> parse_json_text(const std::string& text) {
    if (text.empty() || std::isspace(static_cast<unsigned char>(text.front())) ||
        std::isspace(static_cast<unsigned char>(text.back()))) {
        return std::nullopt;
    }
    try {
        return json::parse(text);
    } catch (const json::Error&) {
        return std::nullopt;
    }
}

std::optional<json::Value> to_string_value(const json::Value& value) {
    switch (value.kind()) {
        case json::Value::Kind::String:
            return value;
        case json::Value::Kind::Integer:
            return json::Value(std::to_string(value.as_integer()));
        case json::Value::Kind::Number:
            return json::Value(json::format_number(value.as_double()));
        case json::Value::Kind::Bool:
            return json::Value(value.as_bool() ? "true" : "false");
        default:
            return std::nullopt;
    }
}

std::optional<json::Value> to_object_value(const json::Value& value) {
    if (value.is_object()) {
        return value;
    }
    if (value.is_string()) {
        auto parsed = parse_json_text(value.as_string());
        if (parsed && parsed->is_object()) {
            return parsed;
        }
    }
    return std::nullopt;
}

}  // namespace

std::string_view type_name(FieldType type) {
    for (const auto& t : kTypes) {
        if (t.type == type) {
            return t.name;
        }
    }
    return "?";
}

std::optional<FieldType> parse_type(std::string_view name) {
    for (const auto& t : kTypes) {
        if (t.name == name) {
            return t.type;
        }
    }
    return std::nullopt;
}

std::string_view type_names() {
    return "string | string[] | number | boolean | object | object[]";
}

std::string actual_type(const json::Value& value) {
    switch (value.kind()) {
        case json::Value::Kind::Null:
            return "null";
        case json::Value::Kind::Bool:
            return "boolean";
        case json::Value::Kind::Integer:
        case json::Value::Kind::Number:
            return "number";
        case json::Value::Kind::String:
            return "string";
        case json::Value::Kind::Object:
            return "object";
        case json::Value::Kind::Array: {
            const auto& items = value.as_array();
            if (items.empty()) {
                return "array";
            }
            bool strings = true;
            bool objects = true;
            for (const auto& item : items) {
                strings = strings && item.is_string();
                objects = objects && item.is_object();
            }
            return strings ? "string[]" : objects ? "object[]" : "array";
        }
    }
    return "unknown";
}

bool has_type(const json::Value& value, FieldType type) {
    switch (type) {
        case FieldType::String:
            return value.is_string();
        case FieldType::Number:
            return value.is_number();
        case FieldType::Boolean:
            return value.is_bool();
        case FieldType::Object:
            return value.is_object();
        case FieldType::StringArray:
        case FieldType::ObjectArray:
            if (!value.is_array()) {
                return false;
            }
            for (const auto& item : value.as_array()) {
                if (type == FieldType::StringArray ? !item.is_string() : !item.is_object()) {
                    return false;
                }
            }
            return true;
    }
    return false;
}

std::optional<json::Value> coerce(const json::Value& value, FieldType type) {
    switch (type) {
        case FieldType::String:
            return to_string_value(value);
        case FieldType::StringArray: {
            if (value.is_string()) {
                return json::Value(json::Array{value});
            }
            if (!value.is_array()) {
                return std::nullopt;
            }
            json::Array out;
            for (const auto& item : value.as_array()) {
                auto s = to_string_value(item);
                if (!s) {
                    return std::nullopt;
                }
                out.push_back(std::move(*s));
            }
            return json::Value(std::move(out));
        }
        case FieldType::Number: {
            if (value.is_number()) {
                return value;
            }
            if (value.is_string()) {
                auto parsed = parse_json_text(value.as_string());
                if (parsed && parsed->is_number()) {
                    return parsed;
                }
            }
            return std::nullopt;
        }
        case FieldType::Boolean:
            if (value.is_bool()) {
                return value;
            }
            if (value.is_string() &&
                (value.as_string() == "true" || value.as_string() == "false")) {
                return json::Value(value.as_string() == "true");
            }
            return std::nullopt;
        case FieldType::Object:
            return to_object_value(value);
        case FieldType::ObjectArray: {
            if (!value.is_array()) {
                return std::nullopt;
            }
            json::Array out;
            for (const auto& item : value.as_array()) {
                auto o = to_object_value(item);
                if (!o) {
                    return std::nullopt;
                }
                out.push_back(std::move(*o));
            }
            return json::Value(std::move(out));
        }
    }
    return std::nullopt;
}

bool compatible(FieldType source, FieldType target, std::string* how) {
    const auto note = [&](const char* text) {
        if (how != nullptr) {
            *how = text;
        }
        return true;
    };
    if (source == target) {
        return note("direct pass");
    }
    if (target == FieldType::String) {
        switch (source) {
            case FieldType::StringArray:
                return note("join or first element");
            case FieldType::Object:
            case FieldType::ObjectArray:
                return note("serialize to JSON");
            case FieldType::Number:
                return note("convert to string");
            case FieldType::Boolean:
                return note("\"true\" or \"false\"");
            default:
                break;
        }
    }
    if (source == FieldType::String && target == FieldType::StringArray) {
        return note("wrap in array");
    }
    if (source == FieldType::ObjectArray && target == FieldType::Object) {
        return note("via array access");
    }
    return false;
}

}  // namespace qa::skills

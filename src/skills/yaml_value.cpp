#include "skills/yaml_value.hpp"

#include <re2/re2.h>

#include <cerrno>
#include <cstdlib>

namespace qa::skills {

std::optional<json::Value> scalar_value(const YamlNode& node) {
    if (node.is_null()) {
        return json::Value(nullptr);
    }
    if (!node.is_scalar()) {
        return std::nullopt;
    }
    const std::string& s = node.scalar;
    if (node.quoted) {
        return json::Value(s);
    }
    if (s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL") {
        return json::Value(nullptr);
    }
    if (s == "true" || s == "True" || s == "TRUE") {
        return json::Value(true);
    }
    if (s == "false" || s == "False" || s == "FALSE") {
        return json::Value(false);
    }
    static const RE2 kInteger("[-+]?[0-9]+");
    static const RE2 kFloat(R"([-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?)");
    if (RE2::FullMatch(s, kInteger)) {
        errno = 0;
        char* end = nullptr;
        const long long v = std::strtoll(s.c_str(), &end, 10);
        if (errno == 0) {
            return json::Value(static_cast<std::int64_t>(v));
        }
    }
    if (RE2::FullMatch(s, kFloat)) {
        return json::Value(std::strtod(s.c_str(), nullptr));
    }
    return json::Value(s);
}

json::Value to_json(const YamlNode& node) {
    switch (node.kind) {
        case YamlNode::Kind::Sequence: {
            json::Array out;
            for (const auto& item : node.items) {
                out.push_back(to_json(item));
            }
            return json::Value(std::move(out));
        }
        case YamlNode::Kind::Map: {
            json::Object out;
            for (std::size_t i = 0; i < node.keys.size(); ++i) {
                out.emplace_back(node.keys[i], to_json(node.items[i]));
            }
            return json::Value(std::move(out));
        }
        default:
            return *scalar_value(node);
    }
}

}  // namespace qa::skills
